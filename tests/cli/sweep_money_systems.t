$ simtrain sweep scenarios/4xdgx_a100_gpt2_1.5b.yaml --set nodes=1 --set batch_per_gpu=2 --sweep system=dgx_a100_80gb,dgx_h100 --steps 2 --rank-by cost
# exit 0
simtrain sweep: 4x DGX A100, GPT-2 1.5B DDP
  2 points (system), ranked by cost per sample

rank  system         GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  dgx_a100_80gb     8   234.29         68    69,931  28.9%     44.1  compute      88.5             0.163           0.0277
   2  dgx_h100          8   121.11        132   135,282  17.6%     44.1  compute      73.8             0.202           0.0182

Rank 1 takes 1.24x less money per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-9.3%: median error of 4 public multi-GPU DDP runs on Ampere (A100-SXM4-40GB); worst 16%, model tends optimistic (+5.3% on average)
  +-13%: no public multi-GPU DDP runs on Hopper: median error of 8 on other GPUs (A100-SXM4-40GB, V100-SXM2-32GB); worst 38%, model tends optimistic (+7.7% on average)
