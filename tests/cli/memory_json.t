$ simtrain memory scenarios/4x4090_gpt2_1.5b_fsdp.yaml --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "breakdown": {
    "activations": 517738496.0,
    "allocator_slack": 389972441.6,
    "cuda_context_workspace": 805306368.0,
    "gathered_parameters": 122963200.0,
    "gradients": 778805600.0,
    "input_batch": 32768.0,
    "optimizer_state": 4672833600.0,
    "parameters": 778805600.0,
    "unsharded_gradients": 122963200.0
  },
  "capacity_bytes": 25769803776.0,
  "host_memory_bytes": 0.0,
  "host_offload_bytes_per_node": 0.0,
  "host_oom": false,
  "largest_batch": [
    {
      "host_oom": false,
      "largest_batch_per_gpu": 65,
      "peak_bytes": 25660168262.4,
      "strategy": "this scenario (fsdp full_shard)"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 0,
      "peak_bytes": 0.0,
      "strategy": "ddp"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 0,
      "peak_bytes": 0.0,
      "strategy": "ddp + checkpointing"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 2,
      "peak_bytes": 23093606659.2,
      "strategy": "zero1"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 0,
      "peak_bytes": 0.0,
      "strategy": "fsdp no_shard"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 2,
      "peak_bytes": 20640375739.2,
      "strategy": "fsdp shard_grad_op (zero2)"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 3,
      "peak_bytes": 23651496825.600002,
      "strategy": "fsdp full_shard (zero3)"
    },
    {
      "host_oom": false,
      "largest_batch_per_gpu": 65,
      "peak_bytes": 25660168262.4,
      "strategy": "fsdp full_shard + checkpointing"
    }
  ],
  "oom": false,
  "peak_at": "bwd unit47",
  "peak_bytes_per_gpu": 8189421273.6,
  "scenario": "4x RTX 4090, GPT-2 1.5B FSDP full shard",
  "strategy": "fsdp"
}
