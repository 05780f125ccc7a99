$ simtrain scenarios/4xdgx_a100_llama2_13b_hsdp.yaml --set cost.rate=spot
# exit 0
