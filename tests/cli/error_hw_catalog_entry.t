$ simtrain memory scenarios/4xdgx_a100_gpt2_1.5b.yaml --set "catalog.gpus.a100_sxm4_40gb_.memory=80 GiB"
# exit 2
--set catalog.gpus.a100_sxm4_40gb_.memory=80 GiB: error: 'catalog.gpus.a100_sxm4_40gb_.memory': no GPU 'a100_sxm4_40gb_' in the catalog (did you mean 'a100_sxm4_40gb'?); its gpus: a100_sxm4_40gb, a100_sxm4_80gb, a100_pcie_80gb, h100_sxm5, h100_pcie, h200_sxm, v100_sxm2_32gb, rtx_4090, rtx_3090, l40s, l4, t4, rtx_a6000, b200_sxm, b300_sxm, gb200_b200, rtx_5090, rtx_pro_6000, mi300x, mi325x
