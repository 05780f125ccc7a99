$ simtrain calibrate --profile tests/data/profile/bert_large_1gpu_h100_synthetic.json --scenario scenarios/dgx_a100_bert_large.yaml --set gpus_per_node=1 -o /tmp/simtrain_should_not_exist_device_fit.yaml
# exit 2
tests/data/profile/bert_large_1gpu_h100_synthetic.json:5:16: error: 'deviceProperties': the trace ran on NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.6 GiB; deviceProperties, id 0); the scenario's system DGX A100 (8x A100-SXM4-40GB) has NVIDIA A100-SXM4-40GB: the comparison would hold one GPU's kernel times against another's model, and a fit would write them into a calibration of the scenario's GPU; describe the traced machine in the scenario (its system), or --force-device to go on anyway
          "id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85520809984,
                   ^
