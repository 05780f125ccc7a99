$ simtrain advise tests/data/prices/tinyllama_quotes.yaml --strategies ddp,full_shard_checkpointed --jobs 2
# exit 0
simtrain advise: TinyLlama 1.1B on 10 B tokens, quoted 4x RTX 4090 or one A100 80GB
  TinyLlama-1.1B, 10.0 B tokens (run.tokens); no deadline or budget given
  2 clusters (2 systems at their node counts) x 2 strategies = 4 configurations: 2 fit, 1 do not fit (memory, or the run never finishes), 1 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on Ampere)) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest and cheapest of all: 1 x workstation_4x4090 (4 GPUs), fsdp full_shard + checkpointing: 3.08 days, $40.76 (own); compute-bound; buying it: $13,300; step 1743 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-12% (90%: +-34%): median error of 7 public FSDP/ZeRO runs (3 sources) on all GPUs, 1 node (B200, GB200, H100 80GB HBM3); worst 34%, model tends optimistic (+9.3% on average)
      reproduce: simtrain tests/data/prices/tinyllama_quotes.yaml --set system=workstation_4x4090 --set nodes=1 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=true

Pareto front: days against own cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  fsdp full_shard + checkpointing                         1742.9      37,602    8.1/24    3.08         $133       $40.76  compute

Configurations that fit, fastest first
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  fsdp full_shard + checkpointing                         1742.9      37,602    8.1/24    3.08         $133       $40.76  compute
    2  workstation_1xa100_pcie        1     1  ddp                                                      698.8      23,445   45.1/80    4.94         $190       $51.86  compute

Not fitting or not run, by reason (count, first example)
     1  workstation_4x4090 x1 ddp: does not fit in GPU memory
     1  workstation_1xa100_pcie x1 fsdp full_shard + checkpointing: one GPU: nothing to shard or split (ddp is the same run)
