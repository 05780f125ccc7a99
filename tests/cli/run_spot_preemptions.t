$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml --set run.tokens=50e9 --set cost.rate=spot --set cost.spot_preemption.node_mtbp=100h
# exit 0
