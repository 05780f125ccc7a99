$ simtrain scenarios/4xA100_pcie_bert_large.yaml
# exit 0
simtrain: 4x A100 PCIe only, BERT-Large DDP
  BERT-Large DDP on 4 x NVIDIA A100 80GB PCIe (4x A100 80GB PCIe, single socket, no NVLink, 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adamw, 336 M params, 38 buckets, all-reduce ring/Simple

Step time       235.44 ms   (mean of 3 steps after 1 warm-up)
  compute       227.17 ms   96.5%   GEMM/conv/attention  82.4% of it
  exposed comm    8.27 ms    3.5%   (communication 74.63 ms,  88.9% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   544 samples/s, 278,354 tokens/s
  per GPU    150.6 TFLOP/s achieved, MFU  48.3%
Scaling       96.5% of 4 x one GPU (one GPU: 227.17 ms/step)
Memory/GPU   27.4 GiB of 80.0 GiB, peak in "fwd b25"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, activations 19.1, allocator_slack 1.3 (GiB)
Busiest links
   30.9%  gpu0 -> cpu0 (pcie4x16)
   30.9%  cpu0 -> gpu0 (pcie4x16)
   30.9%  gpu1 -> cpu0 (pcie4x16)
   30.9%  cpu0 -> gpu1 (pcie4x16)
   30.9%  gpu2 -> cpu0 (pcie4x16)
Energy       2552 W, 0.6 kJ/step; cost $0.0005/step
Verdict      compute-bound: GPUs compute  96.5% of each step; exposed communication   3.5%, data stall   0.0%
