$ simtrain collective dgx_a100 --calibration tests/data/netcal/dgx_a100.yaml -b 8K -e 256K
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8189, nvlink step latency x1.757
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
        8192          2048     float     sum      -1      34.26     0.24     0.42          ring      LL  *
       16384          4096     float     sum      -1      39.66     0.41     0.72          ring      LL  *
       32768          8192     float     sum      -1      50.47     0.65     1.14          ring      LL
       65536         16384     float     sum      -1      50.47     1.30     2.27          ring      LL
      131072         32768     float     sum      -1      50.47     2.60     4.55          ring      LL
      262144         65536     float     sum      -1      50.47     5.19     9.09          ring      LL
# * outside the measured range, not calibrated: the calibration's log measured 32768 to 17179869184 B
# Avg bus bandwidth    : 3.0309
#
# Busiest links at 262144 B (ring / LL):
#     7.4%  gpu0 -> nvswitch (nvlink3 x12)
#     7.4%  nvswitch -> gpu0 (nvlink3 x12)
#     7.4%  gpu1 -> nvswitch (nvlink3 x12)
#     7.4%  nvswitch -> gpu1 (nvlink3 x12)
#     7.4%  gpu2 -> nvswitch (nvlink3 x12)
# Bottleneck: gpu0 -> nvswitch (nvlink3 x12)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-3.1%: median error of 1 public collectives of < 1 MiB (latency-bound) within a node on Ampere (A100-SXM4-40GB); worst 3.1%, model tends pessimistic (-3.1% on average)
