$ simtrain tests/data/bad_scenario_key.yaml
# exit 2
tests/data/bad_scenario_key.yaml:5:1: error: 'bacth_per_gpu': unknown key (did you mean 'batch_per_gpu'?); valid keys here: activation_checkpointing, activation_offload, advise, batch_per_gpu, calibration, catalog, collective, cost, data, ddp, energy, finetune, flash_attention, fsdp, gpus_per_node, grad_accumulation, model, name, nodes, optimizer, parallel, precision, prices, run, seq_len, sequences, software, steps, strategy, sweep, system, warmup_steps
    bacth_per_gpu: 64
    ^
