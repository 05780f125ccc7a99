$ simtrain calibrate --profile tests/data/profile/bert_large_1gpu_synthetic.json --scenario scenarios/dgx_a100_bert_large.yaml --set gpus_per_node=1 --set system=dgx1_v100 -o /tmp/simtrain_cli_fit_bound.yaml && cat /tmp/simtrain_cli_fit_bound.yaml
# exit 0
simtrain calibrate --profile: 8 rounds; GEMM efficiency x1.2500, attention x1.6667, memory x2.0000
  step: measured 172.000 ms, simulated 331.812 ms before (+92.9%), 268.276 ms after (+56.0%)
  compute: measured 170.000 ms, simulated 329.868 ms before (+94.0%), 266.332 ms after (+56.7%)
  device: not checked: the trace has no deviceProperties (the GPU it ran on is not recorded)
  not fitted: host dispatch and per-step costs (the software profile), communication, idle
  warning: the GEMM main-loop efficiency fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the measured GEMMs ran faster than the model's peak: another GPU, clock or precision than the scenario's?)
  warning: the attention efficiency fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the measured attention ran faster than the model's peak)
  warning: the memory efficiency (HBM and the vector rate) fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the other kernels moved less than the model counts, e.g. unfused ops that were fused)
# simtrain calibration file: the compute model fitted to a PyTorch profiler trace by
# `simtrain calibrate --profile` (sim/drive/profile_fit.hpp). A scenario uses it with
# `calibration: THIS_FILE`; its compute block replaces topologies/compute.yaml's figures for this GPU.
# Scales applied to the scenario GPU's figures: GEMM x1.2500, attention x1.6667, memory x2.0000.
# warning: the GEMM main-loop efficiency fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the measured GEMMs ran faster than the model's peak: another GPU, clock or precision than the scenario's?)
# warning: the attention efficiency fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the measured attention ran faster than the model's peak)
# warning: the memory efficiency (HBM and the vector rate) fitted at its upper bound 1.0: the data do not determine it; the value is the bound, not a measurement (the other kernels moved less than the model counts, e.g. unfused ops that were fused)
gpu: "Tesla V100-SXM2-32GB"
catalog_key: v100_sxm2_32gb
measured:
  tool: "simtrain calibrate --profile"
  note: "fitted to tests/data/profile/bert_large_1gpu_synthetic.json (3 steps on GPU 0, gpu_user_annotation) with scenario DGX A100, BERT-Large DDP"
compute:
  gemm_by_precision:
    fp16: {max: 1.000000, at: 8192x8192x8192}
  flash_attention: {max: 1.000000, half_size: 0.5 GFLOP}
  attention: {max: 1.000000, half_size: 0.5 GFLOP}
  memory: 1.000000
  vector: {max: 1.000000}
