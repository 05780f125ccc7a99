$ simtrain tests/data/catalog_ext/sd_unet_redefine.yaml
# exit 2
tests/data/catalog_ext/redefine_4090.yaml:4:3: error: 'gpus.rtx_4090': GPU 'rtx_4090' is already in the shipped catalog (topologies/devices.yaml:232); give yours another name
      rtx_4090:
      ^
