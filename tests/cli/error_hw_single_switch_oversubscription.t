$ simtrain collective node_1gpu_hdr --nodes 2 --set system.fabric.oversubscription=2
# exit 2
--set system.fabric.oversubscription=2: error: 'system.fabric.oversubscription': a single_switch fabric is one non-blocking switch with no uplinks to oversubscribe; oversubscription shapes fat_tree and rail_optimized fabrics
