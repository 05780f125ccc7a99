$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep batch_per_gpu=32,64 --steps 1 --csv t.csv --journal ./t.csv
# exit 2
--csv: error: '--csv': t.csv is the search's journal: give the table another name
