$ simtrain collective dgx_a100 --compare tests/data/nccl_tests/bad_wrong_1e30.log --json
# exit 2
tests/data/nccl_tests/bad_wrong_1e30.log:33:82: error: #wrong: expected a count of wrong elements, a whole number from 0 to the row's 262144 elements, got '1e30'
         1048576        262144     float     sum      -1    101.9   10.29   18.00    1e30
                                                                                     ^
