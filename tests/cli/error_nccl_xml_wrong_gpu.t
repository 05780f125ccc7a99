$ simtrain topo --import-nccl-xml tests/data/nccl_topo/h200_vm.xml --gpu a100_sxm4_80gb --cpu intel_xeon_8480c --nic connectx7_ndr
# exit 2
tests/data/nccl_topo/h200_vm.xml:4:7: error: '<gpu>': sm="90" but --gpu a100_sxm4_80gb is sm_80: give the catalog's model of this GPU
