$ simtrain sweep scenarios/8xA100_pcie_switch.yaml --set system=dgx_a100 --sweep nodes=1,65536 --steps 1 --jobs 1
# exit 0
simtrain sweep: 8x A100 PCIe switch, ResNet-50 DDP
  2 points (nodes), ranked by time per sample: each point per sample of its own global batch, so points of other batches compare equal work
  Memory headroom: peak + 12% must fit the GPU

rank  nodes  GPUs  step ms  samples/s    MFU  mem GiB  bound    J/sample  rent $/1M samples  own $/1M samples
   1  1         8   174.43     11,741  11.6%  12.0/40  compute     0.518              0.775             0.152
   2  65536     -  error: over the run-size budget, not run: this run would take about 367 M engine tasks (2 steps, warm-up included, x 1 micro-batch(es) x 524288 GPUs x 350 tasks per pass), more than the 50 M a run may take; lower warmup_steps, steps, grad_accumulation or nodes

Trust in the step times (simtrain validate on public runs, validation/error_bands.yaml):
  +-30% (90%: +-129%): median error of 9 public multi-GPU DDP runs (3 sources) on Ampere, 1 node (A100-SXM4-40GB, A100-SXM4-80GB); worst 129%, model tends optimistic (+8.0% on average)
