$ simtrain replay tests/data/chakra/bad_cycle --system dgx_a100
# exit 2
tests/data/chakra/bad_cycle/dp.0.et: error: record 1 at byte 8: node 1 'forward': is on a dependency cycle (it waits, through its dependencies, on itself)
