$ simtrain scenarios/dgx_a100_bert_large.yaml --set collective.algorithm=nvls --steps 2
# exit 2
--set collective.algorithm=nvls: error: 'collective.algorithm': nvls needs one node of more than 2 sm_90+ GPUs on an NVSwitch with NVLink SHARP (devices.yaml switches: nvls: true)
