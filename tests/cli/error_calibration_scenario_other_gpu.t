$ simtrain scenarios/dgx_a100_bert_large.yaml --set calibration=tests/data/netcal/dgx_h200.yaml
# exit 2
tests/data/netcal/dgx_h200.yaml:5:14: error: 'catalog_key': this file's network section was fitted on 'h200_sxm' (NVIDIA H200), but the scenario's GPU is 'a100_sxm4_40gb'
    catalog_key: h200_sxm
                 ^
