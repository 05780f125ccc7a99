$ simtrain collective topologies/hgx_a100_4gpu.yaml -b 1K -e 1M -f 32 --json
# exit 0
[
  {
    "algbw_gbps": 0.07758298689953685,
    "algo": "ring",
    "busbw_gbps": 0.11637448034930528,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.005967980349684099
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.005967980349684099
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.005967980349684099
      },
      {
        "name": "gpu2 -> gpu3 (nvlink3 x4)",
        "utilization": 0.005967980349684099
      }
    ],
    "count": 256,
    "network_bytes": 0.0,
    "protocol": "LL",
    "size_bytes": 1024.0,
    "time_us": 13.19877
  },
  {
    "algbw_gbps": 2.0950581486048887,
    "algo": "ring",
    "busbw_gbps": 3.1425872229073333,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.1611583584687457
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.1611583584687457
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.1611583584687457
      },
      {
        "name": "gpu2 -> gpu3 (nvlink3 x4)",
        "utilization": 0.1611583584687457
      }
    ],
    "count": 8192,
    "network_bytes": 0.0,
    "protocol": "LL",
    "size_bytes": 32768.0,
    "time_us": 15.640616
  },
  {
    "algbw_gbps": 20.963807415251928,
    "algo": "ring",
    "busbw_gbps": 31.445711122877892,
    "busiest_links": [
      {
        "name": "gpu0 -> gpu1 (nvlink3 x4)",
        "utilization": 0.4382066837610443
      },
      {
        "name": "gpu3 -> gpu0 (nvlink3 x4)",
        "utilization": 0.4382066837610443
      },
      {
        "name": "gpu1 -> gpu2 (nvlink3 x4)",
        "utilization": 0.4382066837610443
      },
      {
        "name": "gpu2 -> gpu3 (nvlink3 x4)",
        "utilization": 0.4382066837610443
      }
    ],
    "count": 262144,
    "network_bytes": 0.0,
    "protocol": "LL128",
    "size_bytes": 1048576.0,
    "time_us": 50.018395
  }
]
