$ simtrain sweep scenarios/4xdgx_a100_gpt2_1.5b.yaml --set nodes=1 --set batch_per_gpu=2 --sweep system=dgx_a100_80gb,dgx_h100 --steps 2 --rank-by cost
# exit 0
simtrain sweep: 4x DGX A100, GPT-2 1.5B DDP
  2 points (system), ranked by cost per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  system         GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  dgx_a100_80gb     8   234.29         68    69,931  28.9%  44.1/80  compute      88.5             0.163           0.0277
   2  dgx_h100          8   121.11        132   135,282  17.6%  44.1/80  compute      73.8             0.202           0.0182

Rank 1 takes 1.24x less money per sample than rank 2, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  +-24% (90%: +-129%): median error of 21 public multi-GPU DDP runs (4 sources) on all GPUs, 1 node (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 129%, model tends optimistic (+7.4% on average); beware: with each source left out, 0% of its multi-GPU DDP runs fell inside their median band and 50% inside their 90% band (validate --cross-validate)
