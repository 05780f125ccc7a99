$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s    MFU   mem GiB  bound         J/sample  $/1M samples
   1  fsdp      4      4                32   312.23        410  43.3%      21.7  compute           50.4         40.71
   2  fsdp      2      4                16   312.15        205  43.3%      22.5  compute           50.5         40.70
   3  fsdp      1      4                 8   311.52        103  43.4%      24.0  compute           50.4         40.62
   4  fsdp      4      8                32   582.64        439  46.4%  41.8 OOM  compute, OOM      47.2         37.99
   5  ddp       4      8                32   628.85        407  43.0%  73.7 OOM  compute, OOM      50.8         41.00
   6  ddp       4      4                32   360.42        355  37.5%  54.0 OOM  compute, OOM      58.0         46.99
   7  fsdp      2      8                16   582.60        220  46.4%  42.6 OOM  compute, OOM      47.2         37.99
   8  ddp       2      8                16   629.48        203  43.0%  73.7 OOM  compute, OOM      50.9         41.04
   9  ddp       2      4                16   360.96        177  37.5%  54.0 OOM  compute, OOM      58.1         47.06
  10  fsdp      1      8                 8   582.37        110  46.5%  44.1 OOM  compute, OOM      47.2         37.97
  11  ddp       1      8                 8   627.41        102  43.1%  73.7 OOM  compute, OOM      50.7         40.90
  12  ddp       1      4                 8   357.06         90  37.9%  54.0 OOM  compute, OOM      57.5         46.55

Rank 1 takes 3.99x less time per sample than rank 3, the last that fits.
