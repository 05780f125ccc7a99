$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --set parallel.pp=3
# exit 2
--set parallel.pp=3: error: 'parallel.pp': tp x pp x cp = 24 does not divide the job's 16 GPUs
