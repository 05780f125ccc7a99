$ simtrain compare --profile tests/data/profile/bert_large_1gpu_h100_synthetic.json scenarios/dgx_a100_bert_large.yaml --set gpus_per_node=1 --set system=dgx_h100
# exit 0
simtrain compare: tests/data/profile/bert_large_1gpu_h100_synthetic.json (GPU 0, 3 steps from gpu_user_annotation, 120 kernels a step) against scenario DGX A100, BERT-Large DDP (simulated on NVIDIA H100 80GB HBM3)
  device: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.6 GiB; deviceProperties, id 0): the scenario's GPU family (H100)
  per step                measured       simulated     error
  step                  172.000 ms       67.530 ms    -60.7%
  compute               170.000 ms       65.481 ms    -61.5%
  exposed comm            0.000 ms        0.000 ms         -
  idle                    2.000 ms        2.049 ms     +2.4%
  comm (all)              0.000 ms        0.000 ms         -
  kernels by kind (summed; simulated: the ops alone on the GPU, other = compute minus the two)
  GEMM/conv              90.000 ms       29.180 ms    -67.6%
  attention              50.000 ms       20.379 ms    -59.2%
  other                  30.000 ms       15.922 ms    -46.9%
  NCCL                    0.000 ms
