$ simtrain scenarios/4x4090_workstation_resnet50.yaml --set 'batch_per_gpu={a: 1}'
# exit 2
--set batch_per_gpu={a: 1}: error: 'batch_per_gpu': expected a whole number, got '{a: 1}'
