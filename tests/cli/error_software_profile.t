$ simtrain scenarios/8xA100_pcie_switch.yaml --set software=pytorch_eagr
# exit 2
--set software=pytorch_eagr: error: 'software': unknown software profile 'pytorch_eagr' (did you mean 'pytorch_eager'?); profiles (topologies/software.yaml): pytorch_eager, pytorch_compile, pytorch_cuda_graphs, megatron_te, megatron_te_fa3, megatron_te_cudnn, nvidia_dle, nvidia_dle_nchw, nvidia_mlperf, pytorch_rocm_eager, pytorch_rocm_compile, megatron_rocm_te
