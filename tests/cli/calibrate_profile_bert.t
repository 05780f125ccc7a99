$ simtrain calibrate --profile tests/data/profile/bert_large_1gpu_synthetic.json --scenario scenarios/dgx_a100_bert_large.yaml --set gpus_per_node=1 -o /tmp/simtrain_cli_fit_golden.yaml
# exit 0
simtrain calibrate --profile: 4 rounds; GEMM efficiency x0.8827, attention x1.0000, memory x0.9670
  step: measured 172.000 ms, simulated 158.722 ms before (-7.7%), 171.816 ms after (-0.1%)
  compute: measured 170.000 ms, simulated 156.774 ms before (-7.8%), 169.872 ms after (-0.1%)
  device: not checked: the trace has no deviceProperties (the GPU it ran on is not recorded)
  not fitted: host dispatch and per-step costs (the software profile), communication, idle
  note: attention is memory-bound in the model (its score passes through HBM): its time follows the memory efficiency, fitted to it and the other kernels together; 45.284 ms simulated against 50.000 ms measured
