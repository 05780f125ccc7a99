$ simtrain sweep scenarios/4xdgx_a100_gpt2_1.5b.yaml --set nodes=1 --set batch_per_gpu=2 --sweep system=dgx_a100_80gb,dgx_h100 --steps 2 --rank-by cost
# exit 0
simtrain sweep: 4x DGX A100, GPT-2 1.5B DDP
  2 points (system), ranked by cost per sample

rank  system         GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  dgx_a100_80gb     8   228.32         70    71,758  29.6%     44.1  compute      86.2             0.159           0.0270
   2  dgx_h100          8   116.40        137   140,755  18.3%     44.1  compute      70.9             0.194           0.0175

Rank 1 takes 1.22x less money per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-11%: median error of 4 public multi-GPU DDP runs on Ampere (A100-SXM4-40GB); worst 22%, model tends optimistic (+8.9% on average)
  +-18%: no public multi-GPU DDP runs on Hopper: median error of 8 on other GPUs (A100-SXM4-40GB, V100-SXM2-32GB); worst 38%, model tends optimistic (+9.5% on average)
