$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep system=pcie_switch_8gpu,dgx_a100 --sweep batch_per_gpu=64,128,256 --rank-by cost
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  6 points (system x batch_per_gpu), ranked by cost per sample

rank  system            batch_per_gpu  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  pcie_switch_8gpu  256               8   148.29     13,810  13.7%     12.0  compute     0.317              0.591            0.0680
   2  pcie_switch_8gpu  128               8    76.58     13,372  13.3%      6.6  compute     0.324              0.610            0.0701
   3  pcie_switch_8gpu  64                8    40.62     12,603  12.5%      3.9  compute     0.338              0.647            0.0742
   4  dgx_a100          256               8   171.90     11,914  11.8%     12.0  compute     0.510              0.764             0.149
   5  dgx_a100          128               8    88.13     11,620  11.5%      6.6  compute     0.520              0.783             0.153
   6  dgx_a100          64                8    46.15     11,094  11.0%      3.9  compute     0.539              0.820             0.160

Rank 1 takes 1.39x less money per sample than rank 6, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-15% (90%: +-39%): median error of 33 public training runs of every strategy (10 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 40%, model tends optimistic (+15% on average)
