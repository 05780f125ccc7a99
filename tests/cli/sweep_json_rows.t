$ simtrain sweep tests/data/journal_t3/s.yaml --sweep batch_per_gpu=32,64 --steps 1 --jobs 1 --no-progress --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "rows": [
    {
      "bottleneck": "compute",
      "cost_basis": "rent",
      "cost_per_million_samples": 0.6471040641421876,
      "error": null,
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
      "fits_with_margin": true,
      "gpus": 8,
      "joules_per_sample": 0.33803666575564845,
      "memory_capacity_bytes_per_gpu": 85899345920.0,
      "memory_margin": 0.11821999999999999,
      "memory_peak_bytes_per_gpu": 4228370983.2000003,
      "mfu": 0.1249860478549243,
      "oom": false,
      "own_per_million_samples": 0.07416837162152462,
      "own_per_million_tokens": null,
      "point": 1,
      "rank": 1,
      "ranked_by": "time",
      "rent_per_million_samples": 0.6471040641421876,
      "rent_per_million_tokens": null,
      "samples_per_s": 12603.159225041652,
      "seconds_per_sample": 7.93451849765625e-05,
      "set": {
        "batch_per_gpu": "64"
      },
      "step_time_s": 0.040624734708,
      "tflops_per_gpu": 38.995646930736385,
      "tokens_per_s": 0.0
    },
    {
      "bottleneck": "compute",
      "cost_basis": "rent",
      "cost_per_million_samples": 0.720904472387934,
      "error": null,
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
      "fits_with_margin": true,
      "gpus": 8,
      "joules_per_sample": 0.36536461990965624,
      "memory_capacity_bytes_per_gpu": 85899345920.0,
      "memory_margin": 0.11821999999999999,
      "memory_peak_bytes_per_gpu": 2778485287.2000003,
      "mfu": 0.11219098039451302,
      "oom": false,
      "own_per_million_samples": 0.08225292752206206,
      "own_per_million_tokens": null,
      "point": 0,
      "rank": 2,
      "ranked_by": "time",
      "rent_per_million_samples": 0.720904472387934,
      "rent_per_million_tokens": null,
      "samples_per_s": 11312.949035454005,
      "seconds_per_sample": 8.839428135546874e-05,
      "set": {
        "batch_per_gpu": "32"
      },
      "step_time_s": 0.022628936026999998,
      "tflops_per_gpu": 35.003585883088064,
      "tokens_per_s": 0.0
    }
  ]
}
