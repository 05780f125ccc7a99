$ simtrain run scenarios/4xA100_nvlink_bert_large.yaml --chakra tests/data/chakra/two_ranks
# exit 2
simtrain: error: '--chakra': 'tests/data/chakra/two_ranks' holds another trace's file dp.0.et; a replay reads every .et file of a directory: give an empty one
