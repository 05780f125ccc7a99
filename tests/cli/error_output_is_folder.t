$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --csv tests
# exit 2
tests: error: '--csv': cannot write file: it is a folder
