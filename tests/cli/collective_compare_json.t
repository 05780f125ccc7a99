$ simtrain collective node_1gpu_hdr --nodes 2 --compare tests/data/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log --force-device --json
# exit 0
{
  "simtrain": {
    "version": "0.1.0",
    "schema": 1
  },
  "rows": [
    {
      "busbw_error": 0.7724209661978161,
      "count": 2048,
      "log_line": 14,
      "measured": {
        "algbw_gbps": 0.23,
        "busbw_gbps": 0.23,
        "time_us": 35.15,
        "wrong": 0
      },
      "measured_in_place": {
        "busbw_gbps": 0.27,
        "time_us": 30.33
      },
      "simulated": {
        "algbw_gbps": 0.4076568222254977,
        "algo": "ring",
        "busbw_gbps": 0.4076568222254977,
        "protocol": "LL",
        "time_us": 20.095333999999998
      },
      "size_bytes": 8192,
      "size_class": "below_64MiB"
    },
    {
      "busbw_error": 0.5679108547134527,
      "count": 4096,
      "log_line": 15,
      "measured": {
        "algbw_gbps": 0.52,
        "busbw_gbps": 0.52,
        "time_us": 31.67,
        "wrong": 0
      },
      "measured_in_place": {
        "busbw_gbps": 0.53,
        "time_us": 30.75
      },
      "simulated": {
        "algbw_gbps": 0.8153136444509954,
        "algo": "ring",
        "busbw_gbps": 0.8153136444509954,
        "protocol": "LL",
        "time_us": 20.095333999999998
      },
      "size_bytes": 16384,
      "size_class": "below_64MiB"
    },
    {
      "busbw_error": 0.8396221362686053,
      "count": 8192,
      "log_line": 16,
      "measured": {
        "algbw_gbps": 0.83,
        "busbw_gbps": 0.83,
        "time_us": 39.56,
        "wrong": 0
      },
      "measured_in_place": {
        "busbw_gbps": 0.88,
        "time_us": 37.44
      },
      "simulated": {
        "algbw_gbps": 1.5268863731029423,
        "algo": "ring",
        "busbw_gbps": 1.5268863731029423,
        "protocol": "LL",
        "time_us": 21.460666999999997
      },
      "size_bytes": 32768,
      "size_class": "below_64MiB"
    },
    {
      "busbw_error": 1.8219471760700203,
      "count": 16384,
      "log_line": 17,
      "measured": {
        "algbw_gbps": 0.96,
        "busbw_gbps": 0.96,
        "time_us": 67.93,
        "wrong": 0
      },
      "measured_in_place": {
        "busbw_gbps": 1.01,
        "time_us": 64.71
      },
      "simulated": {
        "algbw_gbps": 2.7090692890272194,
        "algo": "ring",
        "busbw_gbps": 2.7090692890272194,
        "protocol": "LL",
        "time_us": 24.191333999999998
      },
      "size_bytes": 65536,
      "size_class": "below_64MiB"
    }
  ]
}
