$ simtrain scenarios/1x4090_sd_unet.yaml
# exit 0
simtrain: 1x RTX 4090, SD UNet fine-tuning
  Stable Diffusion v1.5 UNet DDP on 1 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 4/GPU x 1 micro-batch, amp_fp16, adamw, 860 M params

Step time       142.89 ms   (mean of 2 steps after 1 warm-up)
  compute       142.89 ms  100.0%   GEMM/conv/attention  61.9% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   28 samples/s
  per GPU    67.9 TFLOP/s achieved, MFU  41.1%
Memory/GPU   19.7 GiB of 24.0 GiB, peak in "fwd b38"
  weights 3.2, gradients 3.2, optimizer_state 6.4, cuda_context_workspace 0.8, activations 3.6, amp_weight_copies 1.6, allocator_slack 0.9 (GiB)
Energy       800 W, 0.1 kJ/step; cost $0.0000/step
Verdict      compute-bound: GPUs compute 100.0% of each step; exposed communication   0.0%, data stall   0.0%
