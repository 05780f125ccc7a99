$ simtrain topo --import tests/data/attack/topo_nv_overflow.txt --gpu a100_sxm4_40gb --cpu amd_epyc_7742 --nic connectx6_hdr
# exit 2
tests/data/attack/topo_nv_overflow.txt:4: error: 'topo -m': 'NV99999999999' is not a relation (X, NV#, PIX, PXB, PHB, NODE, SYS)
