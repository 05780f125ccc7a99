$ simtrain validation/scenarios/nemo_dgxh100.yaml --set model=mixtral_8x7b --set nodes=8 --set grad_accumulation=16 --set parallel.tp=1 --set parallel.pp=4 --set parallel.virtual_stages=8 --set parallel.ep=16 --set parallel.sequence_parallel=false
# exit 2
--set parallel.ep=16: error: 'parallel.ep': op 'h.0.moe.experts.fc1' (expert_column): experts 8 is not a multiple of 16
