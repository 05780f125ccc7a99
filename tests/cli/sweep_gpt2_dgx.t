$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s    MFU   mem GiB  bound         J/sample  $/1M samples
   1  fsdp      4      4                32   411.79        311  32.8%      21.7  compute           66.5         53.69
   2  fsdp      2      4                16   411.69        155  32.9%      22.5  compute           66.5         53.68
   3  fsdp      1      4                 8   410.46         78  33.0%      24.0  compute           66.4         53.52
   4  fsdp      4      8                32   779.53        328  34.7%  41.8 OOM  compute, OOM      63.1         50.83
   5  ddp       4      8                32   823.78        311  32.8%  73.7 OOM  compute, OOM      66.6         53.71
   6  ddp       4      4                32   458.02        279  29.5%  54.0 OOM  compute, OOM      73.8         59.71
   7  fsdp      2      8                16   779.47        164  34.7%  42.6 OOM  compute, OOM      63.1         50.82
   8  ddp       2      8                16   824.47        155  32.8%  73.7 OOM  compute, OOM      66.7         53.75
   9  ddp       2      4                16   458.62        140  29.5%  54.0 OOM  compute, OOM      74.0         59.79
  10  fsdp      1      8                 8   778.49         82  34.7%  44.1 OOM  compute, OOM      63.1         50.76
  11  ddp       1      8                 8   821.94         78  32.9%  73.7 OOM  compute, OOM      66.5         53.59
  12  ddp       1      4                 8   454.43         70  29.8%  54.0 OOM  compute, OOM      73.4         59.25

Rank 1 takes 3.99x less time per sample than rank 3, the last that fits.
