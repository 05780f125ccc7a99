$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.model=mixtral_8x7b
# exit 2
--set serve.model=mixtral_8x7b: error: 'serve.model': model mixtral_8x7b has routed experts (h.0.moe.experts.fc1): serving a mixture-of-experts model is not modelled yet
