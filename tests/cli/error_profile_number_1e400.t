$ simtrain compare --profile tests/data/profile/bad_kineto_number_1e400.json scenarios/dgx_a100_bert_large.yaml
# exit 2
tests/data/profile/bad_kineto_number_1e400.json:1:74: error: 'trace': a number too large for a double: '1e400'
