$ simtrain sweep scenarios/4xdgx_a100_gpt2_1.5b.yaml --set strategy=fsdp --sweep "catalog.link_kinds.ib_hdr.bandwidth=100 Gb/s,200 Gb/s,400 Gb/s" --jobs 2
# exit 0
simtrain sweep: 4x DGX A100, GPT-2 1.5B DDP
  3 points (catalog.link_kinds.ib_hdr.bandwidth), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 11% must fit the GPU

rank  catalog.link_kinds.ib_hdr.bandwidth  GPUs  step ms  samples/s  tokens/s    MFU  mem GiB  bound    J/sample  rent $/1M tokens  own $/1M tokens
   1  400 Gb/s                               32   432.93        296   302,757  31.2%  21.7/40  compute      82.3             0.120           0.0235
   2  200 Gb/s                               32   433.70        295   302,217  31.2%  21.7/40  compute      82.4             0.120           0.0236
   3  100 Gb/s                               32   442.37        289   296,293  30.6%  21.7/40  compute      83.8             0.123           0.0240

Rank 1 takes 1.02x less time per sample than rank 3, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
