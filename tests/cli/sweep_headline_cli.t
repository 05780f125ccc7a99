$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep system=pcie_switch_8gpu,dgx_a100 --sweep batch_per_gpu=64,128,256 --rank-by cost
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  6 points (system x batch_per_gpu), ranked by cost per sample

rank  system            batch_per_gpu  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  $/1M samples
   1  pcie_switch_8gpu  256               8   106.81     19,174  19.0%     11.9  compute     0.216          0.22
   2  pcie_switch_8gpu  128               8    54.53     18,778  18.6%      6.6  compute     0.220          0.22
   3  pcie_switch_8gpu  64                8    28.39     18,034  17.9%      3.9  compute     0.227          0.23
   4  dgx_a100          256               8   126.58     16,180  16.0%     11.9  compute     0.321          0.26
   5  dgx_a100          128               8    64.15     15,962  15.8%      6.6  compute     0.325          0.26
   6  dgx_a100          64                8    32.94     15,542  15.4%      3.9  compute     0.334          0.27

Rank 1 takes 1.24x less money per sample than rank 6, the last that fits.
