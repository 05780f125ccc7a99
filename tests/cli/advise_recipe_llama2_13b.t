$ simtrain advise tests/data/advise/llama2_13b_global_batch.yaml --jobs 2
# exit 0
simtrain advise: Llama-2-13B fine-tune on 50 B tokens within two weeks, global batch 128 to 256
  Llama-2-13B, 50.0 B tokens (run.tokens); deadline 14.0 days
  5 clusters (3 systems at their node counts) x 9 strategies = 45 configurations: 13 fit, 28 do not fit (memory, or the run never finishes), 4 not run
  Every configuration trains that same work at a global batch of 128 to 256 samples (advise.global_batch; convergence is not modelled): the search chose each one's micro-batch (mb), accumulation (m) and checkpointing; the rest is the scenario's. Days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Cheapest that meets the deadline: 2 x dgx_h100 (16 GPUs), megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none: 6.66 days, $31,452 (rent); compute-bound; buying it: $540,000; step 12050 ms, goodput 99.8%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain tests/data/advise/llama2_13b_global_batch.yaml --set system=dgx_h100 --set nodes=2 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=2 --set parallel.cp=2 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=interleaved --set parallel.virtual_stages=2 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=none --set batch_per_gpu=1 --set grad_accumulation=64
  Fastest of all: 2 x dgx_h100 (16 GPUs), megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none: 6.66 days, $31,452 (rent); compute-bound; buying it: $540,000; step 12050 ms, goodput 99.8%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain tests/data/advise/llama2_13b_global_batch.yaml --set system=dgx_h100 --set nodes=2 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=2 --set parallel.cp=2 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=interleaved --set parallel.virtual_stages=2 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=none --set batch_per_gpu=1 --set grad_accumulation=64
  Cheapest of all: 4 x workstation_4x4090_eth100g (16 GPUs), megatron tp2 cp2 pp4 dp1 mb1 m256 v2 full: 45.7 days, $8,767 (rent); compute-bound; buying it: $53,584; step 82622 ms, goodput 99.9%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-12% (90%: +-34%): median error of 42 public tensor/pipeline-parallel (3-D) runs (13 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-80GB, AMD Instinct MI300X, AMD Instinct MI325X, B200, H100 80GB HBM3); worst 36%, model tends optimistic (+12% on average)
      reproduce: simtrain tests/data/advise/llama2_13b_global_batch.yaml --set system=workstation_4x4090_eth100g --set nodes=4 --set strategy=megatron --set parallel.tp=2 --set parallel.pp=4 --set parallel.cp=2 --set parallel.ep=1 --set parallel.dp=1 --set parallel.sequence_parallel=true --set parallel.schedule=interleaved --set parallel.virtual_stages=2 --set parallel.recompute=full --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=none --set batch_per_gpu=1 --set grad_accumulation=256

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_h100                       2    16  megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none               12050.2      87,017   67.8/80    6.66      $31,452       $2,657  compute  D+
    2  dgx_a100_80gb                  2    16  megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none               27397.2      38,273   67.8/80    15.2      $29,791       $4,816  compute
    3  workstation_4x4090_eth100g     4    16  megatron tp2 cp2 pp4 dp1 mb1 m256 v2 full              82622.3      12,691   21.1/24    45.7       $8,767       $2,337  compute

Configurations that fit, fastest first (D: meets the deadline, D+: even if off by its median error, B: within the budget)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_h100                       2    16  megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none               12050.2      87,017   67.8/80    6.66      $31,452       $2,657  compute  D+
    2  dgx_h100                       2    16  fsdp full_shard mb1 m16 = 256                          12667.0      82,780   71.1/80    7.01      $33,062       $2,797  compute  D+
    3  dgx_h100                       2    16  fsdp full_shard + checkpointing mb1 m16 = 256, ckpt 50%   14521.4      72,209   57.2/80    8.03      $37,902       $3,206  compute  D+
    4  dgx_h100                       2    16  fsdp hybrid_shard + checkpointing mb1 m16 = 256, ckpt 50%   14572.1      71,958   70.0/80    8.06      $38,035       $3,217  compute  D+
    5  dgx_h100                       1     8  megatron tp1 cp2 pp4 dp1 mb1 m256 v2 none shard_grad_op   24470.0      42,852   71.0/80    13.5      $31,934       $2,696  compute  D
    6  dgx_a100_80gb                  2    16  megatron tp1 cp2 pp2 dp4 mb1 m64 v2 none               27397.2      38,273   67.8/80    15.2      $29,791       $4,816  compute
    7  dgx_a100_80gb                  2    16  fsdp full_shard mb1 m16 = 256                          28293.1      37,061   71.1/80    15.6      $30,765       $4,978  compute
    8  dgx_h100                       1     8  fsdp full_shard + checkpointing mb1 m32 = 256, ckpt 50%   29068.7      36,072   70.0/80    16.1      $37,935       $3,209  compute
    9  dgx_a100_80gb                  2    16  fsdp full_shard + checkpointing mb1 m16 = 256, ckpt 50%   32567.4      32,197   57.2/80    18.0      $35,413       $5,731  compute
   10  dgx_a100_80gb                  2    16  fsdp hybrid_shard + checkpointing mb1 m16 = 256, ckpt 50%   32694.5      32,072   70.0/80    18.1      $35,551       $5,753  compute
   11  dgx_a100_80gb                  1     8  megatron tp1 cp2 pp4 dp1 mb1 m256 v4 none shard_grad_op   55716.9      18,820   68.7/80    30.8      $30,291       $4,895  compute
   12  dgx_a100_80gb                  1     8  fsdp full_shard + checkpointing mb1 m32 = 256, ckpt 50%   65257.2      16,068   70.0/80    36.1      $35,478       $5,741  compute
   13  workstation_4x4090_eth100g     4    16  megatron tp2 cp2 pp4 dp1 mb1 m256 v2 full              82622.3      12,691   21.1/24    45.7       $8,767       $2,337  compute

Not fitting or not run, by reason (count, first example)
    28  dgx_a100_80gb x1 ddp mb1 m32 = 256: does not fit in GPU memory
     4  dgx_a100_80gb x1 fsdp hybrid_shard: hybrid sharding needs more than one node
