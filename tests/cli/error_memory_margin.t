$ simtrain plan scenarios/16xA100_llama_65b_tp8_pp2.yaml --memory-margin 15
# exit 2
--memory-margin: error: '--memory-margin': expected a share of the peak: a percentage (15%), a fraction (0.15), 0 (none) or auto (the memory band's median error), got '15'
