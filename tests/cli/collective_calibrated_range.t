$ simtrain collective dgx_a100 --calibration tests/data/netcal/dgx_a100.yaml -b 8K -e 256K
# exit 0
# simtrain collective: all_reduce on DGX A100 (8x A100-SXM4-40GB) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# network calibrated: tests/data/netcal/dgx_a100.yaml (fitted on tests/data/nccl_tests/a100_8gpu_all_reduce_stas00.log: all_reduce, 8 ranks, 32768 to 17179869184 B): nvlink3 efficiency 0.8175, nvlink LL step latency x1.202, nvlink LL128 step latency x1.920, nvlink Simple step latency x1.244, LL bound 15.8 GB/s inside a node
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
        8192          2048     float     sum      -1      29.60     0.28     0.48          ring      LL  *
       16384          4096     float     sum      -1      35.02     0.47     0.82          ring      LL  *
       32768          8192     float     sum      -1      45.84     0.71     1.25          ring      LL
       65536         16384     float     sum      -1      45.84     1.43     2.50          ring      LL
      131072         32768     float     sum      -1      49.10     2.67     4.67          ring      LL
      262144         65536     float     sum      -1      63.58     4.12     7.22          ring      LL
# * outside the measured range, not calibrated: the calibration's log measured 32768 to 17179869184 B
# Avg bus bandwidth    : 2.8240
#
# Busiest links at 262144 B (ring / LL):
#     5.9%  gpu0 -> nvswitch (nvlink3 x12)
#     5.9%  nvswitch -> gpu0 (nvlink3 x12)
#     5.9%  gpu1 -> nvswitch (nvlink3 x12)
#     5.9%  nvswitch -> gpu1 (nvlink3 x12)
#     5.9%  gpu2 -> nvswitch (nvlink3 x12)
# Bottleneck: gpu0 -> nvswitch (nvlink3 x12)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-8.0% (90%: +-80%): median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+7.2% on average)
