$ simtrain advise scenarios/8xA100_pcie_switch.yaml --jobs 2
# exit 0
simtrain advise: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50, 92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048); no deadline or budget given
  108 clusters (27 systems at their node counts) x 9 strategies = 972 configurations: 669 fit, 0 do not fit (memory, or the run never finishes), 303 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 8 x gb200_nvl72 (576 GPUs), ddp: 0.0 h, $15.96 (rent); compute-bound; buying it: $24,000,000; step 35 ms, goodput 99.8%
      trust: days and cost not validated for this kind of run (multi-GPU DDP runs never validated on Blackwell); nearest band +-23% (90%: +-97%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=gb200_nvl72 --set nodes=8 --set run.samples=92160000 --set strategy=ddp --set activation_checkpointing=false
  Cheapest of all: 1 x mi325x_8gpu (8 GPUs), megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op: 0.6 h, $9.76 (rent); compute-bound; buying it: $170,000; step 50 ms, goodput 100.0%
      trust: days and cost +-5.6% (90%: +-52%): median error of 7 public tensor/pipeline-parallel (3-D) runs (6 sources) on CDNA3, 1 node (AMD Instinct MI300X, AMD Instinct MI325X); worst 52%, model tends pessimistic (-0.7% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=mi325x_8gpu --set nodes=1 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=8 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    8   576  ddp                                                       35.1   4,202,042  12.0/185    0.00       $15.96        $5.07  compute
    2  gb200_nvl72                    4   288  ddp                                                       35.0   2,103,791  12.0/185    0.00       $15.93        $5.06  compute
    3  gb200_nvl72                    2   144  ddp                                                       35.0   1,053,279  12.0/185    0.00       $15.90        $5.05  compute
    4  gb200_nvl72                    1    72  megatron tp1 pp1 dp72 mb256 m1 none shard_grad_op         34.8     529,647  11.7/185    0.00       $15.81        $5.02  compute
    5  mi325x_8gpu                    8    64  fsdp hybrid_shard                                         50.5     324,608  11.7/256    0.00        $9.84        $4.03  compute
    6  mi325x_8gpu                    4    32  megatron tp1 pp1 dp32 mb256 m1 none shard_grad_op         50.3     162,735  11.7/256    0.01        $9.82        $4.02  compute
    7  mi325x_8gpu                    2    16  megatron tp1 pp1 dp16 mb256 m1 none shard_grad_op         50.2      81,563  11.7/256    0.01        $9.79        $4.01  compute
    8  mi325x_8gpu                    1     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op          50.0      40,927  11.7/256    0.03        $9.76        $4.00  compute

Configurations that fit, fastest first (the first 20 of 669)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    8   576  ddp                                                       35.1   4,202,042  12.0/185    0.00       $15.96        $5.07  compute
    2  gb200_nvl72                    8   576  fsdp hybrid_shard                                         35.2   4,187,773  11.6/185    0.00       $16.02        $5.08  compute
    3  gb200_nvl72                    8   576  zero1                                                     36.1   4,079,876  11.7/185    0.00       $16.44        $5.20  compute
    4  gb200_nvl72                    8   576  megatron tp1 pp1 dp576 mb256 m1 none                      38.5   3,832,227  11.7/185    0.00       $17.50        $5.50  compute
    5  gb200_nvl72                    8   576  fsdp shard_grad_op                                        43.2   3,410,230  11.7/185    0.00       $19.67        $6.12  compute
    6  gb200_nvl72                    8   576  fsdp hybrid_shard + checkpointing                         46.6   3,162,101   3.7/185    0.00       $21.21        $6.74  compute
    7  gb200_nvl72                    8   576  ddp + checkpointing                                       46.6   3,161,235   9.7/185    0.00       $21.22        $6.75  compute
    8  gb200_nvl72                    8   576  fsdp full_shard                                           49.4   2,984,838  11.6/185    0.00       $22.47        $6.91  compute
    9  gb200_nvl72                    8   576  fsdp full_shard + checkpointing                           58.3   2,530,048   3.7/185    0.00       $26.51        $8.24  compute
   10  gb200_nvl72                    4   288  ddp                                                       35.0   2,103,791  12.0/185    0.00       $15.93        $5.06  compute
   11  gb200_nvl72                    4   288  fsdp hybrid_shard                                         35.2   2,094,982  11.6/185    0.00       $15.99        $5.08  compute
   12  gb200_nvl72                    4   288  zero1                                                     36.7   2,008,123  11.7/185    0.00       $16.69        $5.27  compute
   13  gb200_nvl72                    4   288  megatron tp1 pp1 dp288 mb256 m1 none shard_grad_op        38.1   1,936,803  11.7/185    0.00       $17.30        $5.44  compute
   14  gb200_nvl72                    4   288  fsdp shard_grad_op                                        38.2   1,931,609  11.7/185    0.00       $17.35        $5.46  compute
   15  gb200_nvl72                    4   288  fsdp full_shard                                           40.1   1,840,349  11.6/185    0.00       $18.21        $5.70  compute
   16  gb200_nvl72                    4   288  ddp + checkpointing                                       46.6   1,582,059   9.7/185    0.00       $21.18        $6.73  compute
   17  gb200_nvl72                    4   288  fsdp hybrid_shard + checkpointing                         46.6   1,581,659   3.7/185    0.00       $21.19        $6.73  compute
   18  gb200_nvl72                    4   288  fsdp full_shard + checkpointing                           50.9   1,449,870   3.7/185    0.00       $23.11        $7.28  compute
   19  gb200_nvl72                    2   144  ddp                                                       35.0   1,053,279  12.0/185    0.00       $15.90        $5.05  compute
   20  gb200_nvl72                    2   144  megatron tp1 pp1 dp144 mb256 m1 none shard_grad_op        35.2   1,048,028  11.7/185    0.00       $15.98        $5.07  compute

Not fitting or not run, by reason (count, first example)
    54  a100_80gb_400g x1 fsdp hybrid_shard: hybrid sharding needs more than one node
    94  node_1gpu_eth100g_tcp x1 ddp: the system has no storage device to write checkpoints to: add one to the system (a node's nvme0, or a fabric storage), or set run.failures.per_gpu_hour and run.failures.per_node_hour to 0 (no failures, no checkpoints)
    20  node_1gpu_eth100g_tcp x1 zero1: one GPU: nothing to shard or split (ddp is the same run)
   135  tinybox_6x4090 x2 ddp: a single box: the system file has no fabric to join nodes
