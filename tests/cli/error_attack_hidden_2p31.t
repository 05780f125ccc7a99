$ simtrain tests/data/attack/hidden_2p31.yaml
# exit 2
tests/data/attack/hidden_2p31_model.yaml:8:11: error: 'transformer.hidden': expected a whole number from 1 to 1048576, got 2147483648
      hidden: 2147483648
              ^
