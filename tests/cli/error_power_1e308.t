$ simtrain scenarios/8xA100_pcie_switch.yaml --set 'energy.node_overhead=1e308 W'
# exit 2
--set energy.node_overhead=1e308 W: error: 'energy.node_overhead': '1e308 W' is more power than a data centre draws (at most 1 GW)
