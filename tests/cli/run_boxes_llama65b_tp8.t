$ simtrain tests/data/boxes/llama65b_2x16.yaml
# exit 0
