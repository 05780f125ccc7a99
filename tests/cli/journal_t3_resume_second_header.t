$ simtrain sweep tests/data/journal_t3/s.yaml --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --no-progress --resume tests/data/journal_t3/j_two_headers.jsonl
# exit 2
tests/data/journal_t3/j_two_headers.jsonl:4: error: a second header: another run's records are in this journal
