$ simtrain scenarios/8xA100_pcie_switch.yaml
# exit 0
simtrain: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50 DDP on 8 x NVIDIA A100 80GB PCIe (8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs, 1 node)
  batch 256/GPU x 1 micro-batch, amp_fp16, sgd, 25.6 M params, 5 buckets, all-reduce hierarchical/Simple

Step time       106.81 ms   (mean of 3 steps after 1 warm-up)
  compute       106.09 ms   99.3%   GEMM/conv/attention  33.5% of it
  exposed comm    0.73 ms    0.7%   (communication 7.06 ms,  89.7% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   19,174 samples/s
  per GPU    59.3 TFLOP/s achieved, MFU  19.0%
Scaling       99.3% of 8 x one GPU (one GPU: 106.09 ms/step)
Memory/GPU   11.9 GiB of 80.0 GiB, peak in "fwd b16"
  weights 0.1, gradients 0.1, optimizer_state 0.1, ddp_buckets 0.1, cuda_context_workspace 0.8, activations 10.1, amp_weight_copies 0.0, allocator_slack 0.6 (GiB)
Busiest links
    4.0%  cpu0 (root complex transit)
    4.0%  cpu1 (root complex transit)
    3.5%  plx0 -> cpu0 (pcie4x16)
    3.5%  cpu0 -> plx0 (pcie4x16)
    3.5%  plx1 -> cpu1 (pcie4x16)
Energy       4141 W, 0.4 kJ/step; cost $0.0004/step
  run of 45,000 steps: 1.34 h, 5.5 kWh, $19.89
Verdict      compute-bound: GPUs compute  99.3% of each step; exposed communication   0.7%, data stall   0.0%
