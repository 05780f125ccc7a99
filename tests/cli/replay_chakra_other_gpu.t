$ simtrain replay tests/data/chakra/two_ranks_a100 --system dgx_h100
# exit 0
Chakra trace tests/data/chakra/two_ranks_a100 (2 ranks, schema version 0.0.4) on DGX H100 (8x H100 SXM5) x 1 node(s), NVIDIA H100 80GB HBM3
  compute times    as traced (6 nodes with a duration) on NVIDIA A100-SXM4-40GB (the trace's simtrain_gpu), NOT rescaled to this system's NVIDIA H100 80GB HBM3 (simtrain has no rule that carries a kernel's time to another GPU): the iteration time mixes the traced GPU's compute with this system's communication
  nodes read       12 (6 GPU compute, 2 CPU ops, 2 timed from num_ops by the cost model)
  iteration time   6.699 ms

  rank  gpu                      end         gpu busy    cpu busy    comm        exposed comm
  0     gpu0                     6.699 ms    6.431 ms    0.030 ms    0.264 ms    0.239 ms
  1     gpu1                     6.699 ms    6.431 ms    0.030 ms    0.264 ms    0.239 ms

  communication    calls   bytes (per call, summed)   busy
  ALL_REDUCE       1       67.11 MB                   0.239 ms
  SEND/RECV        1       1.05 MB                    0.026 ms

  critical path (5 nodes; the last 5 shown, end time, where, node)
    2.000 ms  rank 0  forward
    5.931 ms  rank 0  backward
    6.169 ms  2 ranks  all_reduce grads
    6.669 ms  rank 0  optimizer
    6.699 ms  rank 0  host: loss.item()

  not simulated:
    nodes of zero time (METADATA/INVALID nodes, compute without duration or num_ops): 0
    attributes and fields read but not used (name: nodes):
      rf_id: 2
  engine: 10 tasks, 12 events
