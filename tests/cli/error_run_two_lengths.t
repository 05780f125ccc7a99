$ simtrain tests/data/bad_run_two_lengths.yaml
# exit 2
tests/data/bad_run_two_lengths.yaml:8:3: error: 'run.steps': a run has one length: run.tokens is also given (line 7); keep one of run.tokens, run.samples, run.epochs (with the dataset's size) or run.steps
      steps: 100000
      ^
