$ simtrain scenarios/4x4090_workstation_resnet50.yaml --set name=$'bad\xffname'
# exit 2
--set: error: 'name': this override is not valid UTF-8 (byte 9)
