$ simtrain tests/data/bad_scenario_model.yaml --trace /tmp/simtrain_trace_never.json; test ! -e /tmp/simtrain_trace_never.json && echo no trace left
# exit 0
tests/data/bad_scenario_model.yaml:3:8: error: 'model': unknown model 'resnet_50' (looked in models/ of the data path: models (source tree, development build)) (did you mean 'resnet50'?); shipped models: bert_base, bert_large, bert_large_cls2, bloom_176b, bloom_176b_h64, bloom_181b_candidate, bloom_182b_candidate, cifar10_cnn, deeplabv3_resnet50, deepseek_v3_like, gpt2_1.5b, gpt2_124m, gpt3_175b, gpt3_20b, gpt3_5b, gpt_175b, gpt_1t, grok1_314b, llama2_13b, llama2_34b, llama2_70b, llama2_7b, llama2_7b_128k, llama2_7b_1m, llama2_7b_32k, llama31_405b_dgxc, llama3_405b, llama3_70b, llama3_8b, llama_65b, megascale_175b, mixtral_8x7b, mtnlg_530b, nemotron4_15b, nemotron4_340b, resnet152, resnet50, sd_unet, tinyllama_1.1b, vit_large_16 (or give a path to a .yaml file)
    model: resnet_50
           ^
no trace left
