$ simtrain sweep scenarios/sweep_gpt2_1.5b_dgx.yaml --jobs 2
# exit 0
simtrain sweep: GPT-2 1.5B on DGX A100, DDP vs FSDP
  12 points (strategy x nodes x batch_per_gpu), ranked by time per sample

rank  strategy  nodes  batch_per_gpu  GPUs  step ms  samples/s  tokens/s    MFU   mem GiB  bound         J/sample  rent $/1M tokens  own $/1M tokens
   1  fsdp      4      4                32   411.79        311   318,302  32.8%      21.7  compute           78.2             0.114           0.0224
   2  fsdp      2      4                16   411.69        155   159,189  32.9%      22.5  compute           78.2             0.114           0.0224
   3  fsdp      1      4                 8   410.46         78    79,833  33.0%      24.0  compute           78.0             0.114           0.0223
   4  fsdp      4      8                32   779.53        328   336,283  34.7%  41.8 OOM  compute, OOM      74.2             0.108           0.0212
   5  ddp       4      8                32   823.78        311   318,220  32.8%  73.7 OOM  compute, OOM      78.4             0.114           0.0224
   6  ddp       4      4                32   458.02        279   286,173  29.5%  54.0 OOM  compute, OOM      86.9             0.127           0.0249
   7  fsdp      2      8                16   779.47        164   168,156  34.7%  42.6 OOM  compute, OOM      74.2             0.108           0.0212
   8  ddp       2      8                16   824.86        155   158,903  32.8%  73.7 OOM  compute, OOM      78.5             0.115           0.0224
   9  ddp       2      4                16   459.04        139   142,767  29.5%  54.0 OOM  compute, OOM      87.1             0.128           0.0249
  10  fsdp      1      8                 8   778.49         82    84,184  34.7%  44.1 OOM  compute, OOM      74.2             0.108           0.0212
  11  ddp       1      8                 8   821.94         78    79,733  32.9%  73.7 OOM  compute, OOM      78.2             0.114           0.0223
  12  ddp       1      4                 8   454.43         70    72,108  29.8%  54.0 OOM  compute, OOM      86.3             0.126           0.0247

Rank 1 takes 3.99x less time per sample than rank 3, the last that fits.

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-16%: median error of 5 public FSDP/ZeRO runs on Ampere (A100-SXM4-40GB, A100-SXM4-80GB); worst 24%, model tends optimistic (+17% on average)
  +-11%: median error of 4 public multi-GPU DDP runs on Ampere (A100-SXM4-40GB); worst 22%, model tends optimistic (+8.9% on average)
