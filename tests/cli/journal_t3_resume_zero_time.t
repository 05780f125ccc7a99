$ simtrain sweep tests/data/journal_t3/s.yaml --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --no-progress --resume tests/data/journal_t3/j_zero_time_resealed.jsonl
# exit 2
tests/data/journal_t3/j_zero_time_resealed.jsonl:2: error: 'result.step_time_s': expected a positive number of seconds, got 0
