$ simtrain serve scenarios/serve_70b_4xa100_tp4.yaml
# exit 0
Llama-3-70B on 4x A100-80GB, TP 4 (vLLM-like): Llama-3-70B on 4 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB)), 1 replica(s) of tp 4 x pp 1
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    400 requests, prompt uniform 128-2048 tokens, output uniform 32-512 tokens, Poisson at 2 req/s, seed 1
  memory     80.00 GiB per GPU: weights 32.86 GiB, activations 0.86 GiB, CUDA context 0.75 GiB, KV cache 39.14 GiB
  KV cache   32,059 blocks of 16 tokens = 512,944 tokens per replica (80 KiB a token per GPU); longest request 2560 tokens
  throughput 541.7 output tokens/s, 1.92 requests/s (2612.9 tokens/s with prompts) over 208.9 s
  TTFT       p50 318.7 ms  p90 704.3 ms  p99 1.09 s  (mean 379.5 ms)
  TPOT       p50 51.2 ms  p90 60.3 ms  p99 82.6 ms  (mean 51.3 ms)
  latency    p50 14.71 s  p90 24.26 s  p99 27.62 s (end to end)
  batch      26.5 sequences per iteration (26.4 decoding), 4,275 iterations
  KV cache   peak 14%, mean 7%; 0 preemption(s) of 0 request(s), 0 tokens recomputed
  GPUs       busy 100% of the time, MFU 29.2%, 19% of busy time in TP collectives and stage sends
  energy     400 W per GPU, 1.33 kWh per 1M output tokens
  cost       per 1M output tokens: rent $10.501, own $0.839 (headline: rent)
