$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "activation_checkpointing": {
    "blocks": 50,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "basis": "rent",
    "break_even_utilisation": 0.17725650806262125,
    "inputs": {
      "electricity_usd_per_kwh": {
        "date": null,
        "from": "scenario",
        "quote": null,
        "source": null,
        "value": 0.12
      },
      "gpu_hour_usd": {
        "date": "2024-Q2",
        "from": "catalog",
        "quote": null,
        "source": "AWS EC2 p4d.24xlarge (8x A100-SXM4-40GB) on demand, US East: about $32.77/h (xither.com 'GPU Compute Costs: On-Prem vs. Cloud vs. Spot', read here) / 8",
        "value": 4.096
      },
      "gpu_purchase_usd": {
        "date": "2023-02",
        "from": "catalog",
        "quote": null,
        "source": "assumption: no NVIDIA list price; CNBC (2023-02-23) reported an A100 'costs around $10,000' (not read here)",
        "value": 10000.0
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
        "source": "arithmetic: DGX A100 launch price $199,000 (NVIDIA GTC 2020-05-14; geektopia.es: from 200,000 dollars, read here) less 8 x $10,000 (prices.yaml a100_sxm4_40gb); NVIDIA's margin on the box lands here",
        "value": 119000.0
      }
    },
    "own_capex_per_step": 0.002963369241274194,
    "own_energy_per_step": 0.00038008414089781196,
    "own_per_step": 0.003343453382172006,
    "per_step": 0.01709805559178126,
    "priced": true,
    "rate": "on_demand",
    "rent_per_step": 0.01709805559178126,
    "run": 1711.109448707226,
    "run_hours": 13.054729070337112,
    "run_own": 334.5905261354418,
    "run_rent": 1711.109448707226
  },
  "energy": {
    "gpu_power_w": 396.1713468264329,
    "joules_per_step": 11402.52422693436,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "quote": null,
      "source": "assumption: 2 x 225 W EPYC 7742 (catalog tdp) + ~1 kW for 6 NVSwitches, NICs, 1 TB DRAM, NVMe drives and fans; NVIDIA's 6.5 kW maximum system power less 8 x 400 W GPUs = 3.3 kW bounds it above (DGX A100 User Guide, not read here)",
      "value": 1500.0
    },
    "power_w": 24280.72802797961,
    "pue": 1.3,
    "run_kwh": 316.8968074099933
  },
  "error_bands": {
    "peak_memory": {
      "cases": 3,
      "category": "memory",
      "cross_validation": {
        "cases": 10,
        "inside_median": 0.3,
        "inside_p90": 1.0
      },
      "description": "median error of 3 public peak-memory and largest-batch cases (2 sources) on Ampere, 2 to 64 nodes, software pytorch_eager (A100-SXM4-40GB)",
      "domain": "peak-memory and largest-batch cases on Ampere, 2 to 64 nodes, software pytorch_eager",
      "fallback": false,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB",
      "kind": "peak-memory and largest-batch cases",
      "mean_optimism": 0.0645,
      "median_abs_error": 0.10505,
      "not_validated": null,
      "p90_abs_error": 0.3363,
      "sources": 2,
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
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": "32 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)",
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": false,
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
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": "32 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)",
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": false,
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
      "description": "median error of 9 public multi-GPU DDP runs (3 sources) on Ampere (A100-SXM4-40GB, A100-SXM4-80GB)",
      "domain": "multi-GPU DDP runs on Ampere",
      "fallback": true,
      "found": true,
      "generation": "Ampere",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB",
      "kind": "multi-GPU DDP runs",
      "mean_optimism": 0.0795,
      "median_abs_error": 0.30386,
      "not_validated": "32 GPUs, above the largest validated of the multi-GPU DDP runs (8 GPUs)",
      "p90_abs_error": 1.2896,
      "sources": 3,
      "validated": false,
      "worst_abs_error": 1.2896
    }
  },
  "gpu": "NVIDIA A100-SXM4-40GB",
  "gpus": 32,
  "links": [
    {
      "name": "node0/nic0 -> rail0_leaf0 (ib_hdr)",
      "utilization": 0.14490998082112433
    },
    {
      "name": "rail0_leaf0 -> node0/nic0 (ib_hdr)",
      "utilization": 0.14490998082112433
    },
    {
      "name": "node0/nic1 -> rail1_leaf0 (ib_hdr)",
      "utilization": 0.14490998082112433
    },
    {
      "name": "rail1_leaf0 -> node0/nic1 (ib_hdr)",
      "utilization": 0.14490998082112433
    },
    {
      "name": "node0/nic2 -> rail2_leaf0 (ib_hdr)",
      "utilization": 0.14490998082112433
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 20132667392.0,
      "allocator_slack": 2760274284.8,
      "amp_weight_copies": 3115222400.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 6230444800.0,
      "gradients": 6230444800.0,
      "input_batch": 65536.0,
      "optimizer_state": 12460889600.0,
      "weights": 6230444800.0
    },
    "capacity_bytes": 42949672960.0,
    "host_memory_bytes": 1099511627776.0,
    "host_offload_bytes_per_node": 0.0,
    "host_oom": false,
    "oom": true,
    "peak_at": "fwd b48",
    "peak_bytes_per_gpu": 57965759980.8
  },
  "model": "GPT-2 1.5B",
  "nodes": 4,
  "overrides": [],
  "run": {
    "checkpoint": {
      "bytes": 18691334400.0,
      "count": 12.541348076890571,
      "interval_auto": true,
      "interval_s": 3744.5107152582345,
      "load_s": 0.6675476571428571,
      "read_bytes_per_s": 28000000000.0,
      "share": 0.00032814861610036436,
      "storage": "nvme0 (Samsung PM1733 3.84TB U.2), each node its own",
      "storage_from": "the node's first storage device",
      "time_s": 15.42200860078675,
      "write_bytes_per_s": 15200000000.0,
      "write_s": 1.229693052631579
    },
    "cost": 1711.109448707226,
    "dataset_samples": null,
    "energy_kwh": 316.8968074099933,
    "epochs": null,
    "failures": {
      "expected": 0.008243410434255716,
      "lost_work_s_each": 1872.8702041554332,
      "mtbf_s": 5701162.76849642,
      "per_gpu_hour": 1.9732816719714506e-05,
      "per_node_hour": 0.0,
      "relaunch_s": 600.0,
      "restart_s": 600.6675476571429,
      "share": 0.00043386548538499757,
      "source": "Llama 3: 419 interruptions in 54 days on 16,384 GPUs",
      "spot_preemptions": {
        "per_gpu_hour": 0.0,
        "per_node_hour": 0.0,
        "share_of_expected": 0.0,
        "wall_clock_without_s": null
      },
      "time_s": 20.390386912817217
    },
    "finishes": true,
    "goodput": 0.9992379858985146,
    "length": "steps",
    "own": 334.5905261354418,
    "priced": true,
    "rent": 1711.109448707226,
    "samples": null,
    "samples_per_step": 128.0,
    "steps": 100000,
    "tokens": null,
    "tokens_per_step": 131072.0,
    "wall_clock_s": 46997.0246532136,
    "work_s": 46961.2122577
  },
  "scaling_efficiency": 0.9322721568355916,
  "scenario": "4x DGX A100, GPT-2 1.5B DDP",
  "single_gpu_step_s": 0.437806306391,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.004095155729999999,
    "comm_total_s": 0.10508901448199999,
    "compute_s": 0.46447503130999995,
    "compute_shared_s": 0.027710660456,
    "data_stall_s": 0.0,
    "idle_s": 0.0010419355370000164,
    "measured_steps": 3,
    "steady_state": null,
    "time_s": 0.46961212257699997,
    "warmup_steps": 1
  },
  "strategy": "ddp",
  "system": "DGX A100 (8x A100-SXM4-40GB)",
  "throughput": {
    "mfu": 0.28802185879093645,
    "samples_per_s": 272.5653658546953,
    "tflops_per_gpu": 89.86281994277218,
    "tokens_per_s": 279106.934635208
  }
}
