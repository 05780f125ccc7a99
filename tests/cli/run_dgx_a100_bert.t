$ simtrain scenarios/dgx_a100_bert_large.yaml
# exit 0
simtrain: DGX A100, BERT-Large DDP
  BERT-Large DDP on 8 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adam, 336 M params, 38 buckets, all-reduce ring/Simple

Step time       242.87 ms   (mean of 3 steps after 1 warm-up)
  compute       241.86 ms   99.6%   GEMM/conv/attention  79.5% of it
  exposed comm    1.01 ms    0.4%   (communication 12.45 ms,  91.9% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   1,054 samples/s, 539,681 tokens/s
  per GPU    145.9 TFLOP/s achieved, MFU  46.8%
Scaling       99.6% of 8 x one GPU (one GPU: 241.86 ms/step)
Memory/GPU   27.4 GiB of 40.0 GiB, peak in "fwd b25"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, activations 19.1, allocator_slack 1.3 (GiB)
Busiest links
    4.1%  gpu0 -> nvswitch (nvlink3 x12)
    4.1%  nvswitch -> gpu0 (nvlink3 x12)
    4.1%  gpu1 -> nvswitch (nvlink3 x12)
    4.1%  nvswitch -> gpu1 (nvlink3 x12)
    4.1%  gpu2 -> nvswitch (nvlink3 x12)
Energy       5185 W, 1.3 kJ/step; cost $0.0010/step
Verdict      compute-bound: GPUs compute  99.6% of each step; exposed communication   0.4%, data stall   0.0%
