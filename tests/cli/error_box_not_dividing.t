$ simtrain tests/data/boxes/llama65b_2x16.yaml --set system.box.gpus=3
# exit 0
