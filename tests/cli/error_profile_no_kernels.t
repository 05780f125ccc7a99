$ simtrain calibrate --profile tests/data/profile/no_kernels.json --scenario scenarios/dgx_a100_bert_large.yaml -o /tmp/simtrain_should_not_exist_fit.yaml
# exit 2
tests/data/profile/no_kernels.json: error: 'traceEvents': no GPU kernel (events of cat "kernel"): record with activities=[ProfilerActivity.CUDA]
