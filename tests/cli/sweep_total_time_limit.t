$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --sweep batch_per_gpu=32,64,128 --steps 1 --jobs 1 --max-total-seconds 0.000001
# exit 8
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  3 points (batch_per_gpu), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  batch_per_gpu  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  32                8    22.63     11,313  11.2%   2.6/80  compute     0.365              0.721            0.0823
   2  64                -  error: not run: the search's time limit
   3  128               -  error: not run: the search's time limit

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
simtrain sweep: the search's time limit (--max-total-seconds 1e-06) left 2 of 3 points not run (listed as such); --resume a --journal to run them
