$ simtrain serve scenarios/serve_8b_1xl4.yaml
# exit 0
Llama-3-8B on 1x L4 (vLLM-like): Llama-3-8B on 1 x NVIDIA L4 (1x L4 server (PCIe Gen4)), 1 replica(s) of tp 1 x pp 1
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    400 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 1 req/s, seed 1
  memory     24.00 GiB per GPU: weights 14.96 GiB, activations 1.03 GiB, CUDA context 0.75 GiB, KV cache 5.34 GiB
  KV cache   2,736 blocks of 16 tokens = 43,776 tokens per replica (128 KiB a token per GPU); longest request 1280 tokens
  throughput 146.9 output tokens/s, 0.99 requests/s (711.6 tokens/s with prompts) over 405.9 s
  TTFT       p50 166.6 ms  p90 234.0 ms  p99 346.9 ms  (mean 171.0 ms)
  TPOT       p50 72.4 ms  p90 75.2 ms  p99 78.2 ms  (mean 72.3 ms)
  latency    p50 10.81 s  p90 17.33 s  p99 18.75 s (end to end)
  batch      10.6 sequences per iteration (10.5 decoding), 5,652 iterations
  KV cache   peak 34%, mean 16%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 100% of the time, MFU 8.5%, 0% of busy time in TP collectives and stage sends
  energy     72 W per GPU, 0.42 kWh per 1M output tokens
  cost       per 1M output tokens: rent $1.522, own $0.169 (headline: rent)
