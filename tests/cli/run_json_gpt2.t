$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --json
# exit 0
{
  "activation_checkpointing": {
    "blocks": 50,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.007643329415620709,
    "priced": true,
    "run": 764.3329415620709,
    "run_hours": 12.722681405166666
  },
  "energy": {
    "joules_per_step": 9451.94778734128,
    "power_w": 20636.69574381557,
    "run_kwh": 262.55410520392445
  },
  "gpu": "NVIDIA A100-SXM4-40GB",
  "gpus": 32,
  "links": [
    {
      "name": "node0/nic0 -> rail0_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "rail0_leaf0 -> node0/nic0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "node0/nic1 -> rail1_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "rail1_leaf0 -> node0/nic1 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "node0/nic2 -> rail2_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 20132667392.0,
      "allocator_slack": 2760271008.0,
      "amp_weight_copies": 3115222400.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 6230444800.0,
      "gradients": 6230444800.0,
      "optimizer_state": 12460889600.0,
      "weights": 6230444800.0
    },
    "capacity_bytes": 42949672960.0,
    "oom": true,
    "peak_at": "fwd b48",
    "peak_bytes_per_gpu": 57965691168.0
  },
  "model": "GPT-2 1.5B",
  "nodes": 4,
  "overrides": [],
  "scaling_efficiency": 0.9301724819864448,
  "scenario": "4x DGX A100, GPT-2 1.5B DDP",
  "single_gpu_step_s": 0.426034373046,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.004095155729999999,
    "comm_total_s": 0.10508901448199999,
    "compute_s": 0.452879439319,
    "compute_shared_s": 0.02788700181,
    "data_stall_s": 0.0,
    "idle_s": 0.0010419355370000164,
    "time_s": 0.458016530586
  },
  "strategy": "ddp",
  "system": "DGX A100 (8x A100-SXM4-40GB)",
  "throughput": {
    "mfu": 0.29531370032066484,
    "samples_per_s": 279.46589577505637,
    "tflops_per_gpu": 92.13787450004742,
    "tokens_per_s": 286173.0772736577
  }
}
