$ simtrain scenarios/8xA100_video_nvme.yaml --json
# exit 0
{
  "bottleneck": "data",
  "calibration": null,
  "cost": {
    "per_step": 0.0,
    "run": 0.0,
    "run_hours": 0.0
  },
  "data": {
    "cpu_cores_available": 72,
    "cpu_cores_busy": 13.893653771649424,
    "cpu_cores_needed": 44.79762580899892,
    "first_epoch_stall_s": null,
    "h2d_utilization": 0.028245303727130557,
    "limiter": "storage nvme0 (Samsung PM1733 3.84TB U.2)",
    "limiter_detail": "storage nvme0 (Samsung PM1733 3.84TB U.2) busy 89% of the run",
    "page_cache_hit_rate": 0.0,
    "read_achieved_bytes_per_s": 6226560334.103289,
    "read_available_bytes_per_s": 6998639153.4979315,
    "read_needed_bytes_per_s": 21502860388.31948,
    "stall_s_per_gpu": [
      0.00084678125775,
      0.017997216211625,
      0.033864284187499996,
      0.052485890587374996,
      0.07030256942862499,
      0.088256358693375,
      0.109038992419875,
      0.13459719220275
    ],
    "stall_share": 0.6285076131767773,
    "storage_utilization": 0.8895086191576127,
    "workers_needed_per_gpu": 6,
    "workers_per_gpu": 8
  },
  "energy": {
    "joules_per_step": 205.90308935224,
    "power_w": 999.3862052252065,
    "run_kwh": 0.0
  },
  "gpu": "NVIDIA A100 80GB PCIe",
  "gpus": 8,
  "links": [
    {
      "name": "nvme0 (Samsung PM1733 3.84TB U.2 reads)",
      "utilization": 0.8895086191576127
    },
    {
      "name": "nvme0 -> cpu0 (pcie4x4)",
      "utilization": 0.8876618162052058
    },
    {
      "name": "cpu0 (root complex transit)",
      "utilization": 0.09322088122776634
    },
    {
      "name": "cpu0 -> cpu1 (upi x3)",
      "utilization": 0.0806470793328879
    },
    {
      "name": "cpu1 (root complex transit)",
      "utilization": 0.028373486963072042
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
  "scaling_efficiency": 0.3393331156722672,
  "scenario": "8x A100, driving video decoded on the fly from one NVMe",
  "single_gpu_step_s": 0.069912648855,
  "step": {
    "comm_exposed_s": 0.00662576013825,
    "comm_total_s": 0.011564287494749999,
    "compute_s": 0.069912648855,
    "data_stall_s": 0.12949114021975,
    "idle_s": 0.0,
    "time_s": 0.20602954921299999
  },
  "strategy": "ddp",
  "system": "8x A100 80GB PCIe, 2x PCIe Gen4 switch, NVLink-bridged pairs",
  "throughput": {
    "mfu": 0.12975519778801164,
    "samples_per_s": 310.63505329439295,
    "tflops_per_gpu": 40.483621709859634,
    "tokens_per_s": 0.0
  }
}
