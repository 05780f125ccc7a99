$ simtrain advise scenarios/8xA100_pcie_switch.yaml --jobs 2
# exit 0
simtrain advise: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50, 92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048); no deadline or budget given
  80 clusters (20 systems at their node counts) x 9 strategies = 720 configurations: 458 fit, 0 do not fit (memory, or the run never finishes), 262 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 8 x dgx_h200 (64 GPUs), megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op: 0.1 h, $32.41 (rent); compute-bound; buying it: $2,640,000; step 60 ms, goodput 100.0%
      trust: days and cost +-7.4% (90%: +-74%): median error of 21 public tensor/pipeline-parallel (3-D) runs (5 sources) on Hopper, 2 to 64 nodes (H100 80GB HBM3); worst 74%, model tends optimistic (+4.6% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=dgx_h200 --set nodes=8 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=64 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1
  Cheapest of all: 1 x workstation_4x4090 (4 GPUs), megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op: 7.0 h, $13.96 (rent); compute-bound; buying it: $12,396; step 279 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-11% (90%: +-38%): median error of 40 public tensor/pipeline-parallel (3-D) runs (12 sources) on all GPUs (A100-SXM4-80GB, H100 80GB HBM3); worst 38%, model tends optimistic (+4.9% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=workstation_4x4090 --set nodes=1 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  dgx_h200                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         59.9     273,493  11.7/140    0.00       $32.41        $7.93  compute
    2  dgx_h200                       4    32  megatron tp1 pp1 dp32 mb256 m1 none shard_grad_op         59.7     137,221  11.7/140    0.01       $32.29        $7.90  compute
    3  dgx_h200                       2    16  megatron tp1 pp1 dp16 mb256 m1 none shard_grad_op         59.6      68,716  11.7/140    0.02       $32.24        $7.89  compute
    4  dgx_h200                       1     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op          59.6      34,378  11.7/140    0.03       $32.22        $7.88  compute
    5  workstation_4x4090_eth100g     8    32  megatron tp1 pp1 dp32 mb256 m1 none shard_grad_op        279.9      29,269   11.7/24    0.04       $14.00        $5.03  compute
    6  workstation_4x4090_eth100g     4    16  megatron tp1 pp1 dp16 mb256 m1 none shard_grad_op        279.6      14,651   11.7/24    0.07       $13.98        $5.03  compute
    7  workstation_4x4090_eth100g     2     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op         279.4       7,330   11.7/24    0.15       $13.97        $5.03  compute
    8  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $4.80  compute
    9  workstation_4x4090_eth100g     1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $5.02  compute

Configurations that fit, fastest first (the first 20 of 458)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  dgx_h200                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         59.9     273,493  11.7/140    0.00       $32.41        $7.93  compute
    2  dgx_h200                       8    64  fsdp hybrid_shard                                         59.9     273,432  11.7/140    0.00       $32.41        $7.93  compute
    3  dgx_h200                       8    64  fsdp shard_grad_op                                        60.0     272,929  11.7/140    0.00       $32.47        $7.94  compute
    4  dgx_h200                       8    64  ddp                                                       60.1     272,546  12.0/140    0.00       $32.52        $7.95  compute
    5  dgx_h200                       8    64  zero1                                                     60.1     272,527  11.7/140    0.00       $32.52        $7.95  compute
    6  dgx_h200                       8    64  fsdp full_shard                                           60.4     271,269  11.6/140    0.00       $32.67        $7.99  compute
    7  dgx_h100                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         79.2     206,837   11.7/80    0.01       $97.38        $8.79  compute
    8  h100_800g                      8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         79.2     206,760   11.7/80    0.01       $97.42        $7.38  compute
    9  dgx_h100                       8    64  fsdp hybrid_shard                                         79.3     206,632   11.7/80    0.01       $97.48        $8.80  compute
   10  h100_800g                      8    64  fsdp hybrid_shard                                         79.3     206,501   11.7/80    0.01       $97.54        $7.39  compute
   11  dgx_h100                       8    64  fsdp shard_grad_op                                        79.4     206,453   11.7/80    0.01       $97.56        $8.81  compute
   12  h100_800g                      8    64  fsdp shard_grad_op                                        79.4     206,377   11.7/80    0.01       $97.60        $7.39  compute
   13  dgx_h200                       8    64  fsdp hybrid_shard + checkpointing                         79.4     206,274   3.8/140    0.01       $42.97       $10.52  compute
   14  dgx_h100                       8    64  zero1                                                     79.5     206,209   11.7/80    0.01       $97.68        $8.81  compute
   15  dgx_h100                       8    64  ddp                                                       79.5     205,976   12.0/80    0.01       $97.79        $8.83  compute
   16  dgx_h100                       8    64  fsdp full_shard                                           79.7     205,515   11.6/80    0.01       $98.01        $8.84  compute
   17  dgx_h200                       8    64  ddp + checkpointing                                       79.8     205,435   9.7/140    0.01       $43.14       $10.56  compute
   18  dgx_h200                       8    64  fsdp full_shard + checkpointing                           79.9     205,079   3.7/140    0.01       $43.22       $10.57  compute
   19  h100_800g                      8    64  fsdp full_shard                                           79.9     205,017   11.6/80    0.01       $98.24        $7.44  compute
   20  h100_800g                      8    64  ddp                                                       80.0     204,845   12.0/80    0.01       $98.33        $7.45  compute

Not fitting or not run, by reason (count, first example)
    40  a100_80gb_400g x1 fsdp hybrid_shard: hybrid sharding needs more than one node
    94  node_1gpu_eth100g_tcp x1 ddp: the system has no storage device to write checkpoints to: add one to the system (a node's nvme0, or a fabric storage), or set run.failures.per_gpu_hour and run.failures.per_node_hour to 0 (no failures, no checkpoints)
    20  node_1gpu_eth100g_tcp x1 zero1: one GPU: nothing to shard or split (ddp is the same run)
   108  tinybox_6x4090 x2 ddp: a single box: the system file has no fabric to join nodes
