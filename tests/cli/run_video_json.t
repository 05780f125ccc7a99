$ simtrain scenarios/8xA100_video_nvme.yaml --json
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
  "bottleneck": "data",
  "calibration": null,
  "cost": {
    "basis": "rent",
    "break_even_utilisation": 0.09778618957020473,
    "inputs": {
      "electricity_usd_per_kwh": {
        "date": "2023",
        "from": "catalog",
        "quote": null,
        "source": "EIA, average retail price of electricity to US industrial customers, 2023: 8.06 cents/kWh (Statista chart of EIA data, published 2024-03-18; read here)",
        "value": 0.0806
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
    "own_capex_per_step": 0.00017200997233637747,
    "own_energy_per_step": 1.0552991759129304e-05,
    "own_per_step": 0.00018256296409550676,
    "per_step": 0.0017695945608437332,
    "priced": true,
    "rate": "on_demand",
    "rent_per_step": 0.0017695945608437332,
    "run": null,
    "run_hours": 0.0,
    "run_own": null,
    "run_rent": null
  },
  "data": {
    "cpu_cores_available": 72,
    "cpu_cores_busy": 14.50685131774614,
    "cpu_cores_needed": 33.94667019778094,
    "first_epoch_stall_s": null,
    "h2d_utilization": 0.031560872383759285,
    "limiter": "storage nvme0 (Samsung PM1733 3.84TB U.2)",
    "limiter_detail": "storage nvme0 (Samsung PM1733 3.84TB U.2) busy 99% of the run",
    "no_stall_step_time_s": 0.094608340788,
    "page_cache_hit_rate": 0.0,
    "read_achieved_bytes_per_s": 6957463725.579881,
    "read_available_bytes_per_s": 6998639153.4979315,
    "read_needed_bytes_per_s": 16294401694.934849,
    "stall_s_per_gpu": [
      0.00312528378646875,
      0.015457514783710937,
      0.03392155232270703,
      0.05068618492703515,
      0.06794724919502344,
      0.08724980172469922,
      0.1053514077258789,
      0.12271475477684765
    ],
    "stall_share": 0.5521484792455278,
    "storage_utilization": 0.9939233893685544,
    "unsettled": null,
    "workers_needed_per_gpu": 5,
    "workers_per_gpu": 8
  },
  "energy": {
    "gpu_power_w": 146.53939540940118,
    "joules_per_step": 471.3495078519291,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "quote": null,
      "source": "assumption: 2 x 270 W Xeon 8380 (catalog tdp) + ~450 W for 2 PCIe switches, the NIC, 512 GiB DRAM, drives and fans",
      "value": 1000.0
    },
    "power_w": 2172.3151632752097,
    "pue": 1.0,
    "run_kwh": 0.0
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
      "name": "nvme0 (Samsung PM1733 3.84TB U.2 reads)",
      "utilization": 0.9939233893685544
    },
    {
      "name": "nvme0 -> cpu0 (pcie4x4)",
      "utilization": 0.991859799864849
    },
    {
      "name": "cpu0 (root complex transit)",
      "utilization": 0.10416359351081518
    },
    {
      "name": "cpu0 -> cpu1 (upi x3)",
      "utilization": 0.09011381869393374
    },
    {
      "name": "cpu1 (root complex transit)",
      "utilization": 0.03170410238152185
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 4450197504.0,
      "allocator_slack": 297636744.0,
      "amp_weight_copies": 0.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 168016296.0,
      "gradients": 168016296.0,
      "input_batch": 25165824.0,
      "optimizer_state": 168016296.0,
      "weights": 168016296.0
    },
    "capacity_bytes": 85899345920.0,
    "host_memory_bytes": 549755813888.0,
    "host_offload_bytes_per_node": 0.0,
    "host_oom": false,
    "oom": false,
    "peak_at": "fwd b17",
    "peak_bytes_per_gpu": 6250371624.0
  },
  "model": "DeepLabV3-ResNet50",
  "nodes": 1,
  "overrides": [],
  "scaling_efficiency": 0.4268931005693282,
  "scenario": "8x A100, driving video decoded on the fly from one NVMe",
  "single_gpu_step_s": 0.092627375742,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.0058472148119960935,
    "comm_total_s": 0.012981559800816406,
    "compute_s": 0.09132772438057031,
    "compute_shared_s": 0.0002043486385703125,
    "data_stall_s": 0.11980532031143357,
    "idle_s": 0.0,
    "measured_steps": 256,
    "steady_state": true,
    "time_s": 0.216980259504,
    "warmup_steps": 265
  },
  "strategy": "ddp",
  "system": "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs",
  "throughput": {
    "mfu": 0.12320662243384803,
    "samples_per_s": 294.95770788687884,
    "tflops_per_gpu": 38.440466199360586,
    "tokens_per_s": 0.0
  }
}
