$ simtrain tests/data/prices/single_quote.yaml --set system=workstation_1xa100_pcie
# exit 2
tests/data/prices/single_quote.yaml:10:3: error: 'cost.purchase': cost.purchase is the quote for this file's system (workstation_4x4090); this run is on workstation_1xa100_pcie (--set system=): quote it in prices: by system ({workstation_1xa100_pcie: {purchase: ...}}) or by GPU ({a100_pcie_80gb: ...}), or move cost.purchase into prices: {workstation_4x4090: ...} so that other systems take the catalog's list price
      purchase: $2200
      ^
