$ simtrain collective dgx_a100 --algo rign
# exit 2
simtrain: error: '--algo': unknown algorithm 'rign' (did you mean 'ring'?); expected auto, ring, tree, hierarchical, nvls or nvls_tree
