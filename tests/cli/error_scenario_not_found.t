$ simtrain 8xA100_pcie_swtch.yaml
# exit 2
simtrain: error: no scenario '8xA100_pcie_swtch.yaml' (looked in the current folder and in scenarios/ of the data path: scenarios (source tree, development build)) (did you mean '8xA100_pcie_switch.yaml'?)
