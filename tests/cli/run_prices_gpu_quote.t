$ simtrain tests/data/prices/tinyllama_quotes.yaml --set system=workstation_1xa100_pcie
# exit 0
