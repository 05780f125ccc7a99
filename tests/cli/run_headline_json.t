$ simtrain scenarios/8xA100_pcie_switch.yaml --json
# exit 0
{
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.0004419927194361208,
    "run": 19.889672374625437,
    "run_hours": 1.3351506906125001
  },
  "energy": {
    "joules_per_step": 442.3349532036241,
    "power_w": 4141.245594164946,
    "run_kwh": 5.529186915045301
  },
  "gpu": "NVIDIA A100 80GB PCIe",
  "gpus": 8,
  "links": [
    {
      "name": "cpu0 (root complex transit)",
      "utilization": 0.03987850740321633
    },
    {
      "name": "cpu1 (root complex transit)",
      "utilization": 0.03987850740321633
    },
    {
      "name": "plx0 -> cpu0 (pcie4x16)",
      "utilization": 0.03452684623655094
    },
    {
      "name": "cpu0 -> plx0 (pcie4x16)",
      "utilization": 0.03452684623655094
    },
    {
      "name": "plx1 -> cpu1 (pcie4x16)",
      "utilization": 0.03452684623655094
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 10892607488.0,
      "allocator_slack": 607897021.6,
      "amp_weight_copies": 51114064.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 102228128.0,
      "gradients": 102228128.0,
      "optimizer_state": 102228128.0,
      "weights": 102228128.0
    },
    "capacity_bytes": 85899345920.0,
    "oom": false,
    "peak_at": "fwd b16",
    "peak_bytes_per_gpu": 12765837453.6
  },
  "model": "ResNet-50",
  "nodes": 1,
  "overrides": [],
  "scaling_efficiency": 0.9931950631948279,
  "scenario": "8x A100 PCIe switch, ResNet-50 DDP",
  "single_gpu_step_s": 0.106085205963,
  "step": {
    "comm_exposed_s": 0.0007268492860000001,
    "comm_total_s": 0.007063919387999999,
    "compute_s": 0.10608520596299999,
    "data_stall_s": 0.0,
    "idle_s": 1.691355389077387e-17,
    "time_s": 0.106812055249
  },
  "strategy": "ddp",
  "system": "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs",
  "throughput": {
    "mfu": 0.1901480137039205,
    "samples_per_s": 19173.86567673197,
    "tflops_per_gpu": 59.3261802756232,
    "tokens_per_s": 0.0
  }
}
