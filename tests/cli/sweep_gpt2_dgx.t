$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s    MFU   mem GiB  bound         J/sample  $/1M samples
   1  fsdp      4      4                32   313.23        409  43.2%      21.7  compute           50.5         40.84
   2  fsdp      2      4                16   313.15        204  43.2%      22.5  compute           50.5         40.83
   3  fsdp      1      4                 8   312.51        102  43.3%      24.0  compute           50.4         40.75
   4  fsdp      4      8                32   583.64        439  46.3%  41.8 OOM  compute, OOM      47.2         38.05
   5  ddp       4      8                32   628.85        407  43.0%  73.7 OOM  compute, OOM      50.8         41.00
   6  ddp       4      4                32   360.42        355  37.5%  54.0 OOM  compute, OOM      58.0         46.99
   7  fsdp      2      8                16   583.60        219  46.4%  42.6 OOM  compute, OOM      47.2         38.05
   8  ddp       2      8                16   629.48        203  43.0%  73.7 OOM  compute, OOM      50.9         41.04
   9  ddp       2      4                16   360.96        177  37.5%  54.0 OOM  compute, OOM      58.1         47.06
  10  fsdp      1      8                 8   583.31        110  46.4%  44.1 OOM  compute, OOM      47.2         38.03
  11  ddp       1      8                 8   627.41        102  43.1%  73.7 OOM  compute, OOM      50.7         40.90
  12  ddp       1      4                 8   357.06         90  37.9%  54.0 OOM  compute, OOM      57.5         46.55

Rank 1 takes 3.99x less time per sample than rank 3, the last that fits.
