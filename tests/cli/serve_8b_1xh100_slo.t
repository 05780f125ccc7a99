$ simtrain serve scenarios/serve_8b_1xh100.yaml --slo ttft_p99=1s,tpot_p99=50ms
# exit 0
Llama-3-8B on 1x H100 SXM (vLLM-like): Llama-3-8B on 1 x NVIDIA H100 80GB HBM3 (DGX H100 (8x H100 SXM5)), 1 replica(s) of tp 1 x pp 1
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    400 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 10 req/s, seed 1
  memory     80.00 GiB per GPU: weights 14.96 GiB, activations 1.03 GiB, CUDA context 0.75 GiB, KV cache 56.86 GiB
  KV cache   29,114 blocks of 16 tokens = 465,824 tokens per replica (128 KiB a token per GPU); longest request 1280 tokens
  throughput 1467.7 output tokens/s, 9.84 requests/s (7108.0 tokens/s with prompts) over 40.6 s
  TTFT       p50 23.3 ms  p90 32.3 ms  p99 45.6 ms  (mean 23.4 ms)
  TPOT       p50 7.8 ms  p90 8.4 ms  p99 8.9 ms  (mean 7.8 ms)
  latency    p50 1.17 s  p90 1.88 s  p99 2.05 s (end to end)
  batch      11.4 sequences per iteration (11.3 decoding), 5,241 iterations
  KV cache   peak 3%, mean 2%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 100% of the time, MFU 10.3%, 0% of busy time in TP collectives and stage sends
  energy     700 W per GPU, 0.51 kWh per 1M output tokens
  cost       per 1M output tokens: rent $2.326, own $0.460 (headline: rent)
  SLO        ttft_p99=1s, tpot_p99=50ms: up to 53.01 req/s (5517.5 output tokens/s; TTFT p99 959.2 ms, TPOT p99 47.8 ms); at 53.30 req/s ttft_p99=1s is missed (11 runs)
