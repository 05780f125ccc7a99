$ simtrain validate --cases tests/data/attack/alias_cycle_cases.yaml
# exit 2
tests/data/attack/alias_cycle_cases.yaml:4:14: error: 'cases[0].path[0]': alias '*x1' refers to a node that contains it (an alias cycle); an alias may only repeat a node that is already complete
      path: &x1 [*x1]
                 ^
