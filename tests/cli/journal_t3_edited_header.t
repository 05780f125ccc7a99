$ simtrain merge tests/data/journal_t3/p1_command_number.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/p1_command_number.jsonl:1: error: the header's checksum does not match its content (edited or damaged)
