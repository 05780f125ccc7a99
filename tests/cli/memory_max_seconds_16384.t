$ simtrain memory scenarios/16384xH100_llama3_405b_tp8_pp16.yaml --max-seconds 0.01
# exit 7
simtrain: stopped at the --max-seconds limit (0.01 s), 4095 events or tasks into one run; no figures (simulate fewer steps or GPUs, or give more time)
