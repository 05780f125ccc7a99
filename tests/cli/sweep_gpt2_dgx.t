$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s    MFU   mem GiB  bound         J/sample  $/1M samples
   1  fsdp      4      4                32   280.56        456  48.2%      21.7  compute           45.3         36.58
   2  fsdp      2      4                16   281.49        227  48.1%      22.5  compute           45.5         36.70
   3  fsdp      1      4                 8   283.29        113  47.7%      24.0  compute           45.9         36.94
   4  fsdp      4      8                32   554.13        462  48.8%  41.8 OOM  compute, OOM      44.9         36.13
   5  ddp       4      8                32   591.92        432  45.7%  73.7 OOM  compute, OOM      47.9         38.59
   6  ddp       4      4                32   318.32        402  42.5%  54.0 OOM  compute, OOM      51.3         41.50
   7  fsdp      2      8                16   555.05        231  48.7%  42.6 OOM  compute, OOM      45.0         36.19
   8  ddp       2      8                16   591.25        216  45.8%  73.7 OOM  compute, OOM      47.9         38.55
   9  ddp       2      4                16   317.65        201  42.6%  54.0 OOM  compute, OOM      51.3         41.42
  10  fsdp      1      8                 8   556.85        115  48.6%  44.1 OOM  compute, OOM      45.2         36.31
  11  ddp       1      8                 8   590.87        108  45.8%  73.7 OOM  compute, OOM      47.9         38.52
  12  ddp       1      4                 8   317.26        101  42.6%  54.0 OOM  compute, OOM      51.3         41.37

Rank 1 takes 4.04x less time per sample than rank 3, the last that fits.
