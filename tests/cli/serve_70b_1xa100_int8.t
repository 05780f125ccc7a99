$ simtrain serve scenarios/serve_70b_4xa100_tp4.yaml --set gpus_per_node=1 --set serve.tp=1 --set serve.weights=int8 --set serve.requests.count=100
# exit 0
Llama-3-70B on 4x A100-80GB, TP 4 (vLLM-like): Llama-3-70B on 1 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB)), 1 replica(s) of tp 1 x pp 1
  --set gpus_per_node=1
  --set serve.tp=1
  --set serve.weights=int8
  --set serve.requests.count=100
  engine     vLLM-like (V1 engine); weights int8, KV cache bf16
  traffic    100 requests, prompt uniform 128-2048 tokens, output uniform 32-512 tokens, Poisson at 2 req/s, seed 1
  memory     80.00 GiB per GPU: weights 67.67 GiB, activations 1.93 GiB, CUDA context 0.75 GiB, KV cache 3.25 GiB
  KV cache   665 blocks of 16 tokens = 10,640 tokens per replica (320 KiB a token per GPU); longest request 2560 tokens
  throughput 98.8 output tokens/s, 0.39 requests/s (507.5 tokens/s with prompts) over 258.2 s
  TTFT       p50 93.56 s  p90 168.50 s  p99 191.16 s  (mean 90.96 s)
  TPOT       p50 76.7 ms  p90 90.6 ms  p99 135.7 ms  (mean 78.4 ms)
  latency    p50 117.85 s  p90 192.92 s  p99 211.08 s (end to end)
  batch      7.7 sequences per iteration (7.6 decoding), 3,330 iterations
  KV cache   peak 100%, mean 90%; 19 preemption(s) of 18 request(s), 20,346 tokens recomputed
  GPUs       busy 100% of the time, MFU 26.1%, 0% of busy time in TP collectives and stage sends
  energy     400 W per GPU, 3.94 kWh per 1M output tokens
  cost       per 1M output tokens: rent $14.396, own $1.320 (headline: rent)
  note       int8 weights are weight-only: read at their width, multiplied at the 16-bit rate (dequantization assumed free)
