$ simtrain serve scenarios/serve_8b_1xl4.yaml --set serve.requests.count=100 --slo ttft_p99=1s,tpot_p99=50ms
# exit 0
Llama-3-8B on 1x L4 (vLLM-like): Llama-3-8B on 1 x NVIDIA L4 (1x L4 server (PCIe Gen4)), 1 replica(s) of tp 1 x pp 1
  --set serve.requests.count=100
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    100 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 1 req/s, seed 1
  memory     24.00 GiB per GPU: weights 14.96 GiB, activations 1.03 GiB, CUDA context 0.75 GiB, KV cache 5.34 GiB
  KV cache   2,736 blocks of 16 tokens = 43,776 tokens per replica (128 KiB a token per GPU); longest request 1280 tokens
  throughput 127.7 output tokens/s, 0.94 requests/s (654.0 tokens/s with prompts) over 106.6 s
  TTFT       p50 168.8 ms  p90 243.2 ms  p99 285.9 ms  (mean 170.9 ms)
  TPOT       p50 71.2 ms  p90 76.5 ms  p99 79.5 ms  (mean 71.8 ms)
  latency    p50 9.53 s  p90 16.28 s  p99 18.35 s (end to end)
  batch      9.0 sequences per iteration (9.0 decoding), 1,505 iterations
  KV cache   peak 31%, mean 14%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 100% of the time, MFU 7.8%, 0% of busy time in TP collectives and stage sends
  energy     72 W per GPU, 0.48 kWh per 1M output tokens
  cost       per 1M output tokens: rent $1.751, own $0.194 (headline: rent)
  SLO        ttft_p99=1s, tpot_p99=50ms: no arrival rate meets it: tpot_p99=50ms is missed even at 0.00781 req/s, requests served one at a time
