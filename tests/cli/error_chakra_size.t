$ simtrain replay tests/data/chakra/bad_size --system dgx_a100
# exit 2
tests/data/chakra/bad_size/dp.1.et: error: record 3 at byte 114: node 3 'all_reduce': attribute comm_size is -4096; expected a count of bytes >= 0
