$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --json
# exit 0
{
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.00601411327815895,
    "run": 601.411327815895,
    "run_hours": 10.011642660277777
  },
  "energy": {
    "joules_per_step": 7422.21317516848,
    "power_w": 20593.282760394097,
    "run_kwh": 206.17258819912442
  },
  "gpu": "NVIDIA A100-SXM4-40GB",
  "gpus": 32,
  "links": [
    {
      "name": "node0/nic0 -> rail0_leaf0 (ib_hdr)",
      "utilization": 0.18881207161938077
    },
    {
      "name": "rail0_leaf0 -> node0/nic0 (ib_hdr)",
      "utilization": 0.18881207161938077
    },
    {
      "name": "node0/nic1 -> rail1_leaf0 (ib_hdr)",
      "utilization": 0.18881207161938077
    },
    {
      "name": "rail1_leaf0 -> node0/nic1 (ib_hdr)",
      "utilization": 0.18881207161938077
    },
    {
      "name": "node0/nic2 -> rail2_leaf0 (ib_hdr)",
      "utilization": 0.18881207161938077
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
  "scaling_efficiency": 0.9125806111912258,
  "scenario": "4x DGX A100, GPT-2 1.5B DDP",
  "single_gpu_step_s": 0.328911515206,
  "software": "pytorch_eager",
  "step": {
    "comm_exposed_s": 0.004095155729999999,
    "comm_total_s": 0.10508901448199999,
    "compute_s": 0.35530204450299996,
    "compute_shared_s": 0.027412464834,
    "data_stall_s": 0.0,
    "idle_s": 0.001021935537000052,
    "time_s": 0.36041913577
  },
  "strategy": "ddp",
  "system": "DGX A100 (8x A100-SXM4-40GB)",
  "throughput": {
    "mfu": 0.3752812851249366,
    "samples_per_s": 355.1420757017815,
    "tflops_per_gpu": 117.08776095898021,
    "tokens_per_s": 363665.48551862425
  }
}
