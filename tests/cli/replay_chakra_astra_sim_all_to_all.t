$ simtrain replay tests/data/chakra/astra_sim_all_to_all_8npus_1MB --system dgx_a100
# exit 0
Chakra trace tests/data/chakra/astra_sim_all_to_all_8npus_1MB (8 ranks, schema version 0.0.4) on DGX A100 (8x A100-SXM4-40GB) x 1 node(s), NVIDIA A100-SXM4-40GB
  compute times    none given by the trace
  nodes read       8 (0 GPU compute, 0 CPU ops, 0 timed from num_ops by the cost model)
  iteration time   0.023 ms

  rank  gpu                      end         gpu busy    cpu busy    comm        exposed comm
  0     gpu0                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  1     gpu1                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  2     gpu2                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  3     gpu3                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  4     gpu4                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  5     gpu5                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  6     gpu6                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms
  7     gpu7                     0.023 ms    0.000 ms    0.000 ms    0.023 ms    0.023 ms

  communication    calls   bytes (per call, summed)   busy
  ALL_TO_ALL       1       1.05 MB                    0.023 ms

  critical path (1 nodes; the last 1 shown, end time, where, node)
    0.023 ms  8 ranks  all_to_all_8npus_1MB

  not simulated:
    nodes of zero time (METADATA/INVALID nodes, compute without duration or num_ops): 0
    attributes: none
  engine: 1 tasks, 57 events
