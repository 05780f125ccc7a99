$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.max_num_seq=8
# exit 2
--set: error: 'serve.max_num_seq': unknown scenario key (did you mean 'serve.max_num_seqs'?); `simtrain describe` lists them all (system.<path> and catalog.<path> reach the system file's and the catalog's values)
