$ simtrain collective dgx_a10 -b 1M -e 1M
# exit 2
simtrain: error: 'system': no system file 'dgx_a10' (looked in the current folder and in topologies/ of the data path: topologies (source tree, development build)) (did you mean 'dgx_a100'?)
