$ simtrain tests/data/boxes/llama65b_2x16.yaml --set system.box.gpus=3
# exit 2
--set system.box.gpus=3: error: 'system.box.gpus': a box of 3 GPUs does not divide the node's 16 GPUs; expected a divisor of 16 (GPU i is in box i / gpus)
