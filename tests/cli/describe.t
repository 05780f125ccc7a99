$ simtrain describe
# exit 0
Scenario keys (YAML, or --set key.path=value):

  name
      display name of the scenario
      default: the file name
  system
      system file (topologies/*.yaml), a shipped system's name, or an inline system mapping
      default: required
  nodes
      number of nodes, joined by the system's fabric
      default: 1
  gpus_per_node
      GPUs of each node taking part
      default: all
  model
      model name from models/ or a path to a model file
      default: required
  batch_per_gpu
      samples per GPU per micro-batch
      default: required
  precision
      fp32 | tf32 | amp_fp16 | amp_bf16 | bf16 | fp16 | fp8
      default: amp_fp16
  optimizer
      sgd | adam | adamw
      default: sgd
  strategy
      ddp (fsdp: later)
      default: ddp
  ddp.bucket_mb [MiB]
      gradient bucket size (PyTorch bucket_cap_mb)
      default: 25
  ddp.gradient_as_bucket_view
      gradients are views into the buckets (saves one copy of the gradients)
      default: false
  ddp.static_graph
      the graph is static (PyTorch static_graph)
      default: false
  grad_accumulation
      micro-batches per optimizer step (no_sync on all but the last)
      default: 1
  collective.algorithm
      auto | ring | tree | hierarchical
      default: auto
  collective.ring_order
      auto | given
      default: auto
  steps
      steps to simulate and average
      default: 3
  warmup_steps
      steps simulated first and left out of the averages
      default: 1
  energy.node_overhead [W]
      power of a node beyond its GPUs (CPUs, NICs, fans)
      default: 0 W
  energy.pue
      data-centre power usage effectiveness
      default: 1.0
  energy.electricity [USD]
      electricity price per kWh
      default: $0
  cost.gpu_hour [USD]
      price of one GPU-hour (cloud) or amortized purchase
      default: $0
  run.steps
      optimizer steps in the whole run, for per-run energy and cost
      default: 0 (none)
