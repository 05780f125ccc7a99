$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.prompt.max=8000
# exit 2
scenarios/serve_8b_1xh100.yaml:11:11: error: 'serve.output': requests reach 8256 tokens (prompt up to 8000 + output up to 256), more than max_model_len 8192 (the model file's seq_len); an engine refuses them: shorten the lengths or raise serve.max_model_len
      output: {dist: uniform, min: 32, max: 256}
              ^
