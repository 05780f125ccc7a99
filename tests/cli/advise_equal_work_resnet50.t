$ simtrain advise scenarios/8xA100_pcie_switch.yaml --systems workstation_1xa100_pcie,workstation_4x4090,dgx_h200 --nodes 1,8 --strategies ddp,megatron --jobs 2
# exit 0
simtrain advise: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50, 92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048); no deadline or budget given
  6 clusters (3 systems at their node counts) x 2 strategies = 12 configurations: 7 fit, 0 do not fit (memory, or the run never finishes), 5 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs, 2 to 64 nodes)) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 8 x dgx_h200 (64 GPUs), megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op: 0.1 h, $32.41 (rent); compute-bound; buying it: $2,640,000; step 60 ms, goodput 100.0%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=dgx_h200 --set nodes=8 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=64 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1
  Cheapest of all: 1 x workstation_4x4090 (4 GPUs), megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op: 7.0 h, $13.96 (rent); compute-bound; buying it: $12,396; step 279 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-6.8% (90%: +-49%): median error of 10 public tensor/pipeline-parallel (3-D) runs (8 sources) on all GPUs, 1 node (AMD Instinct MI300X, AMD Instinct MI325X, GB200, H100 80GB HBM3); worst 52%, model tends optimistic (+6.8% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=workstation_4x4090 --set nodes=1 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  dgx_h200                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         59.9     273,493  11.7/140    0.00       $32.41        $7.93  compute
    2  dgx_h200                       1     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op          59.6      34,378  11.7/140    0.03       $32.22        $7.88  compute
    3  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $4.80  compute

Configurations that fit, fastest first
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  dgx_h200                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         59.9     273,493  11.7/140    0.00       $32.41        $7.93  compute
    2  dgx_h200                       8    64  ddp                                                       60.1     272,546  12.0/140    0.00       $32.52        $7.95  compute
    3  dgx_h200                       1     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op          59.6      34,378  11.7/140    0.03       $32.22        $7.88  compute
    4  dgx_h200                       1     8  ddp                                                       59.9      34,208  12.0/140    0.03       $32.38        $7.92  compute
    5  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $4.80  compute
    6  workstation_4x4090             1     4  ddp                                                      281.1       3,642   12.0/24    0.29       $14.06        $4.83  compute
    7  workstation_1xa100_pcie        1     1  ddp                                                      147.2       1,739   11.9/80    0.61       $54.02        $9.26  compute

Not fitting or not run, by reason (count, first example)
     1  workstation_1xa100_pcie x1 megatron: one GPU: nothing to shard or split (ddp is the same run)
     4  workstation_1xa100_pcie x8 ddp: a single box: the system file has no fabric to join nodes
