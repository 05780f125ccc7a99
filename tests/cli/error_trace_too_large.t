$ simtrain scenarios/128xA100_gpt175b_fsdp.yaml --steps 100 --trace /tmp/simtrain_golden_trace_never_written.json
# exit 2
simtrain: error: '--steps': the Chrome trace (--trace) of this run would take about 1.86 GB (101 steps, warm-up included, x 18.5 MB a step), more than the 1 GB a trace may take; a trace needs a few steps: simulate at most 53 (e.g. --steps 10)
