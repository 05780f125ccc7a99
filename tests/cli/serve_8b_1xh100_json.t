$ simtrain serve scenarios/serve_8b_1xh100.yaml --set serve.requests.count=50 --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "cost_basis": "rent",
  "engine": "vLLM-like (V1 engine)",
  "figures": {
    "batch": {
      "iterations": 935,
      "mean_decoding": 7.225910064239828,
      "mean_sequences": 7.271657754010695
    },
    "cost": {
      "own": 0.004635585616787412,
      "own_per_1m_output_tokens": 0.6818040324735125,
      "rent": 0.02345100163271491,
      "rent_per_1m_output_tokens": 3.4491839436262555
    },
    "duration_s": 6.869292585660999,
    "e2e_s": {
      "mean": 1.0296824186953,
      "p50": 1.038787913808,
      "p90": 1.7091481250679,
      "p99": 1.9609357163409398
    },
    "energy": {
      "joules": 18547.0899812847,
      "joules_per_1m_output_tokens": 2727914.396423694
    },
    "gpu": {
      "busy": 1.0,
      "comm_share": 0.0,
      "mfu": 0.0743125355690646,
      "power_w": 700.0
    },
    "kv_cache": {
      "mean": 0.010901047375542237,
      "peak": 0.020230816789173593,
      "preempted_requests": 0,
      "preemptions": 0
    },
    "rate_per_s": 10.0,
    "requests": 50,
    "throughput": {
      "output_tokens_per_s": 989.7671288878088,
      "requests_per_s": 7.27876988445219,
      "total_tokens_per_s": 5120.760189109805
    },
    "tokens": {
      "output": 6799,
      "prompt": 28377,
      "recomputed": 0
    },
    "tpot_s": {
      "mean": 0.00748751845463674,
      "p50": 0.007440162413225596,
      "p90": 0.008087386088833883,
      "p99": 0.008410444579820969
    },
    "ttft_s": {
      "mean": 0.024145567393119998,
      "p50": 0.022233126771,
      "p90": 0.0422426023916,
      "p99": 0.04476239581381
    }
  },
  "gpu": "NVIDIA H100 80GB HBM3",
  "layout": {
    "gpus": 1,
    "pp": 1,
    "replicas": 1,
    "tp": 1
  },
  "memory": {
    "activation_bytes": 1104412672.0,
    "block_tokens": 16,
    "capacity_bytes": 85899345920.0,
    "context_bytes": 805306368.0,
    "fits": true,
    "kv_blocks": 29114,
    "kv_bytes_per_token": 131072.0,
    "kv_cache_bytes": 61057156710.40001,
    "kv_tokens": 465824,
    "longest_request_tokens": 1280,
    "verdict": "",
    "weights_bytes": 16060522496.0
  },
  "model": "Llama-3-8B",
  "notes": [],
  "overrides": [
    "serve.requests.count=50"
  ],
  "precision": {
    "kv_cache": "bf16",
    "weights": "bf16"
  },
  "scenario": "Llama-3-8B on 1x H100 SXM (vLLM-like)",
  "system": "DGX H100 (8x H100 SXM5)",
  "traffic": "50 requests, prompt uniform 128-1024 tokens, output uniform 32-256 tokens, Poisson at 10 req/s, seed 1"
}
