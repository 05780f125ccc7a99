$ simtrain topo --import-nccl-xml tests/data/nccl_topo/h200_vm_truncated.xml --gpu h200_sxm --cpu intel_xeon_8480c --nic connectx7_ndr -o /tmp/simtrain_should_not_exist.yaml
# exit 2
tests/data/nccl_topo/h200_vm_truncated.xml:2:3: error: 'xml': <cpu> is never closed (the file ends)
