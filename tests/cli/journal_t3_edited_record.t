$ simtrain merge tests/data/journal_t3/p1_negative_time.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/p1_negative_time.jsonl:2: error: the record's checksum does not match its content (edited or damaged)
