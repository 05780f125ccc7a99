$ simtrain scenarios/8xA100_pcie_switch.yaml --set name=$(head -c 100000 /dev/zero | tr '\0' n)
# exit 2
--set name=nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn... (100011 bytes): error: 'name': a name of 100000 bytes; names are at most 256 bytes
