$ simtrain advise scenarios/advise_tinyllama_4x4090_vs_a100.yaml --jobs 2
# exit 0
simtrain advise: TinyLlama 1.1B on 10 B tokens, 4x RTX 4090 or one A100 80GB
  TinyLlama-1.1B, 10.0 B tokens (run.tokens); no deadline or budget given
  2 clusters (2 systems at their node counts) x 9 strategies = 18 configurations: 4 fit, 5 do not fit (memory, or the run never finishes), 9 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on Ampere)) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest and cheapest of all: 1 x workstation_4x4090 (4 GPUs), megatron tp1 pp1 dp4 mb2 m4 none shard_grad_op: 2.39 days, $30.13 (own); compute-bound; buying it: $12,396; step 1353 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-6.8% (90%: +-49%): median error of 10 public tensor/pipeline-parallel (3-D) runs (8 sources) on all GPUs, 1 node (AMD Instinct MI300X, AMD Instinct MI325X, GB200, H100 80GB HBM3); worst 52%, model tends optimistic (+6.8% on average)
      reproduce: simtrain scenarios/advise_tinyllama_4x4090_vs_a100.yaml --set system=workstation_4x4090 --set nodes=1 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=2 --set grad_accumulation=4

Pareto front: days against own cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb2 m4 none shard_grad_op          1353.4      48,422   18.6/24    2.39         $115       $30.13  compute

Configurations that fit, fastest first
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb2 m4 none shard_grad_op          1353.4      48,422   18.6/24    2.39         $115       $30.13  compute
    2  workstation_4x4090             1     4  fsdp full_shard + checkpointing                         1742.9      37,602    8.1/24    3.08         $148       $38.85  compute
    3  workstation_1xa100_pcie        1     1  ddp                                                      698.8      23,445   45.1/80    4.94         $435       $68.77  compute
    4  workstation_1xa100_pcie        1     1  ddp + checkpointing                                      913.3      17,940   21.6/80    6.45         $568       $89.87  compute

Not fitting or not run, by reason (count, first example)
     5  workstation_4x4090 x1 ddp: does not fit in GPU memory
     4  workstation_4x4090 x1 fsdp hybrid_shard: hybrid sharding needs more than one node
     5  workstation_1xa100_pcie x1 zero1: one GPU: nothing to shard or split (ddp is the same run)
