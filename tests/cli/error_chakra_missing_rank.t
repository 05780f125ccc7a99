$ simtrain replay tests/data/chakra/bad_missing_rank --system dgx_a100
# exit 2
tests/data/chakra/bad_missing_rank: error: rank 1's file (dp.1.et) is missing; ranks must run 0 .. n-1
