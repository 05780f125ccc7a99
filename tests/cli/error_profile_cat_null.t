$ simtrain compare --profile tests/data/profile/bad_kineto_cat_null.json scenarios/dgx_a100_bert_large.yaml
# exit 2
tests/data/profile/bad_kineto_cat_null.json: error: 'traceEvents[1].cat': expected a string, got null
