$ simtrain scenarios/dgx_a100_bert_large.yaml --set calibration=tests/data/netcal/dgx_a100.yaml
# exit 0
simtrain: DGX A100, BERT-Large DDP
  BERT-Large DDP on 8 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adam, 336 M params, 38 buckets, all-reduce ring/Simple
  network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8175, nvlink LL step latency x1.202, nvlink LL128 step latency x1.920, nvlink Simple step latency x1.244, LL bound 15.8 GB/s inside a node
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)
  --set calibration=tests/data/netcal/dgx_a100.yaml

Step time       165.17 ms   (mean of 3 steps after 1 warm-up)
  compute       161.82 ms   98.0%   GEMM/conv/attention  76.2% of it; 5.05 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    1.40 ms    0.8%   (communication 16.91 ms,  91.7% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.95 ms    1.2%   (waiting for the host to issue kernels)
Throughput   1,550 samples/s, 396,768 tokens/s
  sequences  mean 256 of 512 tokens, binned by 64: rows of 288 tokens executed, 11.1% of them padding (FLOPs and MFU count it)
  per GPU    117.0 TFLOP/s achieved, MFU  37.5%
Scaling       96.1% of 8 x one GPU (one GPU: 158.72 ms/step)
Memory/GPU   17.1 GiB of 40.0 GiB, peak in "fwd b24"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, input_batch 0.0, activations 8.7, amp_weight_copies 0.6, allocator_slack 0.8 (GiB)
Busiest links
    5.8%  gpu0 -> nvswitch (nvlink3 x12)
    5.8%  nvswitch -> gpu0 (nvlink3 x12)
    5.8%  gpu1 -> nvswitch (nvlink3 x12)
    5.8%  nvswitch -> gpu1 (nvlink3 x12)
    5.8%  gpu2 -> nvswitch (nvlink3 x12)
Energy       6036 W, 1.0 kJ/step: 8 GPUs x 393 W + 1 node x 1,500 W overhead (system), PUE 1.30
Cost         rent $0.00150/step, own $0.000294/step; headline rent (cost.basis)
  rent       8 GPUs x $4.096/GPU-h on demand (catalog, 2024-Q2)
  own        capex $0.000261/step: (8 GPUs x $10,000 (catalog, 2023-02) + 1 node x $119,000 (system, 2020-05)) over 4 years (catalog); power $0.0000332/step at $0.12/kWh (scenario)
  rent/own   break-even at 17.7% utilisation: owning costs less if the machine is busy more than that share of its life (capex $5.68/h of a 4-year life vs rent $32.77/h less power $0.7243/h)
Trust        how far the figures above may be off: simtrain validate on public runs of the same kind, half within the first figure, nine in ten within the 90% one (validation/error_bands.yaml)
  step time, throughput  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  peak memory            +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)
Verdict      compute-bound: GPUs compute  98.0% of each step; exposed communication   0.8%, data stall   0.0%
