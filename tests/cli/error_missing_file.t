$ simtrain collective topologies/no_such_system.yaml
# exit 2
topologies/no_such_system.yaml: error: cannot open file: No such file or directory
