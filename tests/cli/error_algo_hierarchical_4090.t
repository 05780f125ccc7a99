$ simtrain collective workstation_4x4090 --algo hierarchical -b 1M -e 1M
# exit 2
simtrain: error: '--algo': hierarchical needs a topology with more than one level (e.g. NVLink pairs under PCIe switches, or several nodes); this is Workstation 4x RTX 4090 (Threadripper PRO 5975WX) on 1 node
