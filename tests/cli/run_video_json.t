$ simtrain scenarios/8xA100_video_nvme.yaml --json
# exit 0
{
  "activation_checkpointing": {
    "blocks": 18,
    "blocks_recomputed": 0
  },
  "bottleneck": "data",
  "calibration": null,
  "cost": {
    "basis": "rent",
    "inputs": {
      "electricity_usd_per_kwh": {
        "date": "2023",
        "from": "catalog",
        "source": "EIA, average retail price of electricity to US industrial customers, 2023: 8.06 cents/kWh (Statista chart of EIA data, published 2024-03-18; read here)",
        "value": 0.0806
      },
      "gpu_hour_usd": {
        "date": "2024",
        "from": "catalog",
        "source": "assumption: Azure NC24ads_A100_v4 (1x A100 80GB PCIe) on demand, East US, about $3.67/h (Azure pricing page, not read here)",
        "value": 3.67
      },
      "gpu_purchase_usd": {
        "date": "2024-mid",
        "from": "catalog",
        "source": "assumption: as a100_sxm4_80gb (xither.com's $10,000-$15,000 for 'A100 80GB' names no form factor; read here), midpoint",
        "value": 12500.0
      },
      "life_years": {
        "date": null,
        "from": "catalog",
        "source": "assumption: a convention, between the 3 years of GPU-cloud TCO write-ups and the 5-6 years hyperscalers depreciate servers over (not read here)",
        "value": 4.0
      },
      "node_price_usd": {
        "date": null,
        "from": "not given",
        "source": null,
        "value": null
      }
    },
    "own_capex_per_step": 0.0001658255833682141,
    "own_energy_per_step": 1.0328054592645918e-05,
    "own_per_step": 0.00017615363796086002,
    "per_step": 0.0017059711503428444,
    "priced": true,
    "rent_per_step": 0.0017059711503428444,
    "run": null,
    "run_hours": 0.0,
    "run_own": null,
    "run_rent": null
  },
  "data": {
    "cpu_cores_available": 72,
    "cpu_cores_busy": 13.342918357437403,
    "cpu_cores_needed": 34.00390356451414,
    "first_epoch_stall_s": null,
    "h2d_utilization": 0.027728674863208444,
    "limiter": "storage nvme0 (Samsung PM1733 3.84TB U.2)",
    "limiter_detail": "storage nvme0 (Samsung PM1733 3.84TB U.2) busy 87% of the run",
    "page_cache_hit_rate": 0.0,
    "read_achieved_bytes_per_s": 6112671638.847141,
    "read_available_bytes_per_s": 6998639153.4979315,
    "read_needed_bytes_per_s": 16321873710.966785,
    "stall_s_per_gpu": [
      0.0,
      0.012456579865375,
      0.027814213235,
      0.04165667132775,
      0.054687112641,
      0.06873134779025,
      0.08951398151675,
      0.115072181299625
    ],
    "stall_share": 0.5320587854591425,
    "storage_utilization": 0.8732388055495917,
    "workers_needed_per_gpu": 5,
    "workers_per_gpu": 8
  },
  "energy": {
    "gpu_power_w": 150.66261064014475,
    "joules_per_step": 461.3026865201651,
    "node_overhead_w": {
      "date": null,
      "from": "system",
      "source": "assumption: 2 x 270 W Xeon 8380 (catalog tdp) + ~450 W for 2 PCIe switches, the NIC, 512 GiB DRAM, drives and fans",
      "value": 1000.0
    },
    "power_w": 2205.300885121158,
    "pue": 1.0,
    "run_kwh": 0.0
  },
  "gpu": "NVIDIA A100 80GB PCIe",
  "gpus": 8,
  "links": [
    {
      "name": "nvme0 (Samsung PM1733 3.84TB U.2 reads)",
      "utilization": 0.8732388055495917
    },
    {
      "name": "nvme0 -> cpu0 (pcie4x4)",
      "utilization": 0.871425782078529
    },
    {
      "name": "cpu0 (root complex transit)",
      "utilization": 0.0915157978487854
    },
    {
      "name": "cpu0 -> cpu1 (upi x3)",
      "utilization": 0.07917198069917525
    },
    {
      "name": "cpu1 (root complex transit)",
      "utilization": 0.027854513527187163
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 4450197504.0,
      "allocator_slack": 296378452.8,
      "amp_weight_copies": 0.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 168016296.0,
      "gradients": 168016296.0,
      "optimizer_state": 168016296.0,
      "weights": 168016296.0
    },
    "capacity_bytes": 85899345920.0,
    "oom": false,
    "peak_at": "fwd b17",
    "peak_bytes_per_gpu": 6223947508.8
  },
  "model": "DeepLabV3-ResNet50",
  "nodes": 1,
  "overrides": [],
  "scaling_efficiency": 0.442813882683411,
  "scenario": "8x A100, driving video decoded on the fly from one NVMe",
  "single_gpu_step_s": 0.092627375742,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.006584648781125,
    "comm_total_s": 0.012598404821125,
    "compute_s": 0.091298837711625,
    "compute_shared_s": 0.000175461969625,
    "data_stall_s": 0.11129553739125,
    "idle_s": 0.0,
    "time_s": 0.209179023884
  },
  "strategy": "ddp",
  "system": "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs",
  "throughput": {
    "mfu": 0.12780155682881794,
    "samples_per_s": 305.9580201286871,
    "tflops_per_gpu": 39.8740857305912,
    "tokens_per_s": 0.0
  }
}
