$ simtrain collective tests/data/bad_unconnected.yaml
# exit 2
tests/data/bad_unconnected.yaml:6:3: error: 'devices.gpu1': no path connects this GPU to gpu0 (GPUs do not forward traffic; link it to a switch or CPU)
      gpu1: {type: gpu, model: a100_sxm4_80gb}
      ^
