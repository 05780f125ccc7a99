$ simtrain scenarios/8xA100_pcie_switch.yaml --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "activation_checkpointing": {
    "blocks": 18,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "basis": "rent",
    "break_even_utilisation": 0.09897333895625053,
    "inputs": {
      "electricity_usd_per_kwh": {
        "date": null,
        "from": "scenario",
        "quote": null,
        "source": null,
        "value": 0.12
      },
      "gpu_hour_usd": {
        "date": "2024",
        "from": "catalog",
        "quote": null,
        "source": "assumption: Azure NC24ads_A100_v4 (1x A100 80GB PCIe) on demand, East US, about $3.67/h (Azure pricing page, not read here)",
        "value": 3.67
      },
      "gpu_purchase_usd": {
        "date": "2024-mid",
        "from": "catalog",
        "quote": null,
        "source": "assumption: as a100_sxm4_80gb (xither.com's $10,000-$15,000 for 'A100 80GB' names no form factor; read here), midpoint",
        "value": 12500.0
      },
      "life_years": {
        "date": null,
        "from": "catalog",
        "quote": null,
        "source": "assumption: a convention, between the 3 years of GPU-cloud TCO write-ups and the 5-6 years hyperscalers depreciate servers over (not read here)",
        "value": 4.0
      },
      "node_price_usd": {
        "date": null,
        "from": "not given",
        "quote": null,
        "source": null,
        "value": null
      }
    },
    "own_capex_per_step": 0.00011755918644882039,
    "own_energy_per_step": 2.1632410244607063e-05,
    "own_per_step": 0.00013919159669342746,
    "per_step": 0.0012094188150337335,
    "priced": true,
    "rate": "on_demand",
    "rent_per_step": 0.0012094188150337335,
    "run": 54.429017568908506,
    "run_hours": 1.8538493722380283,
    "run_own": 6.264180369130059,
    "run_rent": 54.429017568908506
  },
  "energy": {
    "gpu_power_w": 295.7941133442929,
    "joules_per_step": 648.972307338212,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "quote": null,
      "source": "assumption: 2 x 270 W Xeon 8380 (catalog tdp) + ~450 W for 2 PCIe switches, the NIC, 512 GiB DRAM, drives and fans",
      "value": 1000.0
    },
    "power_w": 4376.258778780646,
    "pue": 1.3,
    "run_kwh": 8.112619603908495
  },
  "error_bands": {
    "peak_memory": {
      "cases": 10,
      "category": "memory",
      "cross_validation": {
        "cases": 10,
        "inside_median": 0.3,
        "inside_p90": 1.0
      },
      "description": "median error of 10 public peak-memory and largest-batch cases (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "peak-memory and largest-batch cases on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "peak-memory and largest-batch cases",
      "mean_optimism": 0.1048,
      "median_abs_error": 0.11821999999999999,
      "not_validated": null,
      "p90_abs_error": 0.3363,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 0.3363
    },
    "run_time": {
      "cases": 9,
      "category": "ddp",
      "cross_validation": {
        "cases": 9,
        "inside_median": 0.7778,
        "inside_p90": 0.8889
      },
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere, 1 node",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": null,
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 1.2896
    },
    "step_time": {
      "cases": 9,
      "category": "ddp",
      "cross_validation": {
        "cases": 9,
        "inside_median": 0.7778,
        "inside_p90": 0.8889
      },
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere, 1 node",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": null,
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 1.2896
    },
    "throughput": {
      "cases": 9,
      "category": "ddp",
      "cross_validation": {
        "cases": 9,
        "inside_median": 0.7778,
        "inside_p90": 0.8889
      },
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere, 1 node",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": null,
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 1.2896
    }
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
      "allocator_slack": 615604055.2,
      "amp_weight_copies": 51114064.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 102228128.0,
      "gradients": 102228128.0,
      "input_batch": 154140672.0,
      "optimizer_state": 102228128.0,
      "weights": 102228128.0
    },
    "capacity_bytes": 85899345920.0,
    "host_memory_bytes": 549755813888.0,
    "host_offload_bytes_per_node": 0.0,
    "host_oom": false,
    "oom": false,
    "peak_at": "fwd b16",
    "peak_bytes_per_gpu": 12927685159.2
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
    "cost": 54.429017568908506,
    "dataset_samples": null,
    "energy_kwh": 8.112619603908495,
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
      "spot_preemptions": {
        "per_gpu_hour": 0.0,
        "per_node_hour": 0.0,
        "share_of_expected": 0.0,
        "wall_clock_without_s": null
      },
      "time_s": 0.4048316699876745
    },
    "finishes": true,
    "goodput": 0.9999049975064502,
    "length": "steps",
    "own": 6.264180369130059,
    "priced": true,
    "rent": 54.429017568908506,
    "samples": null,
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
    "measured_steps": 3,
    "steady_state": null,
    "time_s": 0.148293860154,
    "warmup_steps": 1
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
