$ simtrain plan scenarios/16xA100_llama_65b_tp8_pp2.yaml --simulate 3
# exit 0
simtrain plan: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 8 GPUs per node), global batch 16 x 2048 tokens
  948 layouts: 3 simulated, 39 more fit by the closed forms, 906 rejected

Simulated (fastest first)
  layout                                         step tokens/s/GPU    MFU   bubble exp.comm    memory  closed form: step, memory
  tp8 pp2 dp1 mb1 m16 v4 none                  5205ms          393  51.3%     2.0%    27.0%  78.6 GiB  5240 ms, 78.6 GiB
  tp8 pp2 dp1 mb1 m16 v4 selective             5247ms          390  50.8%     2.0%    26.7%  78.6 GiB  5281 ms, 78.6 GiB
  tp4 pp1 dp4 mb4 m1 full full_shard           5311ms          386  50.2%     0.0%    10.6%  78.3 GiB  5035 ms, 78.3 GiB

Fit by the closed forms, not simulated (best 10 of 39 by estimated step)
  tp8 pp2 dp1 mb1 m16 v2 none              ~5306 ms, 79.2 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 v2 selective         ~5348 ms, 79.2 GiB on stage 0
  tp2 pp8 dp1 mb1 m16 v4 full              ~5432 ms, 76.3 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 none                 ~5457 ms, 77.9 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 selective            ~5501 ms, 77.9 GiB on stage 0
  tp4 pp4 dp1 mb1 m16 v4 full              ~5539 ms, 74.1 GiB on stage 0
  tp4 pp4 dp1 mb2 m8 v4 full               ~5664 ms, 75.0 GiB on stage 0
  tp8 pp1 dp2 mb8 m1 full full_shard       ~5728 ms, 77.1 GiB on stage 0
  tp4 pp4 dp1 mb1 m16 v2 full              ~5778 ms, 74.2 GiB on stage 0
  tp2 pp8 dp1 mb2 m8 v4 full               ~5844 ms, 77.5 GiB on stage 0

Rejected, by reason (count, one example)
    516  tp1 pp1 dp16 mb1 m1 none: OOM on stage 0 (474.1 GiB of 80.0 GiB, closed form)
    216  tp1 pp2 dp8 mb2 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
    162  tp1 pp1 dp16 mb2 none: the global batch of 16 does not divide into dp x micro-batch = 32
     12  tp16 pp1 dp1 mb1 m16 none: TP crosses nodes (tp 16 > 8 GPUs per node)
