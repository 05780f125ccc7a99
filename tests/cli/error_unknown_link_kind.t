$ simtrain collective tests/data/bad_link_kind.yaml
# exit 2
tests/data/bad_link_kind.yaml:6:30: error: 'links[0].kind': unknown link kind 'pcie4x8' (did you mean 'pcie4x4'?); known: eth_100g, ib_edr, ib_hdr, ib_ndr, ib_xdr, nvlink2, nvlink3, nvlink4, nvlink5, nvlink_c2c, pcie3x16, pcie4x16, pcie4x4, pcie5x16, pcie5x4, pcie6x16, roce_100g, roce_200g, roce_400g, upi, xgmi, xgmi_mi300
      - {a: gpu0, b: cpu0, kind: pcie4x8}
                                 ^
