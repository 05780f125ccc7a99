$ simtrain plan scenarios/nvl72_mixtral_8x7b.yaml
# exit 0
simtrain plan: 1x GB200 NVL72 (64 GPUs), Mixtral 8x7B
  Mixtral-8x7B on 64 x NVIDIA GB200 (GB200 NVL72 (72x GB200 B200, one NVLink domain), 64 GPUs per node in 16 compute trays of 4 GPUs, one NVLink domain), global batch 256 x 4096 tokens
  10272 layouts: 8 simulated, 8856 more fit by the closed forms, 1408 rejected
  Cost: 10272 layouts by the closed forms, then 8 simulated (about 0.139 M engine tasks of the plan's 10 M)
  Every layout trains the same global batch per step, so step times compare equal work.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs)) must fit the 185 GiB GPU (--memory-margin 0 ranks on the peak alone)
  trust: step time +-18% (90%: +-52%): median error of 5 public tensor/pipeline-parallel (3-D) runs (2 sources) on Blackwell (B200, GB200); worst 52%, model tends optimistic (+23% on average); beware: with each source left out, 0% of its tensor/pipeline-parallel (3-D) runs fell inside their median band and 80% inside their 90% band (validate --cross-validate)
  trust: peak memory not validated for this kind of run (peak-memory and largest-batch cases never validated on Blackwell); nearest band +-12% (90%: +-34%): median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB); worst 34%, model tends optimistic (+12% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)

Simulated (fastest first)
  layout                                                         step tokens/s/GPU    MFU   bubble exp.comm   mem GiB  closed form: step, memory
  tp1 pp1 dp64 ep8 mb4 m1 none shard_grad_op                   1197ms        13685  45.4%     0.0%     5.7% 162.5/185  1176 ms, 162.5 GiB  [EP 8 over 2 compute trays, one NVLink domain]
  tp1 cp2 pp1 dp32 ep8 mb8 m1 none shard_grad_op               1199ms        13667  45.4%     0.0%     5.7% 162.5/185  1176 ms, 162.5 GiB  [EP 8 over 4 compute trays, one NVLink domain]
  tp1 pp1 dp64 ep8 mb4 m1 none full_shard                      1209ms        13547  45.0%     0.0%     5.9% 149.8/185  1176 ms, 149.8 GiB  [EP 8 over 2 compute trays, one NVLink domain]
  tp1 cp2 pp1 dp32 ep8 mb8 m1 none full_shard                  1211ms        13526  44.9%     0.0%     5.9% 149.8/185  1176 ms, 149.8 GiB  [EP 8 over 4 compute trays, one NVLink domain]
  tp1 pp1 dp64 ep4 mb4 m1 none full_shard                      1233ms        13289  44.1%     0.0%     6.4% 151.9/185  1177 ms, 151.9 GiB
  tp1 cp2 pp1 dp32 ep4 mb8 m1 none full_shard                  1235ms        13266  44.1%     0.0%     6.4% 151.9/185  1177 ms, 151.9 GiB  [EP 4 over 2 compute trays, one NVLink domain]
  tp1 pp1 dp64 mb4 m1 none full_shard                          1345ms        12181  40.5%     0.0%     1.4% 164.3/185  1131 ms, 164.3 GiB
  tp1 cp2 pp1 dp32 mb8 m1 none full_shard                      1349ms        12147  40.3%     0.0%     1.4% 164.3/185  1131 ms, 164.3 GiB

Fit by the closed forms, not simulated (best 10 of 8856 by estimated step)
  tp1 pp1 dp64 ep2 mb4 m1 none full_shard                  ~1181 ms, 156.0 GiB on stage 0
  tp1 cp2 pp1 dp32 ep2 mb8 m1 none full_shard              ~1181 ms, 156.0 GiB on stage 0
  tp1 pp1 dp64 ep8 mb2 m2 none shard_grad_op               ~1184 ms, 122.9 GiB on stage 0  [EP 8 over 2 compute trays, one NVLink domain]
  tp1 pp1 dp64 ep8 mb2 m2 none full_shard                  ~1184 ms, 109.6 GiB on stage 0  [EP 8 over 2 compute trays, one NVLink domain]
  tp1 cp2 pp1 dp32 ep8 mb4 m2 none shard_grad_op           ~1184 ms, 122.9 GiB on stage 0  [EP 8 over 4 compute trays, one NVLink domain]
  tp1 cp2 pp1 dp32 ep8 mb4 m2 none full_shard              ~1184 ms, 109.6 GiB on stage 0  [EP 8 over 4 compute trays, one NVLink domain]
  tp1 pp1 dp64 mb4 m1 selective full_shard                 ~1185 ms, 164.3 GiB on stage 0
  tp1 cp2 pp1 dp32 mb8 m1 selective full_shard             ~1185 ms, 164.3 GiB on stage 0
  tp1 pp1 dp64 ep4 mb2 m2 none shard_grad_op               ~1187 ms, 156.0 GiB on stage 0
  tp1 pp1 dp64 ep4 mb2 m2 none full_shard                  ~1187 ms, 132.4 GiB on stage 0

Rejected, by reason (count, one example)
    576  tp1 pp16 dp4 mb1 m64 v4 none: pp x v = 64 exceeds the 32 layers
    278  tp1 pp1 dp64 ep2 mb1 m4 none: over the memory margin on stage 0 (184.5 GiB + 12% of 185.0 GiB, closed form)
    263  tp1 pp1 dp64 mb1 m4 none: OOM on stage 0 (316.8 GiB of 185.0 GiB, closed form)
    243  tp1 pp2 dp32 mb8 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
     36  tp1 pp1 dp64 mb8 none: the global batch of 256 does not divide into dp x micro-batch = 512
     12  tp64 pp1 dp1 mb1 m256 none: op 'h.0.attn.qkv' (column): heads 32 is not a multiple of 64
