$ simtrain calibrate --nccl-tests tests/data/nccl_tests/bad/truncated.log --system dgx_a100 -o /tmp/simtrain_cli_netcal_bad1.yaml; rc=$?; test -e /tmp/simtrain_cli_netcal_bad1.yaml && echo "written: /tmp/simtrain_cli_netcal_bad1.yaml"; exit $rc
# exit 2
tests/data/nccl_tests/bad/truncated.log:43:62: error: the row ends after 6 fields, expected 13 (size count type redop root then time algbw busbw #wrong for out-of-place and for in-place): a truncated or garbled row
       268435456      67108864     float     sum      -1   2420.6
                                                                 ^
