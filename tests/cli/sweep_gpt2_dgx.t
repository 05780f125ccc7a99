$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 11% to 12% must fit the GPU

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s  tokens/s    MFU      mem GiB  bound         J/sample  rent $/1M tokens  own $/1M tokens
   1  fsdp      4      4                32   433.70        295   302,217  31.2%      21.7/40  compute           82.4             0.120           0.0236
   2  fsdp      2      4                16   433.60        148   151,143  31.2%      22.5/40  compute           82.4             0.120           0.0236
   3  fsdp      1      4                 8   432.40         74    75,782  31.3%      24.0/40  compute           82.2             0.120           0.0235
   4  fsdp      4      8                32   812.44        315   322,664  33.3%  41.8/40 OOM  compute, OOM      77.4             0.113           0.0221
   5  ddp       4      8                32   846.37        302   309,728  32.0%  73.7/40 OOM  compute, OOM      80.5             0.118           0.0230
   6  ddp       4      4                32   469.61        273   279,107  28.8%  54.0/40 OOM  compute, OOM      89.1             0.130           0.0255
   7  fsdp      2      8                16   812.37        158   161,345  33.3%  42.6/40 OOM  compute, OOM      77.4             0.113           0.0221
   8  ddp       2      8                16   847.41        151   154,673  31.9%  73.7/40 OOM  compute, OOM      80.6             0.118           0.0230
   9  ddp       2      4                16   470.61        136   139,259  28.7%  54.0/40 OOM  compute, OOM      89.3             0.131           0.0256
  10  fsdp      1      8                 8   811.46         79    80,763  33.3%  44.1/40 OOM  compute, OOM      77.3             0.113           0.0220
  11  ddp       1      8                 8   844.64         76    77,590  32.0%  73.7/40 OOM  compute, OOM      80.4             0.117           0.0229
  12  ddp       1      4                 8   466.09         69    70,304  29.0%  54.0/40 OOM  compute, OOM      88.5             0.129           0.0253

Rank 1 takes 3.99x less time per sample than rank 3, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-12% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  +-11% (90%: +-49%): median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 49%, model tends optimistic (+7.1% on average)
  not validated for this kind of run (32 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  not validated for this kind of run (16 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)); nearest band +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
