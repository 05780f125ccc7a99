$ simtrain calibrate --nccl-tests tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log --system dgx_a100 -o /tmp/simtrain_cli_device_mismatch.yaml
# exit 2
tests/data/nccl_tests/h200_8gpu_all_reduce_stas00.log:18: error: '--system': the log ran on NVIDIA H200 (line 18); the system DGX A100 (8x A100-SXM4-40GB) has NVIDIA A100-SXM4-40GB: a fit or comparison would credit one GPU's network with another's figures; use a system of the log's GPU, or --force-device to go on anyway
