$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.disaggregation=true
# exit 2
--set serve.disaggregation=true: error: 'serve.disaggregation': prefill/decode disaggregation is not modelled yet: prefill and decode share each replica's GPUs (serve.disaggregation: false)
