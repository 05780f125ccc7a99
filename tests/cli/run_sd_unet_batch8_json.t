$ simtrain scenarios/1x4090_sd_unet.yaml --set batch_per_gpu=8 --json
# exit 0
{
  "activation_checkpointing": {
    "blocks": 40,
    "blocks_recomputed": 0
  },
  "bottleneck": "compute",
  "calibration": null,
  "cost": {
    "per_step": 5.280123301436445e-05,
    "priced": true,
    "run": 0.0,
    "run_hours": 0.0
  },
  "energy": {
    "joules_per_step": 236.76106850304,
    "power_w": 795.460399287851,
    "run_kwh": 0.0
  },
  "gpu": "NVIDIA GeForce RTX 4090",
  "gpus": 1,
  "links": [],
  "memory": {
    "breakdown": {
      "activations": 7418727424.0,
      "allocator_slack": 1184770557.2,
      "amp_weight_copies": 1719041928.0,
      "cuda_context_workspace": 805306368.0,
      "ddp_buckets": 0.0,
      "gradients": 3438083856.0,
      "optimizer_state": 6876167712.0,
      "weights": 3438083856.0
    },
    "capacity_bytes": 25769803776.0,
    "oom": false,
    "peak_at": "fwd b38",
    "peak_bytes_per_gpu": 24880181701.2
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
    "time_s": 0.297640295752
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
