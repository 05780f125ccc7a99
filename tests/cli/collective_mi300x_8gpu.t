$ simtrain collective topologies/mi300x_8gpu.yaml -b 1K -e 16G -f 8
# exit 0
# simtrain collective: all_reduce on 8x AMD Instinct MI300X (UBB, 2x EPYC 9654) (1 node, 8 ranks), simulated
# columns as nccl-tests (out-of-place; in-place is identical in the model)
# collective library: RCCL (topologies/collectives.yaml rccl:, AMD GPUs)
#
#       size         count      type   redop    root       time    algbw    busbw          algo   proto
#        (B)    (elements)                                 (us)   (GB/s)   (GB/s)
        1024           256     float     sum      -1      31.12     0.03     0.06          ring      LL
        8192          2048     float     sum      -1      39.64     0.21     0.36          ring      LL
       65536         16384     float     sum      -1      68.84     0.95     1.67          ring      LL
      524288        131072     float     sum      -1      68.84     7.62    13.33          ring      LL
     4194304       1048576     float     sum      -1     107.89    38.88    68.03          ring  Simple
    33554432       8388608     float     sum      -1     344.42    97.42   170.49          ring  Simple
   268435456      67108864     float     sum      -1    2236.66   120.02   210.03          ring  Simple
  2147483648     536870912     float     sum      -1   13089.00   164.07   287.12          ring  Simple
 17179869184    4294967296     float     sum      -1   95793.58   179.34   313.85          ring  Simple
# Avg bus bandwidth    : 118.3259
#
# Busiest links at 17179869184 B (ring / Simple):
#    98.7%  gpu0 -> gpu1 (xgmi_mi300)
#    98.7%  gpu1 -> gpu0 (xgmi_mi300)
#    98.7%  gpu0 -> gpu2 (xgmi_mi300)
#    98.7%  gpu2 -> gpu0 (xgmi_mi300)
#    98.7%  gpu0 -> gpu3 (xgmi_mi300)
# Bottleneck: gpu0 -> gpu1 (xgmi_mi300)
#
# Trust in busbw (simtrain validate on public nccl-tests runs, validation/error_bands.yaml):
#   < 1 MiB (latency-bound)      +-20% (90%: +-47%): median error of 7 public nccl-tests collectives (2 sources) on CDNA3 (AMD Instinct MI300X, AMD Instinct MI325X); worst 47%, model tends pessimistic (-15% on average)
#   1 MiB to 64 MiB              +-29% (90%: +-93%): median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition); worst 93%, model tends pessimistic (-7.6% on average)
#   >= 64 MiB (bandwidth-bound)  +-21% (90%: +-71%): median error of 5 public collectives of >= 64 MiB (bandwidth-bound) (2 sources) on CDNA3, 1 node (AMD Instinct MI300X, AMD Instinct MI325X); worst 71%, model tends pessimistic (-17% on average)
