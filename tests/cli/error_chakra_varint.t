$ simtrain replay tests/data/chakra/bad_varint --system dgx_a100
# exit 2
tests/data/chakra/bad_varint/dp.1.et: error: record 7 at byte 370: the length prefix is cut off or longer than 10 bytes (a truncated or corrupt file)
