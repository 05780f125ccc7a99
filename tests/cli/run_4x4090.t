$ simtrain scenarios/4x4090_workstation_resnet50.yaml
# exit 0
simtrain: 4x RTX 4090 workstation, ResNet-50 DDP
  ResNet-50 DDP on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 192/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce ring/Simple

Step time       152.77 ms   (mean of 3 steps after 1 warm-up)
  compute       152.20 ms   99.6%   GEMM/conv/attention  33.3% of it
  exposed comm    0.58 ms    0.4%   (communication 5.78 ms,  90.0% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   5,027 samples/s
  per GPU    31.1 TFLOP/s achieved, MFU  18.8%
Scaling       99.6% of 4 x one GPU (one GPU: 152.20 ms/step)
Memory/GPU   9.2 GiB of 24.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, activations 7.6, amp_weight_copies 0.0, allocator_slack 0.4 (GiB)
Busiest links
    3.6%  gpu0 -> cpu0 (pcie4x16)
    3.6%  cpu0 -> gpu0 (pcie4x16)
    3.6%  gpu1 -> cpu0 (pcie4x16)
    3.6%  cpu0 -> gpu1 (pcie4x16)
    3.6%  gpu2 -> cpu0 (pcie4x16)
Energy       2144 W, 0.3 kJ/step; cost $0.0001/step
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.4%, data stall   0.0%
