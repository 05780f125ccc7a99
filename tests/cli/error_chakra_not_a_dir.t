$ simtrain replay tests/data/chakra/README.md --system dgx_a100
# exit 2
tests/data/chakra/README.md: error: not a directory; expected a directory of Chakra trace files <prefix>.<rank>.et
