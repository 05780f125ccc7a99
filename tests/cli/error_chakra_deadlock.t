$ simtrain replay tests/data/chakra/bad_deadlock --system dgx_a100
# exit 2
tests/data/chakra/bad_deadlock/dp.0.et: error: record 1 at byte 8: node 1 'ar': the ranks wait on each other and never reach it (a deadlock: collectives or sends/receives whose order differs between the ranks, or a dependency across ranks that closes a cycle)
