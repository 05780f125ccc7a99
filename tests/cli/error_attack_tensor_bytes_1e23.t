$ simtrain tests/data/attack/tensor_bytes_1e23.yaml --steps 1
# exit 2
tests/data/attack/tensor_bytes_1e23.yaml:22:30: error: 'data.dataset.tensor_bytes_per_sample': expected at most 64 GiB a sample (more than a GPU holds)
        tensor_bytes_per_sample: 99999999999999999999999 B   # 3 x 224 x 224 uint8, normalized on the GPU (as NVIDIA DeepLea ...
                                 ^
