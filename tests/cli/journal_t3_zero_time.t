$ simtrain merge tests/data/journal_t3/p1_zero_time_resealed.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/p1_zero_time_resealed.jsonl:2: error: 'result.step_time_s': expected a positive number of seconds, got 0
