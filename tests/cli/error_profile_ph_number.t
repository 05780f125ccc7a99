$ simtrain compare --profile tests/data/profile/bad_kineto_ph_number.json scenarios/dgx_a100_bert_large.yaml
# exit 2
tests/data/profile/bad_kineto_ph_number.json: error: 'traceEvents[1].ph': expected a string, got number
