$ simtrain colective dgx_a100
# exit 2
simtrain: error: unknown command 'colective' (did you mean 'collective'?); the commands: run, serve, replay, memory, compare, calibrate, plan, sweep, merge, advise, describe, collective, topo, validate (a scenario file runs as simtrain FILE.yaml)
