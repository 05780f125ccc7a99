$ simtrain plan tests/data/boxes/llama65b_2x16.yaml --simulate 2
# exit 0
simtrain plan: 2x16 H100 in trays, LLaMA-65B TP8 PP2
  LLaMA-65B on 32 x NVIDIA H100 80GB HBM3 (NVLink domain of 16x H100 SXM5 in 4 trays (test system), 16 GPUs per node in 4 compute trays of 4 GPUs, one NVLink domain), global batch 32 x 2048 tokens
  1452 layouts: 2 simulated, 329 more fit by the closed forms, 1121 rejected
  Cost: 1452 layouts by the closed forms, then 2 simulated (about 0.131 M engine tasks of the plan's 10 M)
  Every layout trains the same global batch per step, so step times compare equal work.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs, 2 to 64 nodes)) must fit the 80 GiB GPU (--memory-margin 0 ranks on the peak alone)
  trust: step time +-12% (90%: +-74%): median error of 4 public tensor/pipeline-parallel (3-D) runs (2 sources) on Hopper, 2 to 64 nodes, software megatron_te (H100 80GB HBM3); worst 74%, model tends pessimistic (-8.3% on average)
  trust: peak memory not validated for this kind of run (peak-memory and largest-batch cases never validated on Hopper); nearest band +-12% (90%: +-34%): median error of 10 public peak-memory and largest-batch cases (3 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB); worst 34%, model tends optimistic (+10% on average); beware: with each source left out, 33% of its peak-memory and largest-batch cases fell inside their median band and 87% inside their 90% band (validate --cross-validate)

Simulated (fastest first)
  layout                                               step tokens/s/GPU    MFU   bubble exp.comm   mem GiB  closed form: step, memory
  tp2 pp16 dp1 mb1 m32 v4 none                       1873ms         1093  44.9%    17.9%     7.6%   63.8/80  1788 ms, 63.8 GiB
  tp2 pp16 dp1 mb1 m32 v4 selective                  1904ms         1076  44.2%    17.9%     7.5%   63.8/80  1816 ms, 63.8 GiB

Fit by the closed forms, not simulated (best 10 of 329 by estimated step)
  tp4 pp4 dp2 mb1 m16 v4 none full_shard         ~1900 ms, 66.4 GiB on stage 0
  tp2 pp1 dp16 mb2 m1 full full_shard            ~1900 ms, 44.8 GiB on stage 0
  tp4 pp4 dp2 mb1 m16 v4 none                    ~1910 ms, 61.6 GiB on stage 0
  tp4 pp4 dp2 mb1 m16 v4 selective full_shard    ~1927 ms, 66.4 GiB on stage 0
  tp4 pp4 dp2 mb1 m16 v4 selective               ~1937 ms, 61.6 GiB on stage 0
  tp4 pp8 dp1 mb1 m32 v4 none                    ~1951 ms, 50.9 GiB on stage 0
  tp2 pp16 dp1 mb1 m32 v2 none                   ~1954 ms, 67.8 GiB on stage 0
  tp4 pp8 dp1 mb2 m16 v4 none                    ~1961 ms, 64.2 GiB on stage 0
  tp4 pp4 dp2 mb1 m16 v2 none full_shard         ~1979 ms, 68.4 GiB on stage 0
  tp4 pp8 dp1 mb1 m32 v4 selective               ~1979 ms, 50.9 GiB on stage 0

Rejected, by reason (count, one example)
    519  tp1 pp1 dp32 mb1 m1 none: OOM on stage 0 (450.2 GiB of 80.0 GiB, closed form)
    315  tp1 pp2 dp16 mb2 m1 v2 none: interleaving needs the micro-batches (1) to be a multiple of pp
    162  tp1 pp1 dp32 mb2 none: the global batch of 32 does not divide into dp x micro-batch = 64
    101  tp1 pp2 dp16 mb1 m2 v4 full full_shard: over the memory margin on stage 1 (75.6 GiB + 12% of 80.0 GiB, closed form)
     12  tp1 pp32 dp1 mb1 m32 v4 none: pp x v = 128 exceeds the 80 layers
     12  tp32 pp1 dp1 mb1 m32 none: TP crosses nodes (tp 32 > 16 GPUs per node, the NVLink domain of 4 compute trays)
