$ simtrain tests/data/attack/nodes_65536.yaml
# exit 2
tests/data/attack/nodes_65536.yaml:6:8: error: 'nodes': this run would take about 734 M engine tasks (4 steps, warm-up included, x 1 micro-batch(es) x 524288 GPUs x 350 tasks per pass), more than the 50 M a run may take; lower warmup_steps, steps, grad_accumulation or nodes
    nodes: 65536
           ^
