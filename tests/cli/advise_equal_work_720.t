$ simtrain advise scenarios/8xA100_pcie_switch.yaml --jobs 2
# exit 0
simtrain advise: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50, 92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048); no deadline or budget given
  100 clusters (25 systems at their node counts) x 9 strategies = 900 configurations: 595 fit, 0 do not fit (memory, or the run never finishes), 305 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 8 x gb200_nvl72 (576 GPUs), ddp: 0.0 h, $15.96 (rent); compute-bound; buying it: $24,000,000; step 35 ms, goodput 99.8%
      trust: days and cost not validated for this kind of run (multi-GPU DDP runs never validated on Blackwell); nearest band +-24% (90%: +-99%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=gb200_nvl72 --set nodes=8 --set run.samples=92160000 --set strategy=ddp --set activation_checkpointing=false
  Cheapest of all: 1 x workstation_4x4090 (4 GPUs), megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op: 7.0 h, $13.96 (rent); compute-bound; buying it: $12,396; step 279 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on Ada); nearest band +-11% (90%: +-38%): median error of 40 public tensor/pipeline-parallel (3-D) runs (12 sources) on all GPUs (A100-SXM4-80GB, H100 80GB HBM3); worst 38%, model tends optimistic (+4.9% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=workstation_4x4090 --set nodes=1 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=4 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    8   576  ddp                                                       35.1   4,202,042  12.0/185    0.00       $15.96        $5.07  compute
    2  gb200_nvl72                    4   288  ddp                                                       35.0   2,103,791  12.0/185    0.00       $15.93        $5.06  compute
    3  gb200_nvl72                    2   144  ddp                                                       35.0   1,053,279  12.0/185    0.00       $15.90        $5.05  compute
    4  gb200_nvl72                    1    72  megatron tp1 pp1 dp72 mb256 m1 none shard_grad_op         34.8     529,647  11.7/185    0.00       $15.81        $5.02  compute
    5  workstation_4x4090_eth100g     8    32  megatron tp1 pp1 dp32 mb256 m1 none shard_grad_op        279.9      29,269   11.7/24    0.04       $14.00        $5.03  compute
    6  workstation_4x4090_eth100g     4    16  megatron tp1 pp1 dp16 mb256 m1 none shard_grad_op        279.6      14,651   11.7/24    0.07       $13.98        $5.03  compute
    7  workstation_4x4090_eth100g     2     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op         279.4       7,330   11.7/24    0.15       $13.97        $5.03  compute
    8  workstation_4x4090             1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $4.80  compute
    9  workstation_4x4090_eth100g     1     4  megatron tp1 pp1 dp4 mb256 m1 none shard_grad_op         279.1       3,669   11.8/24    0.29       $13.96        $5.02  compute

Configurations that fit, fastest first (the first 20 of 595)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    8   576  ddp                                                       35.1   4,202,042  12.0/185    0.00       $15.96        $5.07  compute
    2  gb200_nvl72                    8   576  zero1                                                     36.1   4,080,666  11.7/185    0.00       $16.44        $5.20  compute
    3  gb200_nvl72                    8   576  megatron tp1 pp1 dp576 mb256 m1 none                      38.5   3,833,620  11.7/185    0.00       $17.50        $5.50  compute
    4  gb200_nvl72                    8   576  fsdp shard_grad_op                                        43.2   3,416,613  11.7/185    0.00       $19.63        $6.11  compute
    5  gb200_nvl72                    8   576  ddp + checkpointing                                       46.6   3,161,235   9.7/185    0.00       $21.22        $6.75  compute
    6  gb200_nvl72                    8   576  fsdp full_shard                                           49.2   2,994,329  11.6/185    0.00       $22.40        $6.89  compute
    7  gb200_nvl72                    8   576  fsdp full_shard + checkpointing                           58.2   2,535,497   3.7/185    0.00       $26.46        $8.22  compute
    8  gb200_nvl72                    4   288  ddp                                                       35.0   2,103,791  12.0/185    0.00       $15.93        $5.06  compute
    9  gb200_nvl72                    4   288  zero1                                                     36.7   2,008,185  11.7/185    0.00       $16.69        $5.27  compute
   10  gb200_nvl72                    4   288  megatron tp1 pp1 dp288 mb256 m1 none shard_grad_op        38.0   1,939,499  11.7/185    0.00       $17.28        $5.44  compute
   11  gb200_nvl72                    4   288  fsdp shard_grad_op                                        38.1   1,934,290  11.7/185    0.00       $17.32        $5.45  compute
   12  gb200_nvl72                    4   288  fsdp full_shard                                           40.0   1,844,815  11.6/185    0.00       $18.16        $5.69  compute
   13  gb200_nvl72                    4   288  ddp + checkpointing                                       46.6   1,582,059   9.7/185    0.00       $21.18        $6.73  compute
   14  gb200_nvl72                    4   288  fsdp full_shard + checkpointing                           50.8   1,451,635   3.7/185    0.00       $23.08        $7.27  compute
   15  gb200_nvl72                    2   144  ddp                                                       35.0   1,053,279  12.0/185    0.00       $15.90        $5.05  compute
   16  gb200_nvl72                    2   144  megatron tp1 pp1 dp144 mb256 m1 none shard_grad_op        35.2   1,048,213  11.7/185    0.00       $15.98        $5.07  compute
   17  gb200_nvl72                    2   144  fsdp shard_grad_op                                        35.3   1,045,171  11.7/185    0.00       $16.02        $5.08  compute
   18  gb200_nvl72                    2   144  zero1                                                     35.8   1,029,683  11.7/185    0.00       $16.26        $5.15  compute
   19  gb200_nvl72                    2   144  fsdp full_shard                                           36.0   1,024,068  11.6/185    0.00       $16.35        $5.18  compute
   20  gb200_nvl72                    2   144  ddp + checkpointing                                       46.6     791,750   9.7/185    0.00       $21.15        $6.73  compute

Not fitting or not run, by reason (count, first example)
    50  a100_80gb_400g x1 fsdp hybrid_shard: hybrid sharding needs more than one node
     6  gb200_nvl72 x2 fsdp hybrid_shard: no network path between nodes
    94  node_1gpu_eth100g_tcp x1 ddp: the system has no storage device to write checkpoints to: add one to the system (a node's nvme0, or a fabric storage), or set run.failures.per_gpu_hour and run.failures.per_node_hour to 0 (no failures, no checkpoints)
    20  node_1gpu_eth100g_tcp x1 zero1: one GPU: nothing to shard or split (ddp is the same run)
   135  tinybox_6x4090 x2 ddp: a single box: the system file has no fabric to join nodes
