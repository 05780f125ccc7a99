$ simtrain advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 2
# exit 0
simtrain advise: Llama-2-13B fine-tune on 50 B tokens within two weeks
  Llama-2-13B, 50 B tokens (run.tokens); deadline 14.0 days
  5 clusters (3 systems at their node counts) x 9 strategies = 45 configurations: 14 fit, 27 do not fit (memory, or the run never finishes), 4 not run
  Every configuration trains the scenario's batch per GPU (the global batch grows with the GPUs); days are the run's expected wall clock with checkpoints and failures.

Answer
  Cheapest that meets the deadline: 2 x dgx_h100 (16 GPUs), fsdp full_shard: 6.80 days, $32,111 (rent); compute-bound; buying it: $540,000; step 1538 ms, goodput 99.8%
      trust: days and cost +-8.1% (90%: +-74%): median error of 6 public FSDP/ZeRO runs (3 sources) on Hopper (H100 80GB HBM3); worst 74%, model tends optimistic (+5.0% on average); beware: with each source left out, 33% of its FSDP/ZeRO runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=false
  Fastest of all: 2 x dgx_h100 (16 GPUs), fsdp full_shard: 6.80 days, $32,111 (rent); compute-bound; buying it: $540,000; step 1538 ms, goodput 99.8%
      trust: days and cost +-8.1% (90%: +-74%): median error of 6 public FSDP/ZeRO runs (3 sources) on Hopper (H100 80GB HBM3); worst 74%, model tends optimistic (+5.0% on average); beware: with each source left out, 33% of its FSDP/ZeRO runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=false
  Cheapest of all: 4 x workstation_4x4090_eth100g (16 GPUs), fsdp full_shard + checkpointing: 41.1 days, $7,901 (rent); compute-bound; buying it: $53,584; step 9308 ms, goodput 99.9%
      trust: days and cost not validated for this kind of run (FSDP/ZeRO runs never validated on Ada); nearest band +-8.7% (90%: +-38%): median error of 9 public FSDP/ZeRO runs (2 sources) on all GPUs, 2 to 64 nodes (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3); worst 38%, model tends optimistic (+8.9% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=workstation_4x4090_eth100g --set nodes=4 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=true

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s    days         rent          own  bound
    1  dgx_h100                       2    16  fsdp full_shard                                         1537.8      85,231    6.80      $32,111       $2,716  compute  D+
    2  dgx_a100_80gb                  2    16  fsdp full_shard                                         3478.4      37,682    15.4      $30,258       $4,896  compute
    3  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9307.6      14,082    41.1       $7,901       $2,173  compute

Configurations that fit, fastest first (D: meets the deadline, D+: even if off by its median error, B: within the budget)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s    days         rent          own  bound
    1  dgx_h100                       2    16  fsdp full_shard                                         1537.8      85,231    6.80      $32,111       $2,716  compute  D+
    2  dgx_h100                       2    16  megatron tp2 pp1 dp8 mb4 m1 none full_shard             1632.1      80,306    7.22      $34,080       $2,867  compute  D+
    3  dgx_h100                       2    16  fsdp full_shard + checkpointing                         1996.5      65,652    8.83      $41,687       $3,526  compute  D+
    4  dgx_h100                       2    16  fsdp hybrid_shard + checkpointing                       2018.0      64,952    8.93      $42,137       $3,564  compute  D+
    5  dgx_h100                       1     8  megatron tp1 cp2 pp2 dp2 mb1 m8 v4 none                 1607.1      40,778    14.2      $33,557       $2,829  compute
    6  dgx_a100_80gb                  2    16  fsdp full_shard                                         3478.4      37,682    15.4      $30,258       $4,896  compute
    7  dgx_a100_80gb                  2    16  megatron tp2 pp1 dp8 mb4 m1 none full_shard             3598.8      36,421    15.9      $31,305       $5,054  compute
    8  dgx_h100                       1     8  fsdp full_shard + checkpointing                         2012.2      32,569    17.8      $42,016       $3,554  compute
    9  dgx_a100_80gb                  2    16  fsdp full_shard + checkpointing                         4544.9      28,840    20.1      $39,535       $6,397  compute
   10  dgx_a100_80gb                  2    16  fsdp hybrid_shard + checkpointing                       4580.6      28,615    20.3      $39,846       $6,448  compute
   11  dgx_a100_80gb                  1     8  megatron tp2 pp1 dp4 mb1 m4 none full_shard             3763.6      17,413    33.3      $32,738       $5,281  compute
   12  dgx_a100_80gb                  1     8  fsdp full_shard + checkpointing                         4568.1      14,347    40.4      $39,736       $6,430  compute
   13  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9307.6      14,082    41.1       $7,901       $2,173  compute
   14  workstation_4x4090_eth100g     4    16  megatron tp1 cp2 pp8 dp1 mb1 m32 v4 full               10347.7      12,667    45.7       $8,783       $2,340  compute

Not fitting or not run, by reason (count, first example)
    27  dgx_a100_80gb x1 ddp: does not fit in GPU memory
     4  dgx_a100_80gb x1 fsdp hybrid_shard: hybrid sharding needs more than one node
