$ simtrain collective topologies/hgx_a100_4gpu.yaml -b 1K -e 1M -f 32 --json
# exit 0
[
  {
    "algbw_gbps": 0.07781518665195979,
    "algo": "ring",
    "busbw_gbps": 0.11672277997793967,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.0029929210217650745
      },
      {
        "name": "gpu1 -> gpu0 (nvlink3 x4)",
        "utilization": 0.0029929210217650745
      },
      {
        "name": "gpu0 -> gpu3 (nvlink3 x4)",
        "utilization": 0.0029929210217650745
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.0029929210217650745
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.0029929210217650745
      }
    ],
    "count": 256,
    "network_bytes": 0.0,
    "protocol": "LL",
    "size_bytes": 1024.0,
    "time_us": 13.159384999999999
  },
  {
    "algbw_gbps": 2.2786716390219177,
    "algo": "ring",
    "busbw_gbps": 3.418007458532877,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.08764123828223985
      },
      {
        "name": "gpu1 -> gpu0 (nvlink3 x4)",
        "utilization": 0.08764123828223985
      },
      {
        "name": "gpu0 -> gpu3 (nvlink3 x4)",
        "utilization": 0.08764123828223985
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.08764123828223985
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.08764123828223985
      }
    ],
    "count": 8192,
    "network_bytes": 0.0,
    "protocol": "LL",
    "size_bytes": 32768.0,
    "time_us": 14.380308
  },
  {
    "algbw_gbps": 26.84581490894923,
    "algo": "ring",
    "busbw_gbps": 40.26872236342385,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.2805791864953295
      },
      {
        "name": "gpu1 -> gpu0 (nvlink3 x4)",
        "utilization": 0.2805791864953295
      },
      {
        "name": "gpu0 -> gpu3 (nvlink3 x4)",
        "utilization": 0.2805791864953295
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.2805791864953295
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.2805791864953295
      }
    ],
    "count": 262144,
    "network_bytes": 0.0,
    "protocol": "LL128",
    "size_bytes": 1048576.0,
    "time_us": 39.059197999999995
  }
]
