$ simtrain replay tests/data/chakra/bad_mismatch --system dgx_a100
# exit 2
tests/data/chakra/bad_mismatch/dp.1.et: error: record 3 at byte 114: collective #0 on the default group (every rank) is ALL_GATHER of 67108864 B on rank 1 but ALL_REDUCE of 67108864 B on rank 0 (tests/data/chakra/bad_mismatch/dp.0.et record 3 at byte 114, node 3 'all_reduce grads'); the members of a group must issue the same calls in the same order
