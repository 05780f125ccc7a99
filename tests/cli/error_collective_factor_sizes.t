$ simtrain collective dgx_a100 -b 1K -e 1G -f 1.0000001
# exit 2
simtrain: error: '-f': a factor of 1.0000001 gives more than 1024 sizes from -b to -e; use a larger one
