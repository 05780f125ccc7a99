$ simtrain scenarios/16384xH100_llama3_405b_tp8_pp16.yaml --max-seconds 1 2>&1 | sed -E 's/[0-9]+ events/N events/'; exit ${PIPESTATUS[0]}
# exit 7
simtrain: stopped at the --max-seconds limit (1 s), N events or tasks into one run; no figures (simulate fewer steps or GPUs, or give more time)
