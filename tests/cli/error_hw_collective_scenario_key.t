$ simtrain collective dgx_a100 --set batch_per_gpu=8
# exit 2
--set: error: 'batch_per_gpu': this command has no scenario: it takes system.<path>=value (a value of the system file) and catalog.<section>.<entry>.<key>=value (a value of the catalog); `simtrain describe` lists their keys
