$ simtrain compare --profile tests/data/profile/bert_large_8gpu_synthetic.json scenarios/dgx_a100_bert_large.yaml
# exit 0
simtrain compare: tests/data/profile/bert_large_8gpu_synthetic.json (GPU 0, 3 steps from gpu_user_annotation, 121 kernels a step) against scenario DGX A100, BERT-Large DDP (simulated on NVIDIA A100-SXM4-40GB)
  device: not checked: the trace has no deviceProperties (the GPU it ran on is not recorded)
  per step                measured       simulated     error
  step                  172.000 ms      165.175 ms     -4.0%
  compute               170.000 ms      161.771 ms     -4.8%
  exposed comm            0.000 ms        1.456 ms         -
  idle                    2.000 ms        1.948 ms     -2.6%
  comm (all)             17.000 ms       17.141 ms     +0.8%
  kernels by kind (summed; simulated: the ops alone on the GPU, other = compute minus the two)
  GEMM/conv              90.000 ms       79.511 ms    -11.7%
  attention              50.000 ms       43.792 ms    -12.4%
  other                  30.000 ms       38.468 ms    +28.2%
  NCCL                   17.000 ms
