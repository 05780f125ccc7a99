$ simtrain replay tests/data/chakra/bad_truncated --system dgx_a100
# exit 2
tests/data/chakra/bad_truncated/dp.1.et: error: record 6 at byte 326: the message says 43 bytes, only 36 remain (a truncated file)
