$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep batch_per_gpu=64 --sweep system=pcie_switch_8gpu,dgx_a100 --sweep nodes=1,8 --max-seconds 0.000001
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  4 points (batch_per_gpu x system x nodes), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  batch_per_gpu  system            nodes  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  64             pcie_switch_8gpu  1         8    40.62     12,603  12.5%   3.9/80  compute     0.338              0.647            0.0742
   2  64             dgx_a100          1         8    46.80     10,939  10.8%   3.9/40  compute     0.547              0.832             0.162
   3  64             pcie_switch_8gpu  8         -  error: stopped at the --max-seconds limit (1e-06 s), 4095 events or tasks into one run
   4  64             dgx_a100          8         -  error: stopped at the --max-seconds limit (1e-06 s), 4095 events or tasks into one run

Rank 1 takes 1.15x less time per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
