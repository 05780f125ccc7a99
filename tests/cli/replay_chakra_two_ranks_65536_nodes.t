$ simtrain replay tests/data/chakra/two_ranks --system dgx_a100 --nodes 65536
# exit 0
Chakra trace tests/data/chakra/two_ranks (2 ranks, schema version 0.0.4) on DGX A100 (8x A100-SXM4-40GB) x 1 node(s), NVIDIA A100-SXM4-40GB
  nodes built      1 of the 65,536 given (--nodes): the 2 ranks take 1 node; the others would carry none of the trace's traffic
  compute times    as traced (6 nodes with a duration), GPU not recorded in the trace: not rescaled to this system's NVIDIA A100-SXM4-40GB
  nodes read       12 (6 GPU compute, 2 CPU ops, 2 timed from num_ops by the cost model)
  iteration time   14.403 ms

  rank  gpu                      end         gpu busy    cpu busy    comm        exposed comm
  0     gpu0                     14.403 ms   14.009 ms   0.030 ms    0.389 ms    0.363 ms
  1     gpu1                     14.403 ms   14.009 ms   0.030 ms    0.389 ms    0.363 ms

  communication    calls   bytes (per call, summed)   busy
  ALL_REDUCE       1       67.11 MB                   0.363 ms
  SEND/RECV        1       1.05 MB                    0.026 ms

  critical path (5 nodes; the last 5 shown, end time, where, node)
    2.000 ms  rank 0  forward
    13.509 ms  rank 0  backward
    13.873 ms  2 ranks  all_reduce grads
    14.373 ms  rank 0  optimizer
    14.403 ms  rank 0  host: loss.item()

  not simulated:
    nodes of zero time (METADATA/INVALID nodes, compute without duration or num_ops): 0
    attributes and fields read but not used (name: nodes):
      rf_id: 2
  engine: 10 tasks, 12 events
