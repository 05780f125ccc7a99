$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --set parallel.tp=128
# exit 2
--set parallel.tp=128: error: 'parallel.tp': tp x pp x cp = 256 does not divide the job's 16 GPUs
