$ simtrain tests/data/prices/bad_prices_unknown_name.yaml
# exit 0
