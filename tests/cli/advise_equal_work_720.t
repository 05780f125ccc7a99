$ simtrain advise scenarios/8xA100_pcie_switch.yaml --jobs 2
# exit 0
simtrain advise: 8x A100 PCIe switch, ResNet-50 DDP
  ResNet-50, 92,160,000 samples (run.steps 45,000 at the scenario's global batch of 2,048); no deadline or budget given
  88 clusters (22 systems at their node counts) x 9 strategies = 792 configurations: 526 fit, 0 do not fit (memory, or the run never finishes), 266 not run
  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 11% to 12% (the peak-memory band's median error by GPU and scale) must fit the GPU (--memory-margin 0 ranks on the simulated peak).

Answer
  Fastest of all: 8 x mi325x_8gpu (64 GPUs), fsdp hybrid_shard: 0.1 h, $9.84 (rent); compute-bound; buying it: $1,360,000; step 50 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (FSDP/ZeRO runs never validated on gfx942); nearest band +-8.7% (90%: +-38%): median error of 9 public FSDP/ZeRO runs (2 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3); worst 38%, model tends optimistic (+8.9% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=mi325x_8gpu --set nodes=8 --set run.samples=92160000 --set strategy=fsdp --set fsdp.sharding=hybrid_shard --set activation_checkpointing=false
  Cheapest of all: 1 x mi325x_8gpu (8 GPUs), megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op: 0.6 h, $9.76 (rent); compute-bound; buying it: $170,000; step 50 ms, goodput 100.0%
      trust: days and cost not validated for this kind of run (tensor/pipeline-parallel (3-D) runs never validated on gfx942); nearest band +-11% (90%: +-38%): median error of 40 public tensor/pipeline-parallel (3-D) runs (12 sources) on all GPUs (A100-SXM4-80GB, H100 80GB HBM3); worst 38%, model tends optimistic (+4.9% on average)
      reproduce: simtrain scenarios/8xA100_pcie_switch.yaml --set system=mi325x_8gpu --set nodes=1 --set run.samples=92160000 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=1 --set parallel.cp=1 --set parallel.ep=1 --set parallel.dp=8 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=256 --set grad_accumulation=1

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  mi325x_8gpu                    8    64  fsdp hybrid_shard                                         50.5     324,608  11.7/256    0.00        $9.84        $4.03  compute
    2  mi325x_8gpu                    4    32  megatron tp1 pp1 dp32 mb256 m1 none shard_grad_op         50.3     162,735  11.7/256    0.01        $9.82        $4.02  compute
    3  mi325x_8gpu                    2    16  megatron tp1 pp1 dp16 mb256 m1 none shard_grad_op         50.2      81,563  11.7/256    0.01        $9.79        $4.01  compute
    4  mi325x_8gpu                    1     8  megatron tp1 pp1 dp8 mb256 m1 none shard_grad_op          50.0      40,927  11.7/256    0.03        $9.76        $4.00  compute

Configurations that fit, fastest first (the first 20 of 526)
    #  system                     nodes  GPUs  strategy                                               step ms   samples/s   mem GiB    days         rent          own  bound
    1  mi325x_8gpu                    8    64  fsdp hybrid_shard                                         50.5     324,608  11.7/256    0.00        $9.84        $4.03  compute
    2  mi325x_8gpu                    8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         50.7     323,405  11.7/256    0.00        $9.88        $4.05  compute
    3  mi325x_8gpu                    8    64  fsdp shard_grad_op                                        50.8     322,690  11.7/256    0.00        $9.90        $4.05  compute
    4  mi325x_8gpu                    8    64  fsdp full_shard                                           51.7     316,801  11.6/256    0.00       $10.09        $4.12  compute
    5  mi325x_8gpu                    8    64  ddp                                                       51.8     316,527  12.0/256    0.00       $10.10        $4.12  compute
    6  mi325x_8gpu                    8    64  zero1                                                     51.8     316,252  11.7/256    0.00       $10.10        $4.13  compute
    7  mi300x_8gpu                    8    64  fsdp hybrid_shard                                         57.2     286,675  11.7/192    0.00       $13.66        $3.93  compute
    8  mi300x_8gpu                    8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         57.3     286,007  11.7/192    0.00       $13.69        $3.94  compute
    9  mi300x_8gpu                    8    64  fsdp shard_grad_op                                        57.4     285,419  11.7/192    0.00       $13.72        $3.95  compute
   10  mi300x_8gpu                    8    64  fsdp full_shard                                           58.3     280,808  11.6/192    0.00       $13.95        $4.01  compute
   11  mi300x_8gpu                    8    64  ddp                                                       58.5     280,260  12.0/192    0.00       $13.98        $4.02  compute
   12  mi300x_8gpu                    8    64  zero1                                                     58.5     280,084  11.7/192    0.00       $13.98        $4.02  compute
   13  dgx_h200                       8    64  megatron tp1 pp1 dp64 mb256 m1 none shard_grad_op         59.9     273,493  11.7/140    0.00       $32.41        $7.93  compute
   14  dgx_h200                       8    64  fsdp hybrid_shard                                         59.9     273,432  11.7/140    0.00       $32.41        $7.93  compute
   15  dgx_h200                       8    64  fsdp shard_grad_op                                        60.0     272,929  11.7/140    0.00       $32.47        $7.94  compute
   16  dgx_h200                       8    64  ddp                                                       60.1     272,546  12.0/140    0.00       $32.52        $7.95  compute
   17  dgx_h200                       8    64  zero1                                                     60.1     272,527  11.7/140    0.00       $32.52        $7.95  compute
   18  dgx_h200                       8    64  fsdp full_shard                                           60.4     271,269  11.6/140    0.00       $32.67        $7.99  compute
   19  mi325x_8gpu                    8    64  fsdp hybrid_shard + checkpointing                         66.7     245,795   3.8/256    0.00       $13.00        $5.33  compute
   20  mi325x_8gpu                    8    64  fsdp full_shard + checkpointing                           67.9     241,361   3.7/256    0.00       $13.24        $5.42  compute

Not fitting or not run, by reason (count, first example)
    44  a100_80gb_400g x1 fsdp hybrid_shard: hybrid sharding needs more than one node
    94  node_1gpu_eth100g_tcp x1 ddp: the system has no storage device to write checkpoints to: add one to the system (a node's nvme0, or a fabric storage), or set run.failures.per_gpu_hour and run.failures.per_node_hour to 0 (no failures, no checkpoints)
    20  node_1gpu_eth100g_tcp x1 zero1: one GPU: nothing to shard or split (ddp is the same run)
   108  tinybox_6x4090 x2 ddp: a single box: the system file has no fabric to join nodes
