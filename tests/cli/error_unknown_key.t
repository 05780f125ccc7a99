$ simtrain collective tests/data/bad_unknown_key.yaml
# exit 2
tests/data/bad_unknown_key.yaml:6:40: error: 'links[0].cuont': unknown key (did you mean 'count'?); valid keys here: a, b, kind, count
      - {a: gpu0, b: cpu0, kind: pcie4x16, cuont: 2}
                                           ^
