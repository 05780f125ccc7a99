$ simtrain advise scenarios/4xA100_nvlink_bert_large.yaml
# exit 2
scenarios/4xA100_nvlink_bert_large.yaml: error: 'run': advise needs the run's length to compare systems on: add run.tokens, run.epochs (with the dataset's size) or run.steps
