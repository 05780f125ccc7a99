$ simtrain collective dgx_a100 --compare tests/data/nccl_tests/bad/truncated.log
# exit 2
tests/data/nccl_tests/bad/truncated.log:43:62: error: the row ends after 6 fields, expected 13 (size count type redop root then time algbw busbw #wrong for out-of-place and for in-place): a truncated or garbled row
       268435456      67108864     float     sum      -1   2420.6
                                                                 ^
