$ simtrain sweep tests/data/catalog_ext/sd_unet_48gb_whatif.yaml --sweep system=workstation_4x4090,workstation_4x4090_48gb_whatif.yaml
# exit 0
simtrain sweep: 1x RTX 4090 48GB what-if, SD UNet fine-tuning at batch 16
  2 points (system), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  system                               GPUs  step ms  samples/s    MFU      mem GiB  bound         J/sample  rent $/1M samples  own $/1M samples
   1  workstation_4x4090_48gb_whatif.yaml     1   538.63         30  43.6%      30.4/48  compute           26.8               4.68              4.27
   2  workstation_4x4090                      1   538.63         30  43.6%  30.4/24 OOM  compute, OOM      26.8               4.68              4.27

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-18% (90%: +-34%): median error of 13 public single-GPU CNN runs (3 sources) on all GPUs, 1 GPU (A100 80GB PCIe, A100-SXM4-40GB, A100-SXM4-80GB, H100 80GB HBM3, RTX 4090, V100-SXM2-32GB); worst 34%, model tends pessimistic (-7.4% on average); beware: with each source left out, 0% of its single-GPU CNN runs fell inside their median band and 100% inside their 90% band (validate --cross-validate)
