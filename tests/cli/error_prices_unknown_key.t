$ simtrain tests/data/prices/bad_prices_unknown_key.yaml
# exit 0
