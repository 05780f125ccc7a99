$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep system=pcie_switch_8gpu,dgx_a100 --sweep batch_per_gpu=64,128,256 --rank-by cost
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  6 points (system x batch_per_gpu), ranked by cost per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  system            batch_per_gpu  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  pcie_switch_8gpu  256               8   148.29     13,810  13.7%  12.0/80  compute     0.317              0.591            0.0680
   2  pcie_switch_8gpu  128               8    76.58     13,372  13.3%   6.6/80  compute     0.324              0.610            0.0701
   3  pcie_switch_8gpu  64                8    40.62     12,603  12.5%   3.9/80  compute     0.338              0.647            0.0742
   4  dgx_a100          256               8   174.43     11,741  11.6%  12.0/40  compute     0.518              0.775             0.152
   5  dgx_a100          128               8    89.41     11,453  11.4%   6.6/40  compute     0.528              0.795             0.155
   6  dgx_a100          64                8    46.80     10,939  10.8%   3.9/40  compute     0.547              0.832             0.162

Rank 1 takes 1.41x less money per sample than rank 6, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
