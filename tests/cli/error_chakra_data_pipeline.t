$ simtrain run scenarios/8xA100_imagenet_resnet50.yaml --steps 1 --chakra /tmp/simtrain_chakra_refused_dir
# exit 2
simtrain: error: --chakra: the step has a task Chakra ET cannot carry as simtrain models it: 'read gpu0 b0' (a transfer on no stream); data-pipeline tasks and host<->GPU copies (offload) have no Chakra 0.0.4 node that a replay would time the same: write the trace of the scenario without its data: block and without offload
