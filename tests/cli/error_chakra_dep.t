$ simtrain replay tests/data/chakra/bad_dep --system dgx_a100
# exit 2
tests/data/chakra/bad_dep/dp.0.et: error: record 5 at byte 287: node 5 'optimizer': depends on node 99, which is not in this file (--ignore-missing-deps drops such dependencies and counts them)
