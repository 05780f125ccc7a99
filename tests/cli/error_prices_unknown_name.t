$ simtrain tests/data/prices/bad_prices_unknown_name.yaml
# exit 2
tests/data/prices/bad_prices_unknown_name.yaml:8:3: error: 'prices.rtx_4909': no system or GPU 'rtx_4909': a prices: entry names a system (as system: does: a shipped system's name or a system file) or a GPU of the catalog (did you mean 'rtx_4090'?); GPUs: a100_pcie_80gb, a100_sxm4_40gb, a100_sxm4_80gb, b200_sxm, b300_sxm, gb200_b200, h100_pcie, h100_sxm5, h200_sxm, l4, l40s, mi300x, mi325x, rtx_3090, rtx_4090, rtx_5090, rtx_a6000, rtx_pro_6000, t4, v100_sxm2_32gb
      rtx_4909: {purchase: $2000}
      ^
