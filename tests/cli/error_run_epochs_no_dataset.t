$ simtrain tests/data/bad_run_epochs.yaml
# exit 2
tests/data/bad_run_epochs.yaml:7:3: error: 'run.epochs': run.epochs needs the dataset's size: give run.dataset_samples (samples in one epoch), or a data: block with data.dataset.samples
      epochs: 90
      ^
