$ simtrain tests/data/attack/warmup_10000.yaml
# exit 2
tests/data/attack/warmup_10000.yaml:7:15: error: 'warmup_steps': this run would take about 62.1 M engine tasks (10003 steps, warm-up included, x 1 micro-batch(es) x 8 GPUs x 776 tasks per pass), more than the 50 M a run may take; lower warmup_steps, steps, grad_accumulation or nodes
    warmup_steps: 10000
                  ^
