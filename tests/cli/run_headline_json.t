$ simtrain scenarios/8xA100_pcie_switch.yaml --json
# exit 0
{
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.0006135226374059391,
    "priced": true,
    "run": 27.6111052122828,
    "run_hours": 1.8538493722380283
  },
  "energy": {
    "joules_per_step": 610.415903698172,
    "power_w": 4116.258778780646,
    "run_kwh": 7.630618767126609
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
  "run": {
    "checkpoint": {
      "bytes": 204456256.0,
      "count": 4.259911402620669,
      "interval_auto": true,
      "interval_s": 1566.5170178949443,
      "load_s": 0.02920803657142857,
      "read_bytes_per_s": 7000000000.0,
      "share": 3.4343173894444816e-05,
      "storage": "nvme0 (Samsung PM1733 3.84TB U.2)",
      "storage_from": "the node's first storage device",
      "time_s": 0.2292014569135607,
      "write_bytes_per_s": 3800000000.0,
      "write_s": 0.053804277894736845
    },
    "cost": 27.6111052122828,
    "dataset_samples": null,
    "energy_kwh": 7.630618767126609,
    "epochs": null,
    "failures": {
      "expected": 0.00029265335910664647,
      "lost_work_s_each": 783.2854110864195,
      "mtbf_s": 22804651.07398568,
      "per_gpu_hour": 1.9732816719714506e-05,
      "per_node_hour": 0.0,
      "relaunch_s": 600.0,
      "restart_s": 600.0292080365714,
      "share": 6.0659319655234794e-05,
      "source": "Llama 3: 419 interruptions in 54 days on 16,384 GPUs",
      "time_s": 0.4048316699876745
    },
    "finishes": true,
    "goodput": 0.9999049975064502,
    "length": "steps",
    "priced": true,
    "samples_per_step": 2048.0,
    "steps": 45000,
    "tokens": null,
    "tokens_per_step": 0.0,
    "wall_clock_s": 6673.857740056902,
    "work_s": 6673.22370693
  },
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
