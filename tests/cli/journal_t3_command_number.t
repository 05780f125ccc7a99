$ simtrain merge tests/data/journal_t3/p1_command_number_resealed.jsonl tests/data/journal_t3/p2.jsonl
# exit 2
tests/data/journal_t3/p1_command_number_resealed.jsonl:1: error: 'search.command': expected the search's command (a string), got 7
