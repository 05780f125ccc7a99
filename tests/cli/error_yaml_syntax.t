$ simtrain topo tests/data/bad_syntax.yaml
# exit 2
tests/data/bad_syntax.yaml:4:6: error: YAML syntax error: end of map flow not found
    links: []
         ^
