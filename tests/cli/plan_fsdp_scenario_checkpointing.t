$ simtrain plan scenarios/4x4090_gpt2_1.5b_fsdp.yaml --no-progress
# exit 0
simtrain plan: 4x RTX 4090, GPT-2 1.5B FSDP full shard
  GPT-2 1.5B on 4 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX), 4 GPUs per node), global batch 8 x 1024 tokens
  264 layouts: 8 simulated, 94 more fit by the closed forms, 162 rejected
  Cost: 264 layouts by the closed forms, then 8 simulated (about 0.016 M engine tasks of the plan's 10 M)
  Every layout trains the same global batch per step, so step times compare equal work.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs)) must fit the 24 GiB GPU (--memory-margin 0 ranks on the peak alone)
  trust: step time not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-6.8% (90%: +-49%): median error of 10 public tensor/pipeline-parallel (3-D) runs (8 sources) on all GPUs, 1 node (AMD Instinct MI300X, AMD Instinct MI325X, GB200, H100 80GB HBM3); worst 52%, model tends optimistic (+6.8% on average)
  trust: peak memory not validated for this kind of run (peak-memory and largest-batch cases never validated on Ada); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)

Simulated (fastest first)
  layout                                              step tokens/s/GPU    MFU   bubble exp.comm   mem GiB  closed form: step, memory
  tp1 pp1 dp4 mb2 m1 none shard_grad_op              396ms         5170  32.2%     0.0%     4.9%   20.9/24  377 ms, 20.9 GiB
  tp1 pp2 dp2 mb1 m4 v4 none shard_grad_op           425ms         4815  30.0%     8.7%     4.2%   18.4/24  419 ms, 18.4 GiB
  tp1 pp1 dp4 mb2 m1 none full_shard                 426ms         4810  30.0%     0.0%     8.2%   18.8/24  377 ms, 18.3 GiB
  tp1 pp2 dp2 mb2 m2 v4 none shard_grad_op           440ms         4657  29.0%    13.9%     3.9%   20.2/24  427 ms, 20.2 GiB
  tp1 pp1 dp4 mb2 m1 selective shard_grad_op         449ms         4560  28.4%     0.0%     4.3%   16.1/24  428 ms, 16.1 GiB
  tp1 pp2 dp2 mb1 m4 v4 none full_shard              450ms         4547  28.4%     5.5%     8.6%   17.0/24  418 ms, 17.0 GiB
  tp1 pp2 dp2 mb2 m2 v4 none full_shard              452ms         4528  28.2%    12.7%     5.6%   18.7/24  427 ms, 18.7 GiB
  tp1 pp1 dp4 mb2 m1 selective full_shard            467ms         4386  27.4%     0.0%     4.5%   13.4/24  428 ms, 13.4 GiB

Fit by the closed forms, not simulated (best 10 of 94 by estimated step)
  tp1 pp2 dp2 mb1 m4 v2 none full_shard         ~436 ms, 17.6 GiB on stage 0
  tp1 pp2 dp2 mb1 m4 v2 none shard_grad_op      ~437 ms, 19.0 GiB on stage 0
  tp1 pp2 dp2 mb1 m4 v4 none                    ~444 ms, 16.0 GiB on stage 0
  tp1 pp4 dp1 mb1 m8 v4 none                    ~447 ms, 14.6 GiB on stage 0
  tp1 pp2 dp2 mb2 m2 v4 none                    ~454 ms, 20.3 GiB on stage 0
  tp1 pp1 dp4 mb1 m2 none full_shard            ~459 ms, 19.1 GiB on stage 0
  tp1 pp2 dp2 mb1 m4 v2 none                    ~463 ms, 16.6 GiB on stage 0
  tp1 pp4 dp1 mb2 m4 v4 none                    ~465 ms, 18.6 GiB on stage 0
  tp1 pp2 dp2 mb2 m2 v2 none shard_grad_op      ~470 ms, 20.9 GiB on stage 0
  tp1 pp2 dp2 mb2 m2 v2 none full_shard         ~470 ms, 19.4 GiB on stage 0

Rejected, by reason (count, one example)
     69  tp2 pp1 dp2 mb1 m4 none: op 'h.0.attn.qkv' (column): heads 25 is not a multiple of 2
     54  tp1 pp1 dp4 mb4 none: the global batch of 8 does not divide into dp x micro-batch = 16
     36  tp1 pp2 dp2 mb4 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
      2  tp1 pp1 dp4 mb1 m2 none shard_grad_op: over the memory margin on stage 0 (21.8 GiB + 12% of 24.0 GiB, closed form)
      1  tp1 pp1 dp4 mb2 m1 none: OOM on stage 0 (24.6 GiB of 24.0 GiB, closed form)
