$ simtrain sweep tests/data/journal_t3/s.yaml --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --no-progress --journal tests/data/journal_t3/links/dangling.jsonl; rc=$?; test -e tests/data/journal_t3/links/dangling_target.jsonl && echo "created: tests/data/journal_t3/links/dangling_target.jsonl"; exit $rc
# exit 2
tests/data/journal_t3/links/dangling.jsonl: error: '--journal': tests/data/journal_t3/links/dangling.jsonl is a symbolic link: a journal is never written through a link (it could point at any file); give the file's own path
