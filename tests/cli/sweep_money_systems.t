$ simtrain sweep scenarios/4xdgx_a100_gpt2_1.5b.yaml --set nodes=1 --set batch_per_gpu=2 --sweep system=dgx_a100_80gb,dgx_h100 --steps 2 --rank-by cost
# exit 0
simtrain sweep: 4x DGX A100, GPT-2 1.5B DDP
  2 points (system), ranked by cost per sample

rank  system         GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  dgx_a100_80gb     8   228.32         70    71,758  29.6%     44.1  compute      86.2             0.159           0.0270
   2  dgx_h100          8   116.40        137   140,755  18.3%     44.1  compute      70.9             0.194           0.0175

Rank 1 takes 1.22x less money per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-15% (90%: +-39%): median error of 33 public training runs of every strategy (10 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB); worst 40%, model tends optimistic (+15% on average)
  not validated for this kind of run (multi-GPU DDP runs never validated on Hopper); nearest band +-27% (90%: +-43%): median error of 32 public training runs of every strategy (9 sources) on Hopper (H100 80GB HBM3); worst 43%, model tends optimistic (+14% on average)
