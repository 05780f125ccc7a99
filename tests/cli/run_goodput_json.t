$ simtrain scenarios/8xA100_llama2_7b_fsdp.yaml --set run.tokens=1e9 --set run.checkpoint.interval=30min --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "activation_checkpointing": {
    "blocks": 34,
    "blocks_recomputed": 32
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "basis": "rent",
    "break_even_utilisation": 0.15536300062848254,
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
        "source": "AWS EC2 p4de.24xlarge (8x A100-SXM4-80GB) on demand, US East: $40.96/h (AWS on-demand pricing page, not read here) / 8",
        "value": 5.12
      },
      "gpu_purchase_usd": {
        "date": "2024-mid",
        "from": "catalog",
        "quote": null,
        "source": "assumption: no NVIDIA list price; xither.com: A100 80GB 'range from $10,000 to $15,000 per GPU as of mid-2024' (read here), midpoint",
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
        "date": "2020-05",
        "from": "system",
        "quote": null,
        "source": "assumption: the dgx_a100 node (same chassis, CPUs, NICs and NVSwitches; see dgx_a100.yaml)",
        "value": 119000.0
      }
    },
    "own_capex_per_step": 0.0032434349909895833,
    "own_energy_per_step": 0.0003796800086587473,
    "own_per_step": 0.0036231149996483305,
    "per_step": 0.021256175556949333,
    "priced": true,
    "rate": "on_demand",
    "rent_per_step": 0.021256175556949333,
    "run": 657.6868381934526,
    "run_hours": 16.056807573082338,
    "run_own": 112.00745854280932,
    "run_rent": 657.6868381934526
  },
  "energy": {
    "gpu_power_w": 398.74339822987747,
    "joules_per_step": 11390.40025976242,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "quote": null,
      "source": "assumption: 2 x 225 W EPYC 7742 (catalog tdp) + ~1 kW for 6 NVSwitches, NICs, 1 TB DRAM, NVMe drives and fans; NVIDIA's 6.5 kW maximum system power less 8 x 400 W GPUs = 3.3 kW bounds it above (DGX A100 User Guide, not read here)",
      "value": 1500.0
    },
    "power_w": 6096.931341590726,
    "pue": 1.3,
    "run_kwh": 97.10342675870591
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
      "cases": 5,
      "category": "fsdp",
      "cross_validation": {
        "cases": 5,
        "inside_median": 1.0,
        "inside_p90": 1.0
      },
      "description": "median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "FSDP/ZeRO runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "FSDP/ZeRO runs",
      "mean_optimism": 0.0708,
      "median_abs_error": 0.1091,
      "not_validated": null,
      "p90_abs_error": 0.4878,
      "sources": 2,
      "validated": true,
      "worst_abs_error": 0.4878
    },
    "step_time": {
      "cases": 5,
      "category": "fsdp",
      "cross_validation": {
        "cases": 5,
        "inside_median": 1.0,
        "inside_p90": 1.0
      },
      "description": "median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "FSDP/ZeRO runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "FSDP/ZeRO runs",
      "mean_optimism": 0.0708,
      "median_abs_error": 0.1091,
      "not_validated": null,
      "p90_abs_error": 0.4878,
      "sources": 2,
      "validated": true,
      "worst_abs_error": 0.4878
    },
    "throughput": {
      "cases": 5,
      "category": "fsdp",
      "cross_validation": {
        "cases": 5,
        "inside_median": 1.0,
        "inside_p90": 1.0
      },
      "description": "median error of 5 public FSDP/ZeRO runs (2 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "FSDP/ZeRO runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "FSDP/ZeRO runs",
      "mean_optimism": 0.0708,
      "median_abs_error": 0.1091,
      "not_validated": null,
      "p90_abs_error": 0.4878,
      "sources": 2,
      "validated": true,
      "worst_abs_error": 0.4878
    }
  },
  "gpu": "NVIDIA A100-SXM4-80GB",
  "gpus": 8,
  "links": [
    {
      "name": "gpu0 -> nvswitch (nvlink3 x12)",
      "utilization": 0.08092329524174717
    },
    {
      "name": "nvswitch -> gpu0 (nvlink3 x12)",
      "utilization": 0.08092329524174717
    },
    {
      "name": "gpu1 -> nvswitch (nvlink3 x12)",
      "utilization": 0.08092329524174717
    },
    {
      "name": "nvswitch -> gpu1 (nvlink3 x12)",
      "utilization": 0.08092329524174717
    },
    {
      "name": "gpu2 -> nvswitch (nvlink3 x12)",
      "utilization": 0.08092329524174717
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 2743083008.0,
      "allocator_slack": 932217651.2,
      "cuda_context_workspace": 805306368.0,
      "gathered_parameters": 809533440.0,
      "gradients": 1684603904.0,
      "input_batch": 65536.0,
      "optimizer_state": 10107623424.0,
      "parameters": 1684603904.0,
      "unsharded_gradients": 809533440.0
    },
    "capacity_bytes": 85899345920.0,
    "host_memory_bytes": 2199023255552.0,
    "host_offload_bytes_per_node": 0.0,
    "host_oom": false,
    "oom": false,
    "peak_at": "bwd unit31",
    "peak_bytes_per_gpu": 19576570675.2
  },
  "model": "Llama-2-7B",
  "nodes": 1,
  "overrides": [
    "run.tokens=1e9",
    "run.checkpoint.interval=30min"
  ],
  "run": {
    "checkpoint": {
      "bytes": 94337818624.0,
      "count": 31.67460769760643,
      "interval_auto": false,
      "interval_s": 1800.0,
      "load_s": 13.476831232,
      "read_bytes_per_s": 7000000000.0,
      "share": 0.013603534875534482,
      "storage": "nvme0 (Samsung PM1733 3.84TB U.2)",
      "storage_from": "the node's first storage device",
      "time_s": 786.3456305166184,
      "write_bytes_per_s": 3800000000.0,
      "write_s": 24.825741743157895
    },
    "cost": 657.6868381934526,
    "dataset_samples": null,
    "energy_kwh": 97.10342675870591,
    "epochs": null,
    "failures": {
      "expected": 0.002534768327546861,
      "lost_work_s_each": 912.412870871579,
      "mtbf_s": 22804651.07398568,
      "per_gpu_hour": 1.9732816719714506e-05,
      "per_node_hour": 0.0,
      "relaunch_s": 600.0,
      "restart_s": 613.476831232,
      "share": 6.691133739135487e-05,
      "source": "Llama 3: 419 interruptions in 54 days on 16,384 GPUs",
      "spot_preemptions": {
        "per_gpu_hour": 0.0,
        "per_node_hour": 0.0,
        "share_of_expected": 0.0,
        "wall_clock_without_s": null
      },
      "time_s": 3.867776888222067
    },
    "finishes": true,
    "goodput": 0.9863295537870742,
    "length": "tokens",
    "own": 112.00745854280932,
    "priced": true,
    "rent": 657.6868381934526,
    "samples": null,
    "samples_per_step": 8.0,
    "steps": 30518,
    "tokens": 1000000000.0,
    "tokens_per_step": 32768.0,
    "wall_clock_s": 57804.50726309641,
    "work_s": 57014.293855691576
  },
  "scaling_efficiency": 0.9971734521368476,
  "scenario": "8x A100 80GB, Llama-2-7B FSDP full shard",
  "single_gpu_step_s": 1.862937945646,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.005707447837,
    "comm_total_s": 0.176546115517,
    "compute_s": 1.861511106973,
    "compute_shared_s": 0.074993828793,
    "data_stall_s": 0.0,
    "idle_s": 0.0009999999999999471,
    "measured_steps": 2,
    "steady_state": null,
    "time_s": 1.8682185548099999,
    "warmup_steps": 1
  },
  "strategy": "fsdp",
  "system": "DGX A100 640GB (8x A100-SXM4-80GB)",
  "throughput": {
    "mfu": 0.3243772358361512,
    "samples_per_s": 4.28215423693488,
    "tflops_per_gpu": 101.20569758087917,
    "tokens_per_s": 17539.70375448527
  }
}
