$ simtrain merge tests/data/journal_t3/v1_p1.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/v1_p1.jsonl:1: error: 'simtrain_journal': written by an older simtrain (journal version 1, whose records carry no checksum): run its search or share again with this one
