$ simtrain replay tests/data/chakra/bad_reduce --system dgx_a100
# exit 2
tests/data/chakra/bad_reduce/dp.0.et: error: record 3 at byte 114: node 3 'reduce': collective REDUCE is not modelled; simtrain replays ALL_REDUCE, REDUCE_SCATTER(_BLOCK), ALL_GATHER, BROADCAST and ALL_TO_ALL
