$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.ep=2
# exit 2
--set serve.ep=2: error: 'serve.ep': expert parallelism in serving is not modelled yet: serve.ep must be 1 (MoE models are refused too)
