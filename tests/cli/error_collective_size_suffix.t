$ simtrain collective dgx_a100 -b 1 -e 8P
# exit 2
simtrain: error: '-e': bad size '8P': expected a byte count with an optional suffix K, M, G or T (binary, as nccl-tests) or one of the units B, KB, MB, GB, TB, KiB, MiB, GiB, TiB (at most 8 PiB)
