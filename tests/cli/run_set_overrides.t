$ simtrain scenarios/8xA100_pcie_switch.yaml --set system=topologies/hgx_a100_4gpu.yaml --set model=llama2_7b --set batch_per_gpu=1 --set optimizer=adamw --set precision=amp_bf16
# exit 0
simtrain: 8x A100 PCIe switch, ResNet-50 DDP
  Llama-2-7B DDP on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB), 1 node)
  batch 1/GPU x 1 micro-batch, amp_bf16, adamw, 6.74 B params, 162 buckets, all-reduce ring/Simple
  --set system=topologies/hgx_a100_4gpu.yaml
  --set model=llama2_7b
  --set batch_per_gpu=1
  --set optimizer=adamw
  --set precision=amp_bf16

Step time      1029.73 ms   (mean of 3 steps after 1 warm-up)
  compute      1023.30 ms   99.4%   GEMM/conv/attention  84.2% of it
  exposed comm    6.44 ms    0.6%   (communication 264.92 ms,  97.6% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   4 samples/s, 15,911 tokens/s
  per GPU    183.6 TFLOP/s achieved, MFU  58.8%
Scaling       99.4% of 4 x one GPU (one GPU: 1023.30 ms/step)
Memory/GPU   199.0 GiB of 80.0 GiB  OUT OF MEMORY, peak in "fwd b32"
  weights 25.1, gradients 25.1, optimizer_state 50.2, ddp_buckets 25.1, cuda_context_workspace 0.8, activations 50.8, amp_weight_copies 12.6, allocator_slack 9.5 (GiB)
Busiest links
   25.2%  gpu0 -> gpu1 (nvlink3 x4)
   25.2%  gpu1 -> gpu0 (nvlink3 x4)
   25.2%  gpu0 -> gpu3 (nvlink3 x4)
   25.2%  gpu3 -> gpu0 (nvlink3 x4)
   25.2%  gpu1 -> gpu2 (nvlink3 x4)
Energy       3109 W, 3.2 kJ/step; cost $0.0022/step
  run of 45,000 steps: 12.87 h, 40.0 kWh, $97.48
Verdict      compute-bound: GPUs compute  99.4% of each step; exposed communication   0.6%, data stall   0.0%; and it does NOT fit in GPU memory
