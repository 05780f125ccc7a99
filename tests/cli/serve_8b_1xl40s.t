$ simtrain serve scenarios/serve_8b_1xl40s.yaml
# exit 0
Llama-3-8B on 1x L40S (vLLM-like): Llama-3-8B on 1 x NVIDIA L40S (1x L40S server (PCIe Gen4)), 1 replica(s) of tp 1 x pp 1
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    400 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 4 req/s, seed 1
  memory     48.00 GiB per GPU: weights 14.96 GiB, activations 1.03 GiB, CUDA context 0.75 GiB, KV cache 27.42 GiB
  KV cache   14,041 blocks of 16 tokens = 224,656 tokens per replica (128 KiB a token per GPU); longest request 1280 tokens
  throughput 578.3 output tokens/s, 3.88 requests/s (2800.4 tokens/s with prompts) over 103.1 s
  TTFT       p50 63.4 ms  p90 90.2 ms  p99 124.6 ms  (mean 65.4 ms)
  TPOT       p50 27.4 ms  p90 28.9 ms  p99 30.8 ms  (mean 27.4 ms)
  latency    p50 4.10 s  p90 6.56 s  p99 7.06 s (end to end)
  batch      15.7 sequences per iteration (15.6 decoding), 3,805 iterations
  KV cache   peak 8%, mean 5%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 100% of the time, MFU 11.1%, 0% of busy time in TP collectives and stage sends
  energy     350 W per GPU, 0.24 kWh per 1M output tokens
  cost       per 1M output tokens: rent $0.894, own $0.129 (headline: rent)
