$ simtrain plan scenarios/16xA100_llama_65b_tp8_pp2.yaml --simulate 3
# exit 0
simtrain plan: 16x A100 80GB, LLaMA-65B TP8 PP2
  LLaMA-65B on 16 x NVIDIA A100-SXM4-80GB (DGX A100 640GB (8x A100-SXM4-80GB), 8 GPUs per node), global batch 16 x 2048 tokens
  420 layouts: 3 simulated, 36 more fit by the closed forms, 381 rejected

Simulated (fastest first)
  layout                                   step tokens/s/GPU    MFU   bubble exp.comm    memory  closed form: step, memory
  tp8 pp2 dp1 mb1 m16 v4 none            4941ms          414  54.0%     1.9%    28.5%  79.9 GiB  4962 ms, 79.9 GiB
  tp8 pp2 dp1 mb1 m16 v4 selective       4976ms          412  53.6%     1.9%    28.3%  79.9 GiB  4997 ms, 79.9 GiB
  tp2 pp8 dp1 mb1 m16 v4 full            5171ms          396  51.6%    13.1%     3.5%  76.0 GiB  5041 ms, 76.0 GiB

Fit by the closed forms, not simulated (best 10 of 36 by estimated step)
  tp8 pp2 dp1 mb1 m16 none           ~5169 ms, 79.1 GiB on stage 0
  tp4 pp4 dp1 mb1 m16 v4 full        ~5173 ms, 74.0 GiB on stage 0
  tp8 pp2 dp1 mb1 m16 selective      ~5206 ms, 79.1 GiB on stage 0
  tp4 pp4 dp1 mb2 m8 v4 full         ~5287 ms, 74.8 GiB on stage 0
  tp4 pp4 dp1 mb1 m16 v2 full        ~5398 ms, 74.1 GiB on stage 0
  tp2 pp8 dp1 mb2 m8 v4 full         ~5422 ms, 77.0 GiB on stage 0
  tp1 pp16 dp1 mb1 m16 v4 full       ~5489 ms, 79.3 GiB on stage 0
  tp2 pp8 dp1 mb1 m16 v2 full        ~5524 ms, 76.3 GiB on stage 0
  tp4 pp4 dp1 mb4 m4 v4 full         ~5606 ms, 75.9 GiB on stage 0
  tp4 pp4 dp1 mb2 m8 v2 full         ~5730 ms, 75.0 GiB on stage 0

Rejected, by reason (count, one example)
    219  tp1 pp1 dp16 mb1 m1 none: OOM on stage 0 (483.8 GiB of 80.0 GiB, closed form)
     96  tp1 pp2 dp8 mb2 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
     54  tp1 pp1 dp16 mb2 none: the global batch of 16 does not divide into dp x micro-batch = 32
     12  tp16 pp1 dp1 mb1 m16 none: TP crosses nodes (tp 16 > 8 GPUs per node)
