$ simtrain topo --import tests/data/topo_dgx_a100_nps4.txt --cpu amd_epyc_7742 --nic connectx6_hdr
# exit 2
simtrain: error: '--gpu': required: the catalog's GPU model (a100_pcie_80gb, a100_sxm4_40gb, a100_sxm4_80gb, b200_sxm, b300_sxm, gb200_b200, h100_pcie, h100_sxm5, h200_sxm, l4, l40s, mi300x, mi325x, rtx_3090, rtx_4090, rtx_5090, rtx_a6000, rtx_pro_6000, t4, v100_sxm2_32gb)
