$ simtrain sweep tests/data/hardware_whatif/gpt2_16x_dgx_oversubscription.yaml --set system.fabric.topology=fat_tree --set system.fabric.routing=adaptive --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B DDP on 16 DGX A100 80GB, fabric oversubscription what-if
  3 points (system.fabric.oversubscription), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 11% must fit the GPU

rank  system.fabric.oversubscription  GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  1                                128   677.09        756   774,327  20.0%  54.0/80  compute      77.0             0.235           0.0376
   2  2                                128   748.01        684   700,908  18.1%  54.0/80  compute      81.0             0.260           0.0414
   3  4                                128   767.85        667   682,802  17.6%  54.0/80  compute      81.3             0.267           0.0425

Rank 1 takes 1.13x less time per sample than rank 3, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  not validated for this kind of run (128 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
