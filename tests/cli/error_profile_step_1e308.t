$ simtrain compare --profile tests/data/profile/bad_kineto_step_1e308.json scenarios/dgx_a100_bert_large.yaml
# exit 2
tests/data/profile/bad_kineto_step_1e308.json: error: 'traceEvents[0].dur': expected a duration of at most a day (86400000000 us) and a timestamp of at most 1e+17 us, got ts 1000, dur 1e+308
