$ simtrain run scenarios/8xA100_imagenet_resnet50.yaml --steps 1 --chakra /tmp/simtrain_chakra_refused_dir
# exit 127
../cli/run_case.sh: line 12: ../../build/sim/simtrain: No such file or directory
