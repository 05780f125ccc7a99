$ simtrain tests/data/prices/bad_prices_unknown_key.yaml
# exit 2
tests/data/prices/bad_prices_unknown_key.yaml:9:5: error: 'prices.workstation_4x4090.gpu_hours': unknown key (did you mean 'gpu_hour'?); valid keys here: date, gpu_hour, node_price, purchase, reserved_gpu_hour, source, spot_gpu_hour
        gpu_hours: $0.45
        ^
