$ simtrain scenarios/16xA100_llama_65b_tp8_pp2.yaml --set strategy=ddp --set parallel.recompute=selective
# exit 2
--set strategy=ddp: error: 'strategy': strategy ddp leaves the parallel: block behind, and its recompute: selective (attention's s^2 part recomputed) has no counterpart under ddp, which recomputes whole blocks or none: add --set activation_checkpointing=true (every block) or =false (none)
