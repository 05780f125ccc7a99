$ simtrain advise scenarios/advise_llama3_70b_h200_b200_mi300x_nvl72.yaml --jobs 2
# exit 0
simtrain advise: Llama 3 70B pre-training on 100 B tokens within 60 days
  Llama-3-70B, 100.0 B tokens (run.tokens); deadline 60.0 days
  7 clusters (4 systems at their node counts) x 3 strategies = 21 configurations: 6 fit, 14 do not fit (memory, or the run never finishes), 1 not run
  Every configuration trains that same work at a global batch of 128 to 512 samples (advise.global_batch; convergence is not modelled): the search chose each one's micro-batch (mb), accumulation (m) and checkpointing; the rest is the scenario's. Days are the run's expected wall clock with checkpoints and failures.
  Memory headroom: peak + 12% (the peak-memory band's median error (peak-memory and largest-batch cases on all GPUs)) must fit the GPU; 1 more fit only without it (--memory-margin 0 ranks them).

Answer
  Cheapest that meets the deadline: 1 x gb200_nvl72 (72 GPUs), megatron tp1 cp4 pp9 dp2 mb1 m252 none shard_grad_op: 7.25 days, $56,907 (rent); compute-bound; buying it: $3,000,000; step 25632 ms, goodput 99.1%
      trust: days and cost +-18% (90%: +-52%): median error of 5 public tensor/pipeline-parallel (3-D) runs (2 sources) on Blackwell (B200, GB200); worst 52%, model tends optimistic (+23% on average); beware: with each source left out, 0% of its tensor/pipeline-parallel (3-D) runs fell inside their median band and 80% inside their 90% band (validate --cross-validate)
      reproduce: simtrain scenarios/advise_llama3_70b_h200_b200_mi300x_nvl72.yaml --set system=gb200_nvl72 --set nodes=1 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=9 --set parallel.cp=4 --set parallel.ep=1 --set parallel.dp=2 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=1 --set grad_accumulation=252
  Fastest and cheapest of all: 1 x gb200_nvl72 (72 GPUs), megatron tp1 cp4 pp9 dp2 mb1 m252 none shard_grad_op: 7.25 days, $56,907 (rent); compute-bound; buying it: $3,000,000; step 25632 ms, goodput 99.1%
      trust: days and cost +-18% (90%: +-52%): median error of 5 public tensor/pipeline-parallel (3-D) runs (2 sources) on Blackwell (B200, GB200); worst 52%, model tends optimistic (+23% on average); beware: with each source left out, 0% of its tensor/pipeline-parallel (3-D) runs fell inside their median band and 80% inside their 90% band (validate --cross-validate)
      reproduce: simtrain scenarios/advise_llama3_70b_h200_b200_mi300x_nvl72.yaml --set system=gb200_nvl72 --set nodes=1 --set strategy=megatron --set parallel.tp=1 --set parallel.pp=9 --set parallel.cp=4 --set parallel.ep=1 --set parallel.dp=2 --set parallel.sequence_parallel=false --set parallel.schedule=1f1b --set parallel.virtual_stages=1 --set parallel.recompute=none --set parallel.distributed_optimizer=true --set parallel.overlap_grad_reduce=true --set parallel.fsdp=shard_grad_op --set batch_per_gpu=1 --set grad_accumulation=252

Pareto front: days against rent cost, fastest first (none of them is both slower and dearer than another)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    1    72  megatron tp1 cp4 pp9 dp2 mb1 m252 none shard_grad_op   25632.2     161,078 116.0/185    7.25      $56,907      $16,547  compute  D+

Configurations that fit, fastest first (D: meets the deadline, D+: even if off by its median error, B: within the budget)
    #  system                     nodes  GPUs  strategy                                               step ms    tokens/s   mem GiB    days         rent          own  bound
    1  gb200_nvl72                    1    72  megatron tp1 cp4 pp9 dp2 mb1 m252 none shard_grad_op   25632.2     161,078 116.0/185    7.25      $56,907      $16,547  compute  D+
    2  dgx_b200                       2    16  megatron tp2 cp2 pp4 dp1 mb1 m512 v4 none             127808.0      32,817 159.7/179    35.4      $92,404      $25,624  compute  D+
    3  dgx_h200                       2    16  megatron tp4 pp4 dp1 mb1 m512 none                    256959.1      16,323 124.8/140    71.3     $147,966      $34,037  compute
    4  mi300x_8gpu                    2    16  megatron tp1 pp4 dp4 mb1 m128 v4 full full_shard      286779.6      14,626 170.3/192    79.4      $72,855      $18,700  compute
    5  dgx_b200                       1     8  megatron tp4 pp2 dp1 mb1 m512 full                    352350.8      11,904 159.2/179    97.7     $127,370      $35,254  compute
    6  mi300x_8gpu                    1     8  megatron tp2 pp4 dp1 mb1 m512 v4 full                 713664.9       5,877 168.0/192   197.5      $90,649      $22,880  compute

Not fitting or not run, by reason (count, first example)
    13  dgx_h200 x1 fsdp full_shard mb1 m64 = 512: does not fit in GPU memory
     1  dgx_h200 x1 megatron: no tensor/pipeline layout fits: 1164 of 1164 layouts OOM on stage 0
     1  gb200_nvl72 x1 fsdp full_shard + checkpointing mb1 m7 = 504, ckpt all: fits GPU memory only without the memory margin (peak + 12% exceeds it; --memory-margin 0 ranks it)
