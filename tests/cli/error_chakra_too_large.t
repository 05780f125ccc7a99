$ simtrain scenarios/4x4090_gpt2_1.5b_fsdp.yaml --steps 10000 --chakra /tmp/simtrain_golden_chakra_never_written
# exit 2
simtrain: error: '--steps': the Chakra files (--chakra) of this run would take about 1.71 GB (10001 steps, warm-up included, x 0.171 MB a step), more than the 1 GB a trace may take; a trace needs a few steps: simulate at most 5858 (e.g. --steps 10)
