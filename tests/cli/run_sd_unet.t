$ simtrain scenarios/1x4090_sd_unet.yaml
# exit 0
simtrain: 1x RTX 4090, SD UNet fine-tuning
  Stable Diffusion v1.5 UNet DDP on 1 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 1 node)
  batch 4/GPU x 1 micro-batch, amp_fp16, adamw, 860 M params
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       178.91 ms   (mean of 2 steps after 1 warm-up)
  compute       175.73 ms   98.2%   GEMM/conv/attention  65.1% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            3.18 ms    1.8%   (waiting for the host to issue kernels)
Throughput   22.4 samples/s
  per GPU    54.2 TFLOP/s achieved, MFU  32.8%
Memory/GPU   19.5 GiB of 24.0 GiB, peak in "fwd b38"
  weights 3.2, gradients 3.2, optimizer_state 6.4, cuda_context_workspace 0.8, input_batch 0.0, activations 3.5, amp_weight_copies 1.6, allocator_slack 0.9 (GiB)
Energy       792 W, 0.1 kJ/step: 1 GPU x 442 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.0000248/step, own $0.0000226/step; headline own (cost.basis)
  rent       1 GPU x $0.5/GPU-h on demand (catalog, 2024)
  own        capex $0.0000108/step: (1 GPU x $1,599 (catalog, 2022-10-12) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000118/step at $0.3/kWh (scenario)
  rent/own   break-even at 82.7% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.2169/h of a 4-year life vs rent $0.5000/h less power $0.2377/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-18% (90%: +-34%): median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 34%, model tends pessimistic (-7.4% on average); beware: with each source left out, 0% of its single-GPU CNN runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  98.2% of each step; exposed communication   0.0%, data stall   0.0%
