$ simtrain sweep tests/data/hardware_whatif/bad_oversubscription_sweep.yaml
# exit 2
tests/data/hardware_whatif/bad_oversubscription_sweep.yaml:9:39: error: 'sweep.system.fabric.oversubscription[1]': value '100' of system.fabric.oversubscription: expected a number in (0, 64], got 100
      system.fabric.oversubscription: [1, 100]
                                          ^
