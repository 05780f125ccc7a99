$ simtrain advise scenarios/advise_tinyllama_4x4090_vs_a100.yaml --systems dgx_a100_80gb,workstation_4x4090 --nodes 1,2 --strategies ddp --set system.fabric.oversubscription=2 --jobs 2
# exit 0
simtrain advise: TinyLlama 1.1B on 10 B tokens, 4x RTX 4090 or one A100 80GB
  TinyLlama-1.1B, 10.0 B tokens (run.tokens); no deadline or budget given
  4 clusters (2 systems at their node counts) x 1 strategies = 4 configurations: 2 fit, 0 do not fit (memory, or the run never finishes), 2 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 2 x dgx_a100_80gb (16 GPUs), ddp: 7.6 h, $101 (own); compute-bound; buying it: $438,000; step 717 ms, goodput 99.9%
      trust: days and cost not validated for this kind of run (16 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
      reproduce: simtrain scenarios/advise_tinyllama_4x4090_vs_a100.yaml --set system=dgx_a100_80gb --set nodes=2 --set strategy=ddp --set activation_checkpointing=false
  Cheapest of all: 1 x dgx_a100_80gb (8 GPUs), ddp: 15.2 h, $101 (own); compute-bound; buying it: $219,000; step 716 ms, goodput 99.9%
      trust: days and cost +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
      reproduce: simtrain scenarios/advise_tinyllama_4x4090_vs_a100.yaml --set system=dgx_a100_80gb --set nodes=1 --set strategy=ddp --set activation_checkpointing=false

Pareto front: days against own cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_a100_80gb                  2    16  ddp                                                      716.8     365,716   49.4/80    0.32         $623         $101  compute
    2  dgx_a100_80gb                  1     8  ddp                                                      716.0     183,058   49.4/80    0.63         $622         $101  compute

Configurations that fit, fastest first
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  dgx_a100_80gb                  2    16  ddp                                                      716.8     365,716   49.4/80    0.32         $623         $101  compute
    2  dgx_a100_80gb                  1     8  ddp                                                      716.0     183,058   49.4/80    0.63         $622         $101  compute

Not fitting or not run, by reason (count, first example)
     1  workstation_4x4090 x1 ddp: topologies/workstation_4x4090.yaml has no 'fabric' block; a --set changes a value of the file, it adds no block
     1  workstation_4x4090 x2 ddp: a single box: the system file has no fabric to join nodes
