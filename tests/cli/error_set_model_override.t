$ simtrain scenarios/8xA100_pcie_switch.yaml --set model=resnet51
# exit 2
--set model=resnet51: error: 'model': unknown model 'resnet51' (did you mean 'resnet50'?); shipped models: bert_base, bert_large, bloom_176b, cifar10_cnn, deeplabv3_resnet50, deepseek_v3_like, gpt2_1.5b, gpt2_124m, gpt3_175b, gpt_175b, gpt_1t, llama2_13b, llama2_34b, llama2_70b, llama2_7b, llama3_405b, llama3_70b, llama3_8b, llama_65b, mixtral_8x7b, resnet152, resnet50, sd_unet, vit_large_16 (or give a path to a .yaml file)
