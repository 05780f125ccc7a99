$ simtrain tests/data/bad_data_cores.yaml
# exit 2
tests/data/bad_data_cores.yaml:8:39: error: 'data.loader.cpu_cores': 0 CPU cores available for the DataLoader: the node's 8 core(s) all run its 8 training processes (one core each); give the job more cores or use num_workers: 0
      loader: {num_workers: 4, cpu_cores: 8}
                                          ^
