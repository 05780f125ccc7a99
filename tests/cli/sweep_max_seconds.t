$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep batch_per_gpu=64 --sweep system=pcie_switch_8gpu,dgx_a100 --sweep nodes=1,8 --max-seconds 0.000001
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  4 points (batch_per_gpu x system x nodes), ranked by time per sample

rank  batch_per_gpu  system            nodes  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  64             pcie_switch_8gpu  1         8    40.62     12,603  12.5%      3.9  compute     0.338              0.647            0.0742
   2  64             dgx_a100          1         8    46.15     11,094  11.0%      3.9  compute     0.539              0.820             0.160
   3  64             pcie_switch_8gpu  8         -  error: stopped at the --max-seconds limit (1e-06 s), 4095 events or tasks into one run
   4  64             dgx_a100          8         -  error: stopped at the --max-seconds limit (1e-06 s), 4095 events or tasks into one run

Rank 1 takes 1.14x less time per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-15% (90%: +-39%): median error of 33 public training runs of every strategy (10 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 40%, model tends optimistic (+15% on average)
