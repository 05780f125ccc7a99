$ simtrain topo tests/data/boxes/nvl16_4trays.yaml
# exit 0
