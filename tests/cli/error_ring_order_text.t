$ simtrain collective pcie_switch_8gpu --ring-order 0,2,4,6,1,3,5,7x -b 1M -e 1M
# exit 2
simtrain: error: '--ring-order': expected auto, given, or a comma-separated list of GPU indices; got '7x' in '0,2,4,6,1,3,5,7x'
