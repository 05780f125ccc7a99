$ simtrain collective pcie_switch_8gpu -b 1M -e 1M --data-dir tests/data/data_path
# exit 0
# simtrain collective: all_reduce on pcie_switch_8gpu as copied into a --data-dir folder (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
     1048576        262144     float     sum      -1     207.07     5.06     8.86          ring  Simple
# Avg bus bandwidth    : 8.8619
#
# Busiest links at 1048576 B (ring / Simple):
#    36.9%  cpu0 (root complex transit)
#    36.9%  cpu1 (root complex transit)
#    32.0%  plx0 -> cpu0 (pcie4x16)
#    32.0%  cpu0 -> plx0 (pcie4x16)
#    32.0%  plx0 -> gpu0 (pcie4x16)
# Bottleneck: cpu0 (root complex transit)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   1 MiB to 64 MiB              +-7.1% (90%: +-89%): median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 93%, model tends optimistic (+7.2% on average)
