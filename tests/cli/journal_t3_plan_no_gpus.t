$ simtrain merge tests/data/journal_t3/plan1_no_gpus_resealed.jsonl tests/data/journal_t3/plan2.jsonl
# exit 2
tests/data/journal_t3/plan1_no_gpus_resealed.jsonl:2: error: 'result.gpus': missing (simtrain writes it in every such record)
