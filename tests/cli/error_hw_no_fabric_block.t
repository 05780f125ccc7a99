$ simtrain scenarios/4x4090_workstation_resnet50.yaml --set system.fabric.oversubscription=2
# exit 2
--set system.fabric.oversubscription=2: error: 'system.fabric.oversubscription': topologies/workstation_4x4090.yaml has no 'fabric' block; a --set changes a value of the file, it adds no block
