$ simtrain plan scenarios/16xA100_llama_65b_tp8_pp2.yaml --simulate 3
# exit 0
simtrain plan: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 8 GPUs per node), global batch 16 x 2048 tokens
  948 layouts: 0 simulated, 0 more fit by the closed forms, 948 rejected
  Cost: 948 layouts by the closed forms, then 0 simulated (about 0 M engine tasks of the plan's 10 M)
  Every layout trains the same global batch per step, so step times compare equal work.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on Ampere, 2 to 64 nodes)) must fit the 80 GiB GPU (--memory-margin 0 ranks on the peak alone)
  trust: step time +-13% (90%: +-49%): median error of 15 public tensor/pipeline-parallel (3-D) runs (5 sources) on Ampere, 2 to 64 nodes, software megatron_te (A100-SXM4-80GB); worst 49%, model tends optimistic (+15% on average)
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)

Simulated (fastest first)
  layout                                         step tokens/s/GPU    MFU   bubble exp.comm   mem GiB  closed form: step, memory
  (none fits with the memory margin; 42 layouts fit only without it: --memory-margin 0 ranks them)

Rejected, by reason (count, one example)
    516  tp1 pp1 dp16 mb1 m1 none: OOM on stage 0 (474.1 GiB of 80.0 GiB, closed form)
    216  tp1 pp2 dp8 mb2 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
    162  tp1 pp1 dp16 mb2 none: the global batch of 16 does not divide into dp x micro-batch = 32
     42  tp1 pp16 dp1 mb1 m16 full: over the memory margin on stage 0 (79.8 GiB + 12% of 80.0 GiB, closed form)
     12  tp16 pp1 dp1 mb1 m16 none: TP crosses nodes (tp 16 > 8 GPUs per node)
