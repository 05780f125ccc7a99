$ simtrain collective tests/data/bad_model.yaml
# exit 2
tests/data/bad_model.yaml:4:28: error: 'devices.gpu0.model': unknown GPU model 'a100_sxm_80gb' (did you mean 'a100_sxm4_80gb'?); known: a100_pcie_80gb, a100_sxm4_40gb, a100_sxm4_80gb, b200_sxm, b300_sxm, gb200_b200, h100_pcie, h100_sxm5, h200_sxm, l4, l40s, mi300x, mi325x, rtx_3090, rtx_4090, rtx_5090, rtx_a6000, rtx_pro_6000, t4, v100_sxm2_32gb
      gpu0: {type: gpu, model: a100_sxm_80gb}
                               ^
