$ simtrain collective dgx_a100 -b 1M -e 1M -f 4abc
# exit 2
simtrain: error: '-f': expected a number > 1, got '4abc'
