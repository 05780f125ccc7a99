$ simtrain scenarios/128xA100_gpt175b_fsdp.yaml
# exit 0
simtrain: 128x A100, GPT 175B FSDP (PyTorch FSDP blog setup)
  GPT 175B (seq 512) FSDP on 128 x NVIDIA A100-SXM4-40GB (DGX A100 (8x A100-SXM4-40GB), 16 nodes)
  batch 20/GPU x 1 micro-batch, fp16, sgd, 1.75e+05 M params, FULL_SHARD, 98 units

Step time     56911.12 ms   (mean of 1 steps after 1 warm-up)
  compute     56856.58 ms   99.9%   GEMM/conv/attention  71.6% of it
  exposed comm   54.54 ms    0.1%   (communication 6301.18 ms,  99.1% hidden under compute)
  data stall      0.00 ms    0.0%
  idle            0.00 ms    0.0%
Throughput   45 samples/s, 23,031 tokens/s
  per GPU    189.8 TFLOP/s achieved, MFU  60.8%
Scaling      100.0% of 128 x one GPU (one GPU: 201223.38 ms/step)
Memory/GPU   45.9 GiB of 40.0 GiB  OUT OF MEMORY, peak in "bwd unit95"
  gradients 2.5, cuda_context_workspace 0.8, activations 27.0, gathered_parameters 6.8, unsharded_gradients 6.8, allocator_slack 2.2 (GiB)
Busiest links
    9.5%  node0/nic0 -> rail0_leaf0 (ib_hdr)
    9.5%  rail0_leaf0 -> node0/nic0 (ib_hdr)
    9.5%  node0/nic1 -> rail1_leaf0 (ib_hdr)
    9.5%  rail1_leaf0 -> node0/nic1 (ib_hdr)
    9.5%  node0/nic2 -> rail2_leaf0 (ib_hdr)
Energy       51157 W, 2911.4 kJ/step; cost $0.0000/step
Verdict      compute-bound: GPUs compute  99.9% of each step; exposed communication   0.1%, data stall   0.0%; and it does NOT fit in GPU memory
