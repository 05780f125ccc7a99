$ simtrain tests/data/attack/name_5000.yaml
# exit 2
tests/data/attack/name_5000.yaml:2:7: error: 'name': a name of 5000 bytes; names are at most 256 bytes
    name: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ...
          ^
