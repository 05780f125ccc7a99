$ simtrain collective tests/data/catalog_ext/bad_nic_system.yaml
# exit 2
tests/data/catalog_ext/nic_unknown_port.yaml:4:47: error: 'nics.connectx8_xdr.port': unknown link kind 'ib_xdr' (did you mean 'ib_edr'?); known: eth_100g, ib_edr, ib_hdr, ib_ndr, nvlink2, nvlink3, nvlink4, pcie3x16, pcie4x16, pcie4x4, pcie5x16, pcie5x4, roce_100g, roce_200g, roce_400g, upi, xgmi, xgmi_mi300
      connectx8_xdr: {name: ConnectX-8 XDR, port: ib_xdr, host: pcie5x16}
                                                  ^
