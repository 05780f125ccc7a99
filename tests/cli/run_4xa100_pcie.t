$ simtrain scenarios/4xA100_pcie_bert_large.yaml
# exit 0
simtrain: 4x A100 PCIe only, BERT-Large DDP
  BERT-Large DDP on 4 x NVIDIA A100 80GB PCIe (4x A100 80GB PCIe, single socket, no NVLink, 1 node)
  batch 32/GPU x 1 micro-batch, amp_fp16, adamw, 336 M params, 38 buckets, all-reduce ring/Simple
  software pytorch_eager: PyTorch eager (a plain training script, DDP/FSDP, torch.autocast)

Step time       249.38 ms   (mean of 3 steps after 1 warm-up)
  compute       238.81 ms   95.8%   GEMM/conv/attention  81.6% of it; 2.59 ms lost to NCCL kernels on the SMs/HBM
  exposed comm    8.62 ms    3.5%   (communication 81.73 ms,  89.4% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            1.94 ms    0.8%   (waiting for the host to issue kernels)
Throughput   513 samples/s, 262,795 tokens/s
  per GPU    142.1 TFLOP/s achieved, MFU  45.6%
Scaling       95.5% of 4 x one GPU (one GPU: 238.16 ms/step)
Memory/GPU   27.4 GiB of 80.0 GiB, peak in "fwd b25"
  weights 1.3, gradients 1.3, optimizer_state 2.5, ddp_buckets 1.3, cuda_context_workspace 0.8, activations 19.1, allocator_slack 1.3 (GiB)
Busiest links
   29.2%  gpu0 -> cpu0 (pcie4x16)
   29.2%  cpu0 -> gpu0 (pcie4x16)
   29.2%  gpu1 -> cpu0 (pcie4x16)
   29.2%  cpu0 -> gpu1 (pcie4x16)
   29.2%  gpu2 -> cpu0 (pcie4x16)
Energy       2542 W, 0.6 kJ/step; cost $0.0005/step
Verdict      compute-bound: GPUs compute  95.8% of each step; exposed communication   3.5%, data stall   0.0%
