$ simtrain merge tests/data/journal_t3/plan2.jsonl --allow-missing
# exit 0
simtrain plan: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 8 GPUs per node), global batch 16 x 2048 tokens
  948 layouts: 1 simulated, 41 more fit by the closed forms, 906 rejected
  1 layout to simulate not run: in no part merged (marked below)
  Cost: 948 layouts by the closed forms, then 1 simulated (about 0.0269 M engine tasks of the plan's 10 M)
  Every layout trains the same global batch per step, so step times compare equal work.
  Memory headroom: peak + 0% (--memory-margin) must fit the 80 GiB GPU
  trust: step time +-13% (90%: +-49%): median error of 15 public tensor/pipeline-parallel (3-D) runs (5 sources) on Ampere, 2 to 64 nodes, software megatron_te (A100-SXM4-80GB); worst 49%, model tends optimistic (+15% on average)
  trust: peak memory +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 30% of its peak-memory and largest-batch cases fell inside their median band and 100% inside their 90% band (validate --cross-validate)

Simulated (fastest first)
  layout                                         step tokens/s/GPU    MFU   bubble exp.comm   mem GiB  closed form: step, memory
  tp8 pp2 dp1 mb1 m16 v4 none                  5205ms          393  51.3%     2.0%    27.0%   78.6/80  5240 ms, 78.6 GiB

Fit by the closed forms, not simulated (best 10 of 41 by estimated step)
  tp4 pp1 dp4 mb4 m1 full full_shard       ~5035 ms, 78.3 GiB on stage 0  (not run: in no part merged)
  tp8 pp2 dp1 mb1 m16 v4 selective         ~5281 ms, 78.6 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 v2 none              ~5306 ms, 79.2 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 v2 selective         ~5348 ms, 79.2 GiB on stage 0
  tp2 pp8 dp1 mb1 m16 v4 full              ~5432 ms, 76.3 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 none                 ~5457 ms, 77.9 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 selective            ~5501 ms, 77.9 GiB on stage 0
  tp4 pp4 dp1 mb1 m16 v4 full              ~5539 ms, 74.1 GiB on stage 0
  tp4 pp4 dp1 mb2 m8 v4 full               ~5664 ms, 75.0 GiB on stage 0
  tp8 pp1 dp2 mb8 m1 full full_shard       ~5728 ms, 77.1 GiB on stage 0

Rejected, by reason (count, one example)
    516  tp1 pp1 dp16 mb1 m1 none: OOM on stage 0 (474.1 GiB of 80.0 GiB, closed form)
    216  tp1 pp2 dp8 mb2 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
    162  tp1 pp1 dp16 mb2 none: the global batch of 16 does not divide into dp x micro-batch = 32
     12  tp16 pp1 dp1 mb1 m16 none: TP crosses nodes (tp 16 > 8 GPUs per node)
