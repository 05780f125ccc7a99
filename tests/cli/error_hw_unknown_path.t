$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --set system.fabric.oversubscriptoin=2
# exit 2
--set system.fabric.oversubscriptoin=2: error: 'system.fabric.oversubscriptoin': no 'oversubscriptoin' in 'fabric' of topologies/dgx_a100.yaml (did you mean 'oversubscription'?); it has: topology, switch, link, oversubscription; it may also set: storage, routing
