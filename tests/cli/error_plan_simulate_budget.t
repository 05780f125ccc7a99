$ simtrain plan scenarios/16xA100_llama_65b_tp8_pp2.yaml --set nodes=16 --set grad_accumulation=512 --simulate 64
# exit 2
simtrain: error: '--simulate': the 64 best layouts would take more than the 10 M engine tasks a plan may simulate: 4 of the best fit within it; give --simulate 4
