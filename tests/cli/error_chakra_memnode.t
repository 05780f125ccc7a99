$ simtrain replay tests/data/chakra/bad_memnode --system dgx_a100
# exit 2
tests/data/chakra/bad_memnode/dp.0.et: error: record 7 at byte 370: node 7 'load': MEM_LOAD_NODE (ASTRA-sim's remote memory) is not modelled by simtrain; remove the memory nodes or replay with ASTRA-sim
