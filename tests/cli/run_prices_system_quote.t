$ simtrain tests/data/prices/tinyllama_quotes.yaml
# exit 0
