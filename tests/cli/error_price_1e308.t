$ simtrain scenarios/8xA100_pcie_switch.yaml --set 'cost.gpu_hour=$1e308'
# exit 2
--set cost.gpu_hour=$1e308: error: 'cost.gpu_hour': '$1e308' is more money than any cluster costs (at most $1e12)
