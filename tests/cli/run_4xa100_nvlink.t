$ simtrain scenarios/4xA100_nvlink_bert_large.yaml
# exit 0
simtrain: 4x A100 NVLink mesh, BERT-Large DDP
  BERT-Large DDP on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB), 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adamw, 336 M params, 38 buckets, all-reduce ring/Simple

Step time       214.85 ms   (mean of 3 steps after 1 warm-up)
  compute       213.59 ms   99.4%   GEMM/conv/attention  82.2% of it
  exposed comm    1.26 ms    0.6%   (communication 14.28 ms,  91.2% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   596 samples/s, 305,031 tokens/s
  per GPU    165.0 TFLOP/s achieved, MFU  52.9%
Scaling       99.4% of 4 x one GPU (one GPU: 213.59 ms/step)
Memory/GPU   27.4 GiB of 80.0 GiB, peak in "fwd b25"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, activations 19.1, allocator_slack 1.3 (GiB)
Busiest links
    6.0%  gpu0 -> gpu1 (nvlink3 x4)
    6.0%  gpu1 -> gpu0 (nvlink3 x4)
    6.0%  gpu0 -> gpu3 (nvlink3 x4)
    6.0%  gpu3 -> gpu0 (nvlink3 x4)
    6.0%  gpu1 -> gpu2 (nvlink3 x4)
Energy       3109 W, 0.7 kJ/step; cost $0.0005/step
Verdict      compute-bound: GPUs compute  99.4% of each step; exposed communication   0.6%, data stall   0.0%
