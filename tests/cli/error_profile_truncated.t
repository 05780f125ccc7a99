$ simtrain compare --profile tests/data/profile/truncated.json scenarios/dgx_a100_bert_large.yaml
# exit 2
tests/data/profile/truncated.json:4742:4: error: 'trace': not JSON (a PyTorch profiler trace is Chrome-trace JSON): [json.exception.parse_error.101] parse error at line 4742, column 4: syntax error while parsing object key - invalid string: missing closing quote; last read: '"na'; expected string literal
