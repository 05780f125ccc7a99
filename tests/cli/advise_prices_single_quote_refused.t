$ simtrain advise tests/data/prices/single_quote.yaml --systems workstation_4x4090,workstation_1xa100_pcie --nodes 1 --strategies ddp,full_shard_checkpointed --set run.tokens=1e9 --jobs 2
# exit 0
simtrain advise: single_quote
  TinyLlama-1.1B, 1.0 B tokens (run.tokens); no deadline or budget given
  2 clusters (2 systems at their node counts) x 2 strategies = 4 configurations: 1 fit, 1 do not fit (memory, or the run never finishes), 2 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs)) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest and cheapest of all: 1 x workstation_4x4090 (4 GPUs), fsdp full_shard + checkpointing: 8.3 h, $16.69 (rent); compute-bound; buying it: $14,800; step 492 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-12% (90%: +-34%): median error of 7 public FSDP/ZeRO runs (3 sources) on all GPUs, 1 node (B200, GB200, H100 80GB HBM3); worst 34%, model tends optimistic (+9.3% on average)
      reproduce: simtrain tests/data/prices/single_quote.yaml --set system=workstation_4x4090 --set nodes=1 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=true

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  fsdp full_shard + checkpointing                          492.0      33,303    5.0/24    0.35       $16.69        $4.93  compute

Configurations that fit, fastest first
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  fsdp full_shard + checkpointing                          492.0      33,303    5.0/24    0.35       $16.69        $4.93  compute

Not fitting or not run, by reason (count, first example)
     1  workstation_4x4090 x1 ddp: does not fit in GPU memory
     1  workstation_1xa100_pcie x1 ddp: cost.purchase is the quote for this file's system (workstation_4x4090); this run is on workstation_1xa100_pcie (--set system=): quote it in prices: by system ({workstation_1xa100_pcie: {purchase: ...}}) or by GPU ({a100_pcie_80gb: ...}), or move cost.purchase into prices: {workstation_4x4090: ...} so that other systems take the catalog's list price
     1  workstation_1xa100_pcie x1 fsdp full_shard + checkpointing: one GPU: nothing to shard or split (ddp is the same run)
