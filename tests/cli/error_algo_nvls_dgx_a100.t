$ simtrain collective dgx_a100 --algo nvls -b 1M -e 1M
# exit 2
simtrain: error: '--algo': nvls needs one node of more than 2 sm_90+ GPUs on an NVSwitch with NVLink SHARP (devices.yaml switches: nvls: true); this is DGX A100 (8x A100-SXM4-40GB) on 1 node
