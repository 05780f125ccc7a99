$ simtrain scenarios/8xA100_pcie_switch.yaml --json
# exit 0
{
  "activation_checkpointing": {
    "blocks": 18,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.0006135226374059391,
    "priced": true,
    "run": 27.60851868326726,
    "run_hours": 1.8536732519249999
  },
  "energy": {
    "joules_per_step": 610.415903698172,
    "power_w": 4116.258778780646,
    "run_kwh": 7.630198796227149
  },
  "gpu": "NVIDIA A100 80GB PCIe",
  "gpus": 8,
  "links": [
    {
      "name": "cpu0 (root complex transit)",
      "utilization": 0.028723409934683697
    },
    {
      "name": "cpu1 (root complex transit)",
      "utilization": 0.028723409934683697
    },
    {
      "name": "plx0 -> cpu0 (pcie4x16)",
      "utilization": 0.024868753190202333
    },
    {
      "name": "cpu0 -> plx0 (pcie4x16)",
      "utilization": 0.024868753190202333
    },
    {
      "name": "plx1 -> cpu1 (pcie4x16)",
      "utilization": 0.024868753190202333
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
  "scaling_efficiency": 0.9925286972309614,
  "scenario": "8x A100 PCIe switch, ResNet-50 DDP",
  "single_gpu_step_s": 0.147185911826,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.000901611953,
    "comm_total_s": 0.007937732723,
    "compute_s": 0.145940248201,
    "compute_shared_s": 0.00020633637499999996,
    "data_stall_s": 0.0,
    "idle_s": 0.0014520000000000177,
    "time_s": 0.148293860154
  },
  "strategy": "ddp",
  "system": "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs",
  "throughput": {
    "mfu": 0.13695846965032243,
    "samples_per_s": 13810.41668126513,
    "tflops_per_gpu": 42.7310425309006,
    "tokens_per_s": 0.0
  }
}
