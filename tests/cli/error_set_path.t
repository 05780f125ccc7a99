$ simtrain scenarios/8xA100_pcie_switch.yaml --set ddp.bucketmb=10
# exit 2
--set: error: 'ddp.bucketmb': unknown scenario key (did you mean 'ddp.bucket_mb'?); `simtrain describe` lists them all (system.<path> and catalog.<path> reach the system file's and the catalog's values)
