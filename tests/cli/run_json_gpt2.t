$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --json
# exit 0
{
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 0.007643329415620709,
    "priced": true,
    "run": 764.9062801798187,
    "run_hours": 12.732383661061919
  },
  "energy": {
    "joules_per_step": 9451.94778734128,
    "power_w": 20636.69574381557,
    "run_kwh": 262.6748441887681
  },
  "gpu": "NVIDIA A100-SXM4-40GB",
  "gpus": 32,
  "links": [
    {
      "name": "node0/nic0 -> rail0_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "rail0_leaf0 -> node0/nic0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "node0/nic1 -> rail1_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "rail1_leaf0 -> node0/nic1 (ib_hdr)",
      "utilization": 0.14857866284636814
    },
    {
      "name": "node0/nic2 -> rail2_leaf0 (ib_hdr)",
      "utilization": 0.14857866284636814
    }
  ],
  "memory": {
    "breakdown": {
      "activations": 20132667392.0,
      "allocator_slack": 2760271008.0,
      "amp_weight_copies": 3115222400.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 6230444800.0,
      "gradients": 6230444800.0,
      "optimizer_state": 12460889600.0,
      "weights": 6230444800.0
    },
    "capacity_bytes": 42949672960.0,
    "oom": true,
    "peak_at": "fwd b48",
    "peak_bytes_per_gpu": 57965691168.0
  },
  "model": "GPT-2 1.5B",
  "nodes": 4,
  "overrides": [],
  "run": {
    "checkpoint": {
      "bytes": 18691334400.0,
      "count": 12.231678993991437,
      "interval_auto": true,
      "interval_s": 3744.5107152582345,
      "load_s": 0.6675476571428571,
      "read_bytes_per_s": 28000000000.0,
      "share": 0.00032814861610036436,
      "storage": "nvme0 (Samsung PM1733 3.84TB U.2), each node its own",
      "storage_from": "the node's first storage device",
      "time_s": 15.041210680930892,
      "write_bytes_per_s": 15200000000.0,
      "write_s": 1.229693052631579
    },
    "cost": 764.9062801798187,
    "dataset_samples": null,
    "energy_kwh": 262.6748441887681,
    "epochs": null,
    "failures": {
      "expected": 0.008039865382042316,
      "lost_work_s_each": 1872.8702041554332,
      "mtbf_s": 5701162.76849642,
      "per_gpu_hour": 1.9732816719714506e-05,
      "per_node_hour": 0.0,
      "relaunch_s": 600.0,
      "restart_s": 600.6675476571429,
      "share": 0.0004338654853849976,
      "source": "Llama 3: 419 interruptions in 54 days on 16,384 GPUs",
      "time_s": 19.88691054197271
    },
    "finishes": true,
    "goodput": 0.9992379858985146,
    "length": "steps",
    "priced": true,
    "samples_per_step": 128.0,
    "steps": 100000,
    "tokens": null,
    "tokens_per_step": 131072.0,
    "wall_clock_s": 45836.581179822904,
    "work_s": 45801.6530586
  },
  "scaling_efficiency": 0.9301724819864448,
  "scenario": "4x DGX A100, GPT-2 1.5B DDP",
  "single_gpu_step_s": 0.426034373046,
  "software": "pytorch_eager",
  "step": {
    "bubble_s": 0.0,
    "comm_exposed_s": 0.004095155729999999,
    "comm_total_s": 0.10508901448199999,
    "compute_s": 0.452879439319,
    "compute_shared_s": 0.02788700181,
    "data_stall_s": 0.0,
    "idle_s": 0.0010419355370000164,
    "time_s": 0.458016530586
  },
  "strategy": "ddp",
  "system": "DGX A100 (8x A100-SXM4-40GB)",
  "throughput": {
    "mfu": 0.29531370032066484,
    "samples_per_s": 279.46589577505637,
    "tflops_per_gpu": 92.13787450004742,
    "tokens_per_s": 286173.0772736577
  }
}
