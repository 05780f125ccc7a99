$ simtrain scenarios/1x4090_sd_unet.yaml --set batch_per_gpu=8 --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "activation_checkpointing": {
    "blocks": 40,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "basis": "own",
    "break_even_utilisation": 0.8297554263800502,
    "inputs": {
      "electricity_usd_per_kwh": {
        "date": null,
        "from": "scenario",
        "quote": null,
        "source": null,
        "value": 0.3
      },
      "gpu_hour_usd": {
        "date": "2024",
        "from": "catalog",
        "quote": null,
        "source": "assumption: GPU marketplaces (RunPod, vast.ai) rent RTX 4090s for about $0.35-0.70/h (not read here); no hyperscaler offers the card",
        "value": 0.5
      },
      "gpu_purchase_usd": {
        "date": "2022-10-12",
        "from": "catalog",
        "quote": null,
        "source": "NVIDIA launch MSRP of the GeForce RTX 4090 (Founders Edition), on sale 2022-10-12 (Tom's Guide, PC Gamer; read here)",
        "value": 1599.0
      },
      "life_years": {
        "date": null,
        "from": "catalog",
        "quote": null,
        "source": "assumption: a convention, between the 3 years of GPU-cloud TCO write-ups and the 5-6 years hyperscalers depreciate servers over (not read here)",
        "value": 4.0
      },
      "node_price_usd": {
        "date": "2022",
        "from": "system",
        "quote": null,
        "source": "assumption: Threadripper PRO 5975WX (~$3,300 launch price, not read here) + WRX80 board, 256 GB DRAM, 2 PSUs, drive and case",
        "value": 6000.0
      }
    },
    "own_capex_per_step": 1.79300530141699e-05,
    "own_energy_per_step": 1.973008904192e-05,
    "own_per_step": 3.76601420560899e-05,
    "per_step": 3.76601420560899e-05,
    "priced": true,
    "rate": "on_demand",
    "rent_per_step": 4.1338929965555555e-05,
    "run": null,
    "run_hours": 0.0,
    "run_own": null,
    "run_rent": null
  },
  "energy": {
    "gpu_power_w": 445.460399287851,
    "joules_per_step": 236.76106850304,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "quote": null,
      "source": "assumption: 280 W Threadripper PRO 5975WX (catalog tdp) + ~70 W for DRAM, the drive and fans",
      "value": 350.0
    },
    "power_w": 795.460399287851,
    "pue": 1.0,
    "run_kwh": 0.0
  },
  "error_bands": {
    "peak_memory": {
      "cases": 15,
      "category": "memory",
      "cross_validation": {
        "cases": 15,
        "inside_median": 0.3333,
        "inside_p90": 0.8667
      },
      "description": "median error of 15 public peak-memory and largest-batch cases (4 sources) on all GPUs (A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB)",
      "domain": "peak-memory and largest-batch cases on all GPUs",
      "fallback": true,
      "found": true,
      "generation": "Ada",
      "gpus": "A100-SXM4-40GB, A100-SXM4-80GB, V100-SXM2-32GB",
      "kind": "peak-memory and largest-batch cases",
      "mean_optimism": 0.1227,
      "median_abs_error": 0.1232,
      "not_validated": "peak-memory and largest-batch cases never validated on Ada",
      "p90_abs_error": 0.3363,
      "sources": 4,
      "validated": false,
      "worst_abs_error": 0.3363
    },
    "step_time": {
      "cases": 13,
      "category": "cnn_1gpu",
      "cross_validation": {
        "cases": 2,
        "inside_median": 0.0,
        "inside_p90": 1.0
      },
      "description": "median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB)",
      "domain": "single-GPU CNN runs on all GPUs, 1 GPU",
      "fallback": true,
      "found": true,
      "generation": "Ada",
      "gpus": "A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB",
      "kind": "single-GPU CNN runs",
      "mean_optimism": -0.0744,
      "median_abs_error": 0.18359999999999999,
      "not_validated": null,
      "p90_abs_error": 0.3444,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 0.3444
    },
    "throughput": {
      "cases": 13,
      "category": "cnn_1gpu",
      "cross_validation": {
        "cases": 2,
        "inside_median": 0.0,
        "inside_p90": 1.0
      },
      "description": "median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB)",
      "domain": "single-GPU CNN runs on all GPUs, 1 GPU",
      "fallback": true,
      "found": true,
      "generation": "Ada",
      "gpus": "A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB",
      "kind": "single-GPU CNN runs",
      "mean_optimism": -0.0744,
      "median_abs_error": 0.18359999999999999,
      "not_validated": null,
      "p90_abs_error": 0.3444,
      "sources": 3,
      "validated": true,
      "worst_abs_error": 0.3444
    }
  },
  "gpu": "NVIDIA GeForce RTX 4090",
  "gpus": 1,
  "links": [],
  "memory": {
    "breakdown": {
      "activations": 7418727424.0,
      "allocator_slack": 1184790218.0,
      "amp_weight_copies": 1719041928.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 0.0,
      "gradients": 3438083856.0,
      "input_batch": 393216.0,
      "optimizer_state": 6876167712.0,
      "weights": 3438083856.0
    },
    "capacity_bytes": 25769803776.0,
    "host_memory_bytes": 0.0,
    "host_offload_bytes_per_node": 0.0,
    "host_oom": false,
    "oom": false,
    "peak_at": "fwd b38",
    "peak_bytes_per_gpu": 24880594578.0
  },
  "model": "Stable Diffusion v1.5 UNet",
  "nodes": 1,
  "overrides": [
    "batch_per_gpu=8"
  ],
  "scaling_efficiency": 1.0,
  "scenario": "1x RTX 4090, SD UNet fine-tuning",
  "single_gpu_step_s": 0.297640295752,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.0,
    "comm_total_s": 0.0,
    "compute_s": 0.29449804436,
    "compute_shared_s": 0.0,
    "data_stall_s": 0.0,
    "idle_s": 0.0031422513920000283,
    "measured_steps": 2,
    "steady_state": null,
    "time_s": 0.297640295752,
    "warmup_steps": 1
  },
  "strategy": "ddp",
  "system": "Workstation 4x RTX 4090 (Threadripper PRO 5975WX)",
  "throughput": {
    "mfu": 0.39436281977973475,
    "samples_per_s": 26.87808107362507,
    "tflops_per_gpu": 65.14873782761218,
    "tokens_per_s": 0.0
  }
}
