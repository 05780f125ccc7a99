$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --json
# exit 0
{
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.005312050055076032,
    "run": 531.2050055076032,
    "run_hours": 8.842161827222222
  },
  "energy": {
    "joules_per_step": 6568.94527788096,
    "power_w": 20636.435492685778,
    "run_kwh": 182.47070216336
  },
  "gpu": "NVIDIA A100-SXM4-40GB",
  "gpus": 32,
  "links": [
    {
      "name": "node0/nic0 -> rail0_leaf0 (ib_hdr)",
      "utilization": 0.22034535170668243
    },
    {
      "name": "rail0_leaf0 -> node0/nic0 (ib_hdr)",
      "utilization": 0.22034535170668243
    },
    {
      "name": "node0/nic2 -> rail2_leaf0 (ib_hdr)",
      "utilization": 0.22034535170668243
    },
    {
      "name": "rail2_leaf0 -> node0/nic2 (ib_hdr)",
      "utilization": 0.22034535170668243
    },
    {
      "name": "node0/nic4 -> rail4_leaf0 (ib_hdr)",
      "utilization": 0.22034535170668243
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
  "scaling_efficiency": 0.988766173948199,
  "scenario": "4x DGX A100, GPT-2 1.5B DDP",
  "single_gpu_step_s": 0.314741898696,
  "step": {
    "comm_exposed_s": 0.0035759270839999997,
    "comm_total_s": 0.079585193276,
    "compute_s": 0.314741898696,
    "data_stall_s": 0.0,
    "idle_s": 8.239936510889834e-18,
    "time_s": 0.31831782578
  },
  "strategy": "ddp",
  "system": "DGX A100 (8x A100-SXM4-40GB)",
  "throughput": {
    "mfu": 0.42491668860815324,
    "samples_per_s": 402.1138297434371,
    "tflops_per_gpu": 132.5740068457438,
    "tokens_per_s": 411764.5616572796
  }
}
