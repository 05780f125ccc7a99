$ simtrain scenarios/4xA100_nvlink_bert_large.yaml
# exit 0
simtrain: 4x A100 NVLink mesh, BERT-Large DDP
  BERT-Large DDP on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB), 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adamw, 336 M params, 38 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       287.29 ms   (mean of 3 steps after 1 warm-up)
  compute       283.69 ms   98.7%   GEMM/conv/attention  84.6% of it; 4.49 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    1.66 ms    0.6%   (communication 19.56 ms,  91.5% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.94 ms    0.7%   (waiting for the host to issue kernels)
Throughput   446 samples/s, 228,118 tokens/s
  per GPU    123.4 TFLOP/s achieved, MFU  39.5%
Scaling       97.9% of 4 x one GPU (one GPU: 281.13 ms/step)
Memory/GPU   27.4 GiB of 80.0 GiB, peak in "fwd b25"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, input_batch 0.0, activations 19.1, allocator_slack 1.3 (GiB)
Busiest links
    4.5%  gpu0 -> gpu1 (nvlink3 x4)
    4.5%  gpu1 -> gpu0 (nvlink3 x4)
    4.5%  gpu0 -> gpu3 (nvlink3 x4)
    4.5%  gpu3 -> gpu0 (nvlink3 x4)
    4.5%  gpu1 -> gpu2 (nvlink3 x4)
Energy       3357 W, 1.0 kJ/step: 4 GPUs x 396 W + 1 node x 1,000 W overhead (system), PUE 1.30
Cost         rent $0.00163/step, own $0.000146/step; headline rent (cost.basis)
  rent       4 GPUs x $5.12/GPU-h on demand (catalog, 2024)
  own        capex $0.000114/step: (4 GPUs x $12,500 (catalog, 2024-mid) + node price not given ($0: cost.node_price, or the system's node_overhead.price)) over 4 years (catalog); power $0.0000321/step at $0.12/kWh (scenario)
  rent/own   break-even at 7.1% utilisation: owning costs less if the machine is busy more than that share of its life (capex $1.43/h of a 4-year life vs rent $20.48/h less power $0.4029/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  98.7% of each step; exposed communication   0.6%, data stall   0.0%
