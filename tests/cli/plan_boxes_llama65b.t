$ simtrain plan tests/data/boxes/llama65b_2x16.yaml --simulate 2
# exit 0
