$ simtrain advise scenarios/advise_llama2_13b_50b_tokens.yaml --jobs 2
# exit 0
simtrain advise: Llama-2-13B fine-tune on 50 B tokens within two weeks
  Llama-2-13B, 50 B tokens (run.tokens); deadline 14.0 days
  5 clusters (3 systems at their node counts) x 9 strategies = 45 configurations: 14 fit, 27 do not fit (memory, or the run never finishes), 4 not run
  Every configuration trains the scenario's batch per GPU (the global batch grows with the GPUs); days are the run's expected wall clock with checkpoints and failures.

Answer
  Cheapest that meets the deadline: 2 x dgx_h100 (16 GPUs), fsdp full_shard: 5.74 days, $27,107 (rent); compute-bound; buying it: $540,000; step 1298 ms, goodput 99.8%
      trust: days and cost +-32%: median error of 6 public FSDP/ZeRO runs on Hopper (H100 80GB HBM3); worst 43%, model tends optimistic (+31% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=false
  Fastest of all: 2 x dgx_h100 (16 GPUs), fsdp full_shard: 5.74 days, $27,107 (rent); compute-bound; buying it: $540,000; step 1298 ms, goodput 99.8%
      trust: days and cost +-32%: median error of 6 public FSDP/ZeRO runs on Hopper (H100 80GB HBM3); worst 43%, model tends optimistic (+31% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=dgx_h100 --set nodes=2 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=false
  Cheapest of all: 4 x workstation_4x4090_eth100g (16 GPUs), fsdp full_shard + checkpointing: 40.6 days, $7,795 (rent); compute-bound; buying it: $53,584; step 9183 ms, goodput 99.9%
      trust: days and cost +-23%: no public FSDP/ZeRO runs on Ada: median error of 11 on other GPUs (A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3); worst 43%, model tends optimistic (+25% on average)
      reproduce: simtrain scenarios/advise_llama2_13b_50b_tokens.yaml --set system=workstation_4x4090_eth100g --set nodes=4 --set strategy=fsdp --set fsdp.sharding=full_shard --set activation_checkpointing=true

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s    days         rent          own  bound
    1  dgx_h100                       2    16  fsdp full_shard                                         1298.2     100,966    5.74      $27,107       $2,293  compute  D+
    2  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9182.9      14,273    40.6       $7,795       $2,143  compute

Configurations that fit, fastest first (D: meets the deadline, D+: even if off by its median error, B: within the budget)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s    days         rent          own  bound
    1  dgx_h100                       2    16  fsdp full_shard                                         1298.2     100,966    5.74      $27,107       $2,293  compute  D+
    2  dgx_h100                       2    16  megatron tp1 cp2 pp2 dp4 mb1 m8 v4 none shard_grad_op    1378.1      95,109    6.10      $28,776       $2,427  compute  D+
    3  dgx_h100                       2    16  fsdp full_shard + checkpointing                         1693.1      77,417    7.49      $35,352       $2,990  compute  D+
    4  dgx_h100                       2    16  fsdp hybrid_shard + checkpointing                       1714.0      76,470    7.58      $35,790       $3,027  compute  D+
    5  dgx_h100                       1     8  megatron tp1 cp2 pp2 dp2 mb1 m8 v4 none                 1393.4      47,032    12.3      $29,095       $2,452  compute  D
    6  dgx_a100_80gb                  2    16  fsdp full_shard                                         3180.7      41,209    14.1      $27,668       $4,477  compute
    7  dgx_a100_80gb                  2    16  megatron tp2 pp1 dp8 mb4 m1 none full_shard             3365.3      38,948    14.9      $29,274       $4,725  compute
    8  dgx_h100                       1     8  fsdp full_shard + checkpointing                         1708.3      38,364    15.1      $35,668       $3,017  compute
    9  dgx_a100_80gb                  2    16  fsdp full_shard + checkpointing                         4172.0      31,417    18.5      $36,291       $5,872  compute
   10  dgx_a100_80gb                  2    16  fsdp hybrid_shard + checkpointing                       4207.7      31,150    18.6      $36,602       $5,923  compute
   11  dgx_a100_80gb                  1     8  megatron tp2 pp1 dp4 mb1 m4 none full_shard             3528.4      18,574    31.2      $30,692       $4,950  compute
   12  dgx_a100_80gb                  1     8  fsdp full_shard + checkpointing                         4195.2      15,622    37.1      $36,493       $5,905  compute
   13  workstation_4x4090_eth100g     4    16  fsdp full_shard + checkpointing                         9182.9      14,273    40.6       $7,795       $2,143  compute
   14  workstation_4x4090_eth100g     4    16  megatron tp1 cp2 pp8 dp1 mb1 m32 v4 full               10347.7      12,667    45.7       $8,783       $2,340  compute

Not fitting or not run, by reason (count, first example)
    27  dgx_a100_80gb x1 ddp: does not fit in GPU memory
     4  dgx_a100_80gb x1 fsdp hybrid_shard: hybrid sharding needs more than one node
