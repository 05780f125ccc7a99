$ simtrain merge tests/data/journal_t3/j_two_headers.jsonl
# exit 2
tests/data/journal_t3/j_two_headers.jsonl:4: error: a second header: another run's records are in this journal
