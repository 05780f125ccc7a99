$ simtrain advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 2
# exit 0
simtrain advise: Llama-2-13B fine-tune on 50 B tokens within two weeks
  Llama-2-13B, 50.0 B tokens (run.tokens); deadline 14.0 days
  5 clusters (3 systems at their node counts) x 9 strategies = 45 configurations: 12 fit, 29 do not fit (memory, or the run never finishes), 4 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU; 2 more fit only without it (--memory-margin 0 ranks them).

Answer
  Cheapest that meets the deadline: 2 x dgx_h100 (16 GPUs), megatron tp1 cp2 pp2 dp4 mb1 m8 v4 none shard_grad_op: 7.04 days, $33,228 (rent); compute-bound; buying it: $540,000; step 1591 ms, goodput 99.8%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=2 --set parallel.cp=2 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=interleaved --set parallel.virtual_stages=4 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=1 --set grad_accumulation=8
  Fastest of all: 2 x dgx_h100 (16 GPUs), megatron tp1 cp2 pp2 dp4 mb1 m8 v4 none shard_grad_op: 7.04 days, $33,228 (rent); compute-bound; buying it: $540,000; step 1591 ms, goodput 99.8%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=2 --set parallel.cp=2 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=interleaved --set parallel.virtual_stages=4 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=1 --set grad_accumulation=8
  Cheapest of all: 4 x workstation_4x4090_eth100g (16 GPUs), fsdp full_shard + checkpointing: 41.1 days, $7,901 (rent); compute-bound; buying it: $53,584; step 9308 ms, goodput 99.9%
      trust: days and cost not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-14% (90%: +-34%): median error of 10 public FSDP/ZeRO runs (3 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB, B200, H100 80GB HBM3); worst 34%, model tends optimistic (+12% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=workstation_4x4090_eth100g --set nodes=4 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=true

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_h100                       2    16  megatron tp1 cp2 pp2 dp4 mb1 m8 v4 none shard_grad_op    1591.3      82,366   70.7/80    7.04      $33,228       $2,803  compute  D+
    2  dgx_a100_80gb                  2    16  megatron tp2 pp1 dp8 mb2 m2 none full_shard             3689.7      35,524   72.4/80    16.3      $32,096       $5,181  compute
    3  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9307.6      14,082   20.7/24    41.1       $7,901       $2,173  compute

Configurations that fit, fastest first (D: meets the deadline, D+: even if off by its median error, B: within the budget)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_h100                       2    16  megatron tp1 cp2 pp2 dp4 mb1 m8 v4 none shard_grad_op    1591.3      82,366   70.7/80    7.04      $33,228       $2,803  compute  D+
    2  dgx_h100                       2    16  fsdp full_shard + checkpointing                         1996.5      65,652   20.7/80    8.83      $41,687       $3,526  compute  D+
    3  dgx_h100                       2    16  fsdp hybrid_shard + checkpointing                       2018.0      64,952   33.5/80    8.93      $42,137       $3,564  compute  D+
    4  dgx_h100                       1     8  megatron tp1 cp2 pp4 dp1 mb1 m16 v4 none shard_grad_op    1646.0      39,816   68.7/80    14.6      $34,368       $2,894  compute
    5  dgx_a100_80gb                  2    16  megatron tp2 pp1 dp8 mb2 m2 none full_shard             3689.7      35,524   72.4/80    16.3      $32,096       $5,181  compute
    6  dgx_h100                       1     8  fsdp full_shard + checkpointing                         2012.2      32,569   33.5/80    17.8      $42,016       $3,554  compute
    7  dgx_a100_80gb                  2    16  fsdp full_shard + checkpointing                         4544.9      28,840   20.7/80    20.1      $39,535       $6,397  compute
    8  dgx_a100_80gb                  2    16  fsdp hybrid_shard + checkpointing                       4580.6      28,615   33.5/80    20.3      $39,846       $6,448  compute
    9  dgx_a100_80gb                  1     8  megatron tp2 pp1 dp4 mb1 m4 none full_shard             3763.6      17,413   71.1/80    33.3      $32,738       $5,281  compute
   10  dgx_a100_80gb                  1     8  fsdp full_shard + checkpointing                         4568.1      14,347   33.5/80    40.4      $39,736       $6,430  compute
   11  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9307.6      14,082   20.7/24    41.1       $7,901       $2,173  compute
   12  workstation_4x4090_eth100g     4    16  megatron tp2 cp2 pp4 dp1 mb1 m32 v4 full               10974.4      11,943   21.1/24    48.5       $9,315       $2,457  compute

Not fitting or not run, by reason (count, first example)
    27  dgx_a100_80gb x1 ddp: does not fit in GPU memory
     4  dgx_a100_80gb x1 fsdp hybrid_shard: hybrid sharding needs more than one node
     1  dgx_a100_80gb x2 fsdp full_shard: fits GPU memory only without the memory margin (peak + 11% exceeds it; --memory-margin 0 ranks it)
     1  dgx_h100 x2 fsdp full_shard: fits GPU memory only without the memory margin (peak + 12% exceeds it; --memory-margin 0 ranks it)
