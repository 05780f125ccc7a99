$ simtrain topo topologies/pcie_switch_8gpu.yaml
# exit 0
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV12	PIX	PIX	SYS	SYS	SYS	SYS	PIX	0-39	0		N/A
GPU1	NV12	 X 	PIX	PIX	SYS	SYS	SYS	SYS	PIX	0-39	0		N/A
GPU2	PIX	PIX	 X 	NV12	SYS	SYS	SYS	SYS	PIX	0-39	0		N/A
GPU3	PIX	PIX	NV12	 X 	SYS	SYS	SYS	SYS	PIX	0-39	0		N/A
GPU4	SYS	SYS	SYS	SYS	 X 	NV12	PIX	PIX	SYS	40-79	1		N/A
GPU5	SYS	SYS	SYS	SYS	NV12	 X 	PIX	PIX	SYS	40-79	1		N/A
GPU6	SYS	SYS	SYS	SYS	PIX	PIX	 X 	NV12	SYS	40-79	1		N/A
GPU7	SYS	SYS	SYS	SYS	PIX	PIX	NV12	 X 	SYS	40-79	1		N/A
NIC0	PIX	PIX	PIX	PIX	SYS	SYS	SYS	SYS	 X 

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks

NIC Legend:

  NIC0: mlx5_0
