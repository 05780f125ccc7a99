$ simtrain tests/data/output_safety/s.yaml --trace tests/data/output_safety/s.yaml
# exit 2
simtrain: error: '--trace': tests/data/output_safety/s.yaml is one of this command's inputs; nothing was written: name another file for the output
