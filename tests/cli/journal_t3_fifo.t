$ simtrain --version > /dev/null; f=/tmp/simtrain_cli_journal_fifo.jsonl; rm -f $f; mkfifo $f; timeout 10 "$bin" sweep tests/data/journal_t3/s.yaml --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --no-progress --journal $f; rc=$?; rm -f $f; exit $rc
# exit 2
/tmp/simtrain_cli_journal_fifo.jsonl: error: '--journal': not a regular file (a FIFO): a journal must be a regular file
