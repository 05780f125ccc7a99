$ simtrain tests/data/mixed_gpus.yaml
# exit 2
tests/data/mixed_gpus.yaml:2:9: error: 'system': the job's GPUs are of different models (gpu0: NVIDIA A100-SXM4-80GB, gpu2: NVIDIA GeForce RTX 4090); simtrain models one GPU kind per job (a synchronous step waiting for the slowest is not modelled yet): use a system of one GPU model, or gpus_per_node to take the GPUs of one kind when they come first
    system: mixed_gpus_system.yaml
            ^
