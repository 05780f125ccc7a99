$ simtrain serve scenarios/serve_70b_4xa100_tp4.yaml --set gpus_per_node=1 --set serve.tp=1
# exit 0
Llama-3-70B on 4x A100-80GB, TP 4 (vLLM-like): Llama-3-70B on 1 x NVIDIA A100-SXM4-80GB (HGX A100 4-GPU (4x A100-SXM4-80GB)), 1 replica(s) of tp 1 x pp 1
  --set gpus_per_node=1
  --set serve.tp=1
  engine     vLLM-like (V1 engine); weights bf16, KV cache bf16
  traffic    400 requests, prompt uniform 128-2048 tokens, output uniform 32-512 tokens, Poisson at 2 req/s, seed 1
  memory     80.00 GiB per GPU: weights 131.42 GiB, activations 1.93 GiB, CUDA context 0.75 GiB
  verdict    does not fit: weights 131.42 GiB + activations 1.93 GiB + CUDA context 0.75 GiB = 134.10 GiB per GPU, more than the 73.60 GiB the engine may use (92% of 80.00 GiB); nothing is left for the KV cache
