$ simtrain serve scenarios/serve_7b_int4_1x4090.yaml
# exit 0
Llama-2-7B int4 on 1x RTX 4090 (vLLM-like): Llama-2-7B on 1 x NVIDIA GeForce RTX 4090 (Workstation 4x RTX 4090 (Threadripper PRO 5975WX)), 1 replica(s) of tp 1 x pp 1
  engine     vLLM-like (V1 engine); weights int4, KV cache bf16
  traffic    400 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 2 req/s, seed 1
  memory     24.00 GiB per GPU: weights 3.50 GiB, activations 0.78 GiB, CUDA context 0.75 GiB, KV cache 17.04 GiB
  KV cache   2,181 blocks of 16 tokens = 34,896 tokens per replica (512 KiB a token per GPU); longest request 1280 tokens
  throughput 301.0 output tokens/s, 2.02 requests/s (1457.9 tokens/s with prompts) over 198.1 s
  TTFT       p50 88.3 ms  p90 124.7 ms  p99 190.3 ms  (mean 88.8 ms)
  TPOT       p50 13.5 ms  p90 16.4 ms  p99 18.8 ms  (mean 13.8 ms)
  latency    p50 2.07 s  p90 3.36 s  p99 4.11 s (end to end)
  batch      4.0 sequences per iteration (4.0 decoding), 14,807 iterations
  KV cache   peak 23%, mean 8%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 98% of the time, MFU 11.6%, 0% of busy time in TP collectives and stage sends
  energy     440 W per GPU, 0.73 kWh per 1M output tokens
  cost       per 1M output tokens: rent $0.461, own $0.259 (headline: rent)
  note       int4 weights are weight-only: read at their width, multiplied at the 16-bit rate (dequantization assumed free)
