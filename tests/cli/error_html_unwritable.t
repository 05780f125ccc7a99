$ simtrain scenarios/8xA100_pcie_switch.yaml --html /nonexistent-simtrain-dir/run.html
# exit 2
/nonexistent-simtrain-dir/run.html: error: '--html': cannot write file: no folder '/nonexistent-simtrain-dir'
