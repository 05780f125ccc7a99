$ simtrain collective tests/data/catalog_ext/bad_nic_system.yaml
# exit 2
tests/data/catalog_ext/nic_unknown_port.yaml:4:47: error: 'nics.connectx9_gdr.port': unknown link kind 'ib_gdr' (did you mean 'ib_edr'?); known: eth_100g, ib_edr, ib_hdr, ib_ndr, ib_xdr, nvlink2, nvlink3, nvlink4, nvlink5, nvlink_c2c, pcie3x16, pcie4x16, pcie4x4, pcie5x16, pcie5x4, pcie6x16, roce_100g, roce_200g, roce_400g, upi, xgmi, xgmi_mi300
      connectx9_gdr: {name: ConnectX-9 GDR, port: ib_gdr, host: pcie5x16}
                                                  ^
