$ simtrain scenarios/dgx_a100_bert_large.yaml --set system=dgx_h100 --set collective.algorithm=nvls --steps 2
# exit 0
simtrain: DGX A100, BERT-Large DDP
  BERT-Large DDP on 8 x NVIDIA H100 80GB HBM3 (DGX H100 (8x H100 SXM5), 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adam, 336 M params, 38 buckets, all-reduce nvls/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set system=dgx_h100
  --set collective.algorithm=nvls

Step time        70.63 ms   (mean of 2 steps after 1 warm-up)
  compute        68.07 ms   96.4%   GEMM/conv/attention  72.8% of it; 2.59 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    0.52 ms    0.7%   (communication 6.80 ms,  92.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            2.05 ms    2.9%   (waiting for the host to issue kernels)
Throughput   3,624 samples/s, 927,855 tokens/s
  sequences  mean 256 of 512 tokens, binned by 64: rows of 288 tokens executed, 11.1% of them padding (FLOPs and MFU count it)
  per GPU    273.5 TFLOP/s achieved, MFU  27.7%
Scaling       95.6% of 8 x one GPU (one GPU: 67.53 ms/step)
Memory/GPU   17.1 GiB of 80.0 GiB, peak in "fwd b24"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, input_batch 0.0, activations 8.7, amp_weight_copies 0.6, allocator_slack 0.8 (GiB)
Busiest links
    6.9%  gpu0 -> nvswitch (nvlink4 x18)
    6.9%  nvswitch -> gpu0 (nvlink4 x18)
    6.9%  gpu1 -> nvswitch (nvlink4 x18)
    6.9%  nvswitch -> gpu1 (nvlink4 x18)
    6.9%  gpu2 -> nvswitch (nvlink4 x18)
Energy       9644 W, 0.7 kJ/step: 8 GPUs x 677 W + 1 node x 2,000 W overhead (system), PUE 1.30
Cost         rent $0.00193/step, own $0.000174/step; headline rent (cost.basis)
  rent       8 GPUs x $12.29/GPU-h on demand (catalog, 2024)
  own        capex $0.000151/step: (8 GPUs x $27,500 (catalog, 2023-08) + 1 node x $50,000 (system, 2023-05)) over 4 years (catalog); power $0.0000227/step at $0.12/kWh (scenario)
  rent/own   break-even at 7.9% utilisation: owning costs less if the machine is busy more than that share of its life (capex $7.71/h of a 4-year life vs rent $98.32/h less power $1.16/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-24% (90%: +-129%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs, 1 node (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average); beware: with each source left out, 0% of its multi-GPU DDP runs fell inside their median band and 50% inside their 90% band (validate --cross-validate)
  peak memory            not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  96.4% of each step; exposed communication   0.7%, data stall   0.0%
