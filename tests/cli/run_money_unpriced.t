$ simtrain tests/data/unpriced/scenario.yaml
# exit 0
simtrain: GPT-2 124M on one unpriced RTX 4090
  GPT-2 124M DDP on 1 x NVIDIA GeForce RTX 4090 (one RTX 4090 (test, unpriced), 1 node)
  batch 4/GPU x 1 micro-batch, amp_bf16, adamw, 124 M params
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time        76.54 ms   (mean of 2 steps after 1 warm-up)
  compute        75.45 ms   98.6%   GEMM/conv/attention  81.1% of it
  exposed comm    0.00 ms    0.0%   (communication 0.00 ms,   n/a hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.09 ms    1.4%   (waiting for the host to issue kernels)
Throughput   52.3 samples/s, 53,514 tokens/s
  per GPU    45.9 TFLOP/s achieved, MFU  27.8%
Memory/GPU   5.5 GiB of 24.0 GiB, peak in "fwd b13"
  weights 0.5, gradients 0.5, optimizer_state 0.9, cuda_context_workspace 0.8, input_batch 0.0, activations 2.6, allocator_slack 0.3 (GiB)
Energy       444 W, 0.0 kJ/step: 1 GPU x 444 W + node overhead not given (0 W: energy.node_overhead, or the system's node_overhead.power), PUE 1.00
Cost         rent no price given, own no price given; headline rent (cost.basis)
  rent       no price given (prices:, cost.gpu_hour, or the GPU's cloud_gpu_hour in topologies/prices.yaml)
  own        no price given (prices:, cost.purchase, or the GPU's purchase in topologies/prices.yaml; energy.electricity; cost.life_years)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-34% (90%: +-116%): median error of 13 public single-GPU transformer runs (4 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 116%, model tends optimistic (+39% on average)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  98.6% of each step; exposed communication   0.0%, data stall   0.0%
