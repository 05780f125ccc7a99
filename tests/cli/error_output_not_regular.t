$ simtrain scenarios/8xA100_pcie_switch.yaml --trace $(rm -f tests/data/output_safety/not_regular.fifo; mkfifo tests/data/output_safety/not_regular.fifo; echo tests/data/output_safety/not_regular.fifo); r=$?; [ -p tests/data/output_safety/not_regular.fifo ] && rm tests/data/output_safety/not_regular.fifo; (exit $r)
# exit 2
tests/data/output_safety/not_regular.fifo: error: '--trace': cannot write file: it is a FIFO (named pipe), not a regular file; simtrain replaces only regular files (a new file renamed over the target would replace it): name a regular file or a new one
