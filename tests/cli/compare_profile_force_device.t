$ simtrain compare --profile tests/data/profile/bert_large_1gpu_h100_synthetic.json scenarios/dgx_a100_bert_large.yaml --set gpus_per_node=1 --force-device
# exit 0
simtrain compare: tests/data/profile/bert_large_1gpu_h100_synthetic.json (GPU 0, 3 steps from gpu_user_annotation, 120 kernels a step) against scenario DGX A100, BERT-Large DDP (simulated on NVIDIA A100-SXM4-40GB)
  device: the trace ran on NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.6 GiB; deviceProperties, id 0); the scenario's system DGX A100 (8x A100-SXM4-40GB) has NVIDIA A100-SXM4-40GB (--force-device): the measured figures are another GPU's
  per step                measured       simulated     error
  step                  172.000 ms      158.722 ms     -7.7%
  compute               170.000 ms      156.774 ms     -7.8%
  exposed comm            0.000 ms        0.000 ms         -
  idle                    2.000 ms        1.948 ms     -2.6%
  comm (all)              0.000 ms        0.000 ms         -
  kernels by kind (summed; simulated: the ops alone on the GPU, other = compute minus the two)
  GEMM/conv              90.000 ms       79.511 ms    -11.7%
  attention              50.000 ms       43.792 ms    -12.4%
  other                  30.000 ms       33.470 ms    +11.6%
  NCCL                    0.000 ms
