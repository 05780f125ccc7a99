$ simtrain tests/data/catalog_ext/sd_unet_48gb_whatif.yaml
# exit 0
simtrain: 1x RTX 4090 48GB what-if, SD UNet fine-tuning at batch 16
  Stable Diffusion v1.5 UNet DDP on 1 x NVIDIA GeForce RTX 4090 48GB (what-if) (Workstation 4x RTX 4090 48GB what-if (Threadripper PRO 5975WX), 1 node)
  batch 16/GPU x 1 micro-batch, amp_fp16, adamw, 860 M params
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       538.63 ms   (mean of 2 steps after 1 warm-up)
  compute       535.49 ms   99.4%   GEMM/conv/attention  76.7% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            3.14 ms    0.6%   (waiting for the host to issue kernels)
Throughput   29.7 samples/s
  per GPU    72.0 TFLOP/s achieved, MFU  43.6%
Memory/GPU   30.4 GiB of 48.0 GiB, peak in "fwd b38"
  weights 3.2, gradients 3.2, optimizer_state 6.4, cuda_context_workspace 0.8, input_batch 0.0, activations 13.8, amp_weight_copies 1.6, allocator_slack 1.4 (GiB)
Energy       797 W, 0.4 kJ/step: 1 GPU x 447 W + 1 node x 350 W overhead (system), PUE 1.00
Cost         rent $0.0000748/step, own $0.0000682/step; headline own (cost.basis)
  rent       1 GPU x $0.5/GPU-h on demand (catalog, 2024)
  own        capex $0.0000324/step: (1 GPU x $1,599 (catalog, 2022-10-12) + 1 node x $6,000 (system, 2022)) over 4 years (catalog); power $0.0000358/step at $0.3/kWh (scenario)
  rent/own   break-even at 83.2% utilisation: owning costs less if the machine is busy more than that share of its life (capex $0.2169/h of a 4-year life vs rent $0.5000/h less power $0.2392/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-18% (90%: +-34%): median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 34%, model tends pessimistic (-7.4% on average); beware: with each source left out, 0% of its single-GPU CNN runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  99.4% of each step; exposed communication   0.0%, data stall   0.0%
