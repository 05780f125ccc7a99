$ simtrain tests/data/prices/single_quote.yaml --set system=workstation_1xa100_pcie
# exit 0
