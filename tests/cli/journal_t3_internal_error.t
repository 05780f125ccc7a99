$ simtrain merge tests/data/journal_t3/p1_internal_error_resealed.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/p1_internal_error_resealed.jsonl:2: error: point 0 failed when it ran: the disk is on fire ?]0;owned??[31mRED
