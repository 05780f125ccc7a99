$ simtrain collective topologies/hgx_a100_4gpu.yaml -b 1K -e 1M -f 32 --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "rows": [
    {
      "algbw_gbps": 0.057636634565387694,
      "algo": "ring",
      "busbw_gbps": 0.08645495184808154,
      "busiest_links": [
        {
          "name": "gpu0 -> gpu1 (nvlink3 x4)",
          "utilization": 0.0011084357856408007
        },
        {
          "name": "gpu1 -> gpu0 (nvlink3 x4)",
          "utilization": 0.0011084357856408007
        },
        {
          "name": "gpu0 -> gpu3 (nvlink3 x4)",
          "utilization": 0.0011084357856408007
        },
        {
          "name": "gpu3 -> gpu0 (nvlink3 x4)",
          "utilization": 0.0011084357856408007
        },
        {
          "name": "gpu1 -> gpu2 (nvlink3 x4)",
          "utilization": 0.0011084357856408007
        }
      ],
      "count": 256,
      "error_band": {
        "cases": 17,
        "category": "collective",
        "cross_validation": {
          "cases": 17,
          "inside_median": 0.5882,
          "inside_p90": 0.9412
        },
        "description": "median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB)",
        "domain": "nccl-tests collectives on Ampere",
        "fallback": true,
        "found": true,
        "generation": "Ampere",
        "gpus": "A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB",
        "kind": "collectives of < 1 MiB (latency-bound)",
        "mean_optimism": 0.0724,
        "median_abs_error": 0.08027142857142858,
        "not_validated": null,
        "p90_abs_error": 0.7998428571428572,
        "sources": 5,
        "validated": true,
        "worst_abs_error": 0.9327
      },
      "network_bytes": 0.0,
      "protocol": "LL",
      "size_bytes": 1024.0,
      "time_us": 17.766478
    },
    {
      "algbw_gbps": 1.065162332910948,
      "algo": "ring",
      "busbw_gbps": 1.5977434993664221,
      "busiest_links": [
        {
          "name": "gpu0 -> gpu1 (nvlink3 x4)",
          "utilization": 0.02048389601846819
        },
        {
          "name": "gpu1 -> gpu0 (nvlink3 x4)",
          "utilization": 0.02048389601846819
        },
        {
          "name": "gpu0 -> gpu3 (nvlink3 x4)",
          "utilization": 0.02048389601846819
        },
        {
          "name": "gpu3 -> gpu0 (nvlink3 x4)",
          "utilization": 0.02048389601846819
        },
        {
          "name": "gpu1 -> gpu2 (nvlink3 x4)",
          "utilization": 0.02048389601846819
        }
      ],
      "count": 8192,
      "error_band": {
        "cases": 17,
        "category": "collective",
        "cross_validation": {
          "cases": 17,
          "inside_median": 0.5882,
          "inside_p90": 0.9412
        },
        "description": "median error of 17 public nccl-tests collectives (5 sources) on Ampere (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB)",
        "domain": "nccl-tests collectives on Ampere",
        "fallback": true,
        "found": true,
        "generation": "Ampere",
        "gpus": "A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB",
        "kind": "collectives of < 1 MiB (latency-bound)",
        "mean_optimism": 0.0724,
        "median_abs_error": 0.08027142857142858,
        "not_validated": null,
        "p90_abs_error": 0.7998428571428572,
        "sources": 5,
        "validated": true,
        "worst_abs_error": 0.9327
      },
      "network_bytes": 0.0,
      "protocol": "LL",
      "size_bytes": 32768.0,
      "time_us": 30.763385999999997
    },
    {
      "algbw_gbps": 21.06272666149869,
      "algo": "ring",
      "busbw_gbps": 31.594089992248037,
      "busiest_links": [
        {
          "name": "gpu0 -> gpu1 (nvlink3 x4)",
          "utilization": 0.20252622716994037
        },
        {
          "name": "gpu1 -> gpu0 (nvlink3 x4)",
          "utilization": 0.20252622716994037
        },
        {
          "name": "gpu0 -> gpu3 (nvlink3 x4)",
          "utilization": 0.20252622716994037
        },
        {
          "name": "gpu3 -> gpu0 (nvlink3 x4)",
          "utilization": 0.20252622716994037
        },
        {
          "name": "gpu1 -> gpu2 (nvlink3 x4)",
          "utilization": 0.20252622716994037
        }
      ],
      "count": 262144,
      "error_band": {
        "cases": 9,
        "category": "collective",
        "cross_validation": {
          "cases": 17,
          "inside_median": 0.5882,
          "inside_p90": 0.9412
        },
        "description": "median error of 9 public collectives of 1 MiB to 64 MiB (2 sources) on all GPUs, 1 node (A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition)",
        "domain": "collectives of 1 MiB to 64 MiB on all GPUs, 1 node",
        "fallback": true,
        "found": true,
        "generation": "Ampere",
        "gpus": "A100-SXM4-40GB, H200, RTX PRO 6000 Blackwell Server Edition",
        "kind": "collectives of 1 MiB to 64 MiB",
        "mean_optimism": -0.0762,
        "median_abs_error": 0.27445,
        "not_validated": null,
        "p90_abs_error": 0.9327,
        "sources": 2,
        "validated": true,
        "worst_abs_error": 0.9327
      },
      "network_bytes": 0.0,
      "protocol": "Simple",
      "size_bytes": 1048576.0,
      "time_us": 49.783488
    }
  ]
}
