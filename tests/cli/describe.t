$ simtrain describe
# exit 0
Scenario keys (YAML, or --set key.path=value):

  name
      display name of the scenario
      default: the file name
  system
      system file (topologies/*.yaml), a shipped system's name, or an inline system mapping
      default: required
  catalog
      catalog extension file(s), relative to the scenario: their link_kinds, gpus, cpus, nics, switches, storage (and prices of their GPUs) are added to topologies/devices.yaml's for this scenario's system; a name the catalog already has is an error
      default: none
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
  flash_attention
      transformer models: fused attention (FlashAttention / SDPA) keeps no seq^2 probabilities
      default: the model file's
  seq_len
      transformer models: tokens of the longest sample, the row length batches are padded to (replaces the model file's seq_len)
      default: the model file's
  sequences.mean_length
      transformer models: mean real tokens of a sample (the dataset's); the rest of a row is padding (work/sequences.hpp)
      default: seq_len (every sample full)
  sequences.batching
      padded (every sample padded to seq_len) | binned (each batch drawn from one length bin and padded to its edge, as NVIDIA LDDL) | packed (samples concatenated into full rows)
      default: padded
  sequences.bin_width
      binned: width of the length bins
      default: required with binned
  calibration
      a calibration file: its compute section (simtrain-calibrate, calibrate --profile) replaces topologies/compute.yaml's figures for the GPU; its network section (calibrate --nccl-tests, fitted on this system) replaces the fitted link efficiencies and NCCL step latencies
      default: none
  software
      the software stack: a profile of topologies/software.yaml (pytorch_eager, pytorch_compile, pytorch_cuda_graphs, megatron_te, megatron_te_fa3, megatron_te_cudnn, nvidia_dle, nvidia_dle_nchw, nvidia_mlperf): host dispatch per kernel, syncs, fused optimizer, conv layout, attention kernel
      default: pytorch_eager
  precision
      fp32 | tf32 | amp_fp16 | amp_bf16 | bf16 | fp16 | fp8 | mxfp8 | nvfp4
      default: amp_fp16
  optimizer
      sgd | adam | adamw
      default: sgd
  finetune.method
      which weights train: full (every weight) | lora (the model frozen, low-rank adapters beside finetune.targets train; work/finetune.hpp)
      default: full
  finetune.rank
      lora: the adapters' rank r (A: in x r, B: r x out)
      default: 16
  finetune.targets
      lora: the linear layers given adapters, a list of attn.qkv, attn.out, mlp.gate, mlp.up, mlp.down, or the groups attention (qkv and out) and mlp
      default: required with lora
  finetune.dropout
      lora: dropout on the adapters' input (its mask and the dropped copy are kept for backward)
      default: 0
  strategy
      ddp | fsdp | zero1 | zero2 | zero3 (ZeRO stages map onto FSDP shardings) | megatron (tensor, pipeline and data parallelism: the parallel block)
      default: ddp
  parallel.tp
      megatron: tensor-parallel degree (ranks sharing every layer; inside a node first)
      default: 1
  parallel.pp
      megatron: pipeline stages
      default: 1
  parallel.cp
      megatron: context-parallel degree (the sequence split across ranks)
      default: 1
  parallel.ep
      megatron: expert-parallel degree (divides dp)
      default: 1
  parallel.dp
      megatron: data-parallel degree; must equal GPUs / (tp pp cp)
      default: GPUs / (tp pp cp)
  parallel.sequence_parallel
      megatron: shard norms and dropout along the sequence over the TP group (all-reduces become reduce-scatter + all-gather)
      default: false
  parallel.schedule
      megatron: pipeline schedule gpipe | 1f1b | interleaved (virtual_stages > 1); micro-batches per step = grad_accumulation, each of batch_per_gpu samples per data-parallel replica
      default: 1f1b
  parallel.virtual_stages
      megatron: model chunks per pipeline stage (interleaved schedule)
      default: 1
  parallel.recompute
      megatron: activation recomputation none | selective (attention's s^2 part) | full (every block's forward)
      default: none
  parallel.distributed_optimizer
      megatron: optimizer state and fp32 master weights sharded over the data-parallel ranks (ZeRO-1): gradients reduce-scattered, parameters all-gathered
      default: false
  parallel.expert_imbalance
      megatron, MoE: tokens routed to the busiest expert-parallel rank over the average (>= 1; 1 = balanced routing)
      default: 1
  parallel.overlap_grad_reduce
      megatron: reduce each gradient bucket (whole blocks of at least bucket_size parameters) during the last micro-batch's backward, else each model chunk's after it. Default as Megatron-Core's DistributedDataParallelConfig (NeMo and Megatron-Bridge recipes set true)
      default: false
  parallel.overlap_param_gather
      megatron, distributed optimizer: all-gather the updated parameters bucket by bucket after the optimizer, beside the next step's forwards, each block's first forward waiting only for its bucket (else one all-gather the next step waits for whole). Default as Megatron-Core's DistributedDataParallelConfig (NeMo and Megatron-Bridge recipes set true)
      default: false
  parallel.tp_comm_overlap
      megatron, tp > 1 with sequence_parallel: TransformerEngine userbuffers run the transformer layers' TP all-gathers and reduce-scatters in chunks beside their GEMMs, taking SMs from them (methods, chunks and SMs per layer: topologies/megatron_core.yaml, from NeMo's H100 userbuffers config). Default as Megatron-Core's TransformerConfig (NeMo and Megatron-Bridge H100 recipes set true)
      default: false
  parallel.bucket_size [parameters]
      megatron: parameters per gradient bucket (Megatron-LM --ddp-bucket-size)
      default: max(40M, 1M x dp x cp): Megatron-Core's DistributedDataParallelConfig (topologies/megatron_core.yaml)
  parallel.grad_dtype
      megatron: dtype the main gradients accumulate and are reduced in: fp32 | bf16 | fp16 (NeMo's grad_sync_dtype, Megatron-LM's --grad-reduce-in-bf16)
      default: fp32 under bf16 and fp32, fp16 under fp16
  parallel.fsdp
      megatron: fully sharded data parallelism over the data x context ranks, composed with tp, pp, cp (torchtitan's 2-D/3-D, metaseq's FSDP + TP): none | shard_grad_op (each block gathered once per step and kept, as Llama 3) | full_shard (gathered before every block's forward and backward, ZeRO-3); shards weights, gradients and optimizer state, reduce-scatters each block's gradients
      default: none
  fsdp.sharding
      full_shard | shard_grad_op | hybrid_shard | no_shard
      default: full_shard
  fsdp.wrap
      per_block | every_n_layers | per_linear | a list of block indices that start a unit
      default: per_block
  fsdp.every_n_layers
      blocks per unit with wrap: every_n_layers
      default: 1
  fsdp.backward_prefetch
      pre | post | none
      default: pre
  fsdp.forward_prefetch
      issue the next unit's all-gather before this unit's forward
      default: false
  fsdp.limit_all_gathers
      at most two gathered units ahead of compute
      default: true
  fsdp.mixed_precision.param_dtype
      dtype of gathered parameters: fp32 | bf16 | fp16
      default: from precision
  fsdp.mixed_precision.reduce_dtype
      dtype of gradient reduction: fp32 | bf16 | fp16
      default: from precision
  fsdp.mixed_precision.buffer_dtype
      dtype of buffers (no effect on time or memory here)
      default: from precision
  fsdp.activation_checkpointing
      the same setting as activation_checkpointing (kept for FSDP files; it applies whatever the strategy)
      default: false
  fsdp.activation_offload
      the same setting as activation_offload (kept for FSDP files)
      default: false
  fsdp.cpu_offload
      parameter shards, gradient shards and optimizer state in host memory
      default: false
  fsdp.shard_group_size
      HYBRID_SHARD: GPUs per shard group
      default: GPUs per node
  fsdp.sync_each_microbatch
      reduce-scatter on every micro-batch (else no_sync until the last)
      default: false
  ddp.bucket_mb [MiB]
      gradient bucket size (PyTorch bucket_cap_mb)
      default: 25
  ddp.gradient_as_bucket_view
      gradients are views into the buckets (saves one copy of the gradients)
      default: false
  ddp.static_graph
      the graph is static (PyTorch static_graph)
      default: false
  activation_checkpointing
      every strategy: checkpoint every repeated block (true), or a fraction of them (0.5: every other): keep its input, recompute its forward in backward (megatron: as parallel.recompute: full; a fraction recomputes the first share of each model chunk's blocks, Megatron's --recompute-method block)
      default: false
  activation_offload
      fsdp and zero: checkpointed block inputs to host memory between forward and backward (needs activation_checkpointing)
      default: false
  grad_accumulation
      micro-batches per optimizer step (no_sync on all but the last)
      default: 1
  collective.algorithm
      auto | ring | tree | hierarchical | nvls | nvls_tree (the all-reduce's; nvls and nvls_tree where the GPUs' NVSwitch has NVLink SHARP)
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
      power of a node beyond its GPUs (CPUs, NICs, NVSwitches, fans, drives)
      default: the system file's node_overhead.power (0 W and said so if it gives none)
  energy.pue
      data-centre power usage effectiveness
      default: 1.0
  energy.electricity [USD]
      electricity price per kWh (the own-it cost's power)
      default: topologies/prices.yaml defaults.electricity (EIA US industrial average)
  cost.basis
      the headline cost: rent (GPU-hours at cost.rate's rate) | own (purchase written off over cost.life_years, plus power at energy.electricity)
      default: rent
  cost.rate
      rent's rate kind: on_demand | reserved | spot (spot: preemptions count as failures in the whole run, cost.spot_preemption)
      default: on_demand
  cost.gpu_hour [USD]
      rent: price of one GPU-hour on demand, quoted for the file's own system (a run on another system takes prices: instead, or is refused)
      default: prices: quote, else the GPU's cloud_gpu_hour in topologies/prices.yaml
  cost.reserved_gpu_hour [USD]
      rent at cost.rate: reserved: price of one reserved GPU-hour, the file's own system's
      default: prices: quote, else on demand less topologies/prices.yaml defaults.reserved.discount
  cost.spot_gpu_hour [USD]
      rent at cost.rate: spot: price of one spot GPU-hour, the file's own system's
      default: prices: quote, else on demand less topologies/prices.yaml defaults.spot.discount
  cost.spot_preemption.per_gpu_hour [1/h]
      cost.rate: spot: preemptions per GPU-hour (each stops the job like a failure: restart, lost work)
      default: 0
  cost.spot_preemption.per_node_hour [1/h]
      cost.rate: spot: preemptions per node-hour, on top of the GPUs'
      default: 0
  cost.spot_preemption.node_mtbp [s]
      cost.rate: spot: a node's mean time between preemptions (instead of per_node_hour)
      default: required with spot (one of the three)
  cost.purchase [USD]
      own: purchase price of one GPU, the file's own system's
      default: prices: quote, else the GPU's purchase in topologies/prices.yaml
  cost.node_price [USD]
      own: purchase price of one node beyond its GPUs (chassis, CPUs, memory, NICs, fabric share), the file's own system's
      default: prices: quote, else the system file's node_overhead.price ($0 and said so if it gives none)
  cost.life_years
      own: years a purchase is written off over, linearly (the break-even utilisation says how busy it must be)
      default: topologies/prices.yaml defaults.life (4, an assumption)
  prices.<name>.gpu_hour [USD]
      a quote for a system (shipped name or file, as system:) or a catalog GPU key: one GPU-hour on demand; a system's quote wins over its GPU's, both over cost.* and the catalog
      default: -
  prices.<name>.reserved_gpu_hour [USD]
      the quote's reserved GPU-hour (cost.rate: reserved)
      default: -
  prices.<name>.spot_gpu_hour [USD]
      the quote's spot GPU-hour (cost.rate: spot)
      default: -
  prices.<name>.purchase [USD]
      the quote's purchase price of one GPU
      default: -
  prices.<name>.node_price [USD]
      the quote's price of one node beyond its GPUs
      default: -
  prices.<name>.date
      when the quote held (printed with its prices)
      default: none
  prices.<name>.source
      who quoted it (printed in the JSON report)
      default: none
  run.steps
      optimizer steps in the whole run, for per-run energy and cost
      default: 0 (none)
  run.tokens
      tokens in the whole run (instead of run.steps): steps = tokens / (samples per step x real tokens per sample: sequences.mean_length, else seq_len), rounded up
      default: -
  run.samples
      samples (sequences) in the whole run (instead of run.steps): steps = samples / samples per step, rounded up; what sweep and advise hold equal when the scenario gives run.steps
      default: -
  run.epochs
      epochs in the whole run (instead of run.steps), over run.dataset_samples or data.dataset.samples
      default: -
  run.dataset_samples
      samples in one epoch, for run.epochs
      default: data.dataset.samples
  run.checkpoint.interval [s]
      useful work between checkpoints, or auto: Young's optimum sqrt(2 x write time x MTBF)
      default: auto
  run.checkpoint.storage
      storage device(s) the checkpoint is written to (nvme0: every node's own, in parallel; a fabric storage: shared)
      default: the data block's storage, else the node's first storage device
  run.failures.per_gpu_hour [1/h]
      job-stopping failures per GPU-hour
      default: Llama 3: 419 in 54 days on 16,384 GPUs (topologies/reliability.yaml)
  run.failures.per_node_hour [1/h]
      job-stopping failures per node-hour, on top of the GPUs'
      default: 0 (topologies/reliability.yaml)
  run.restart [s]
      time from a failure to training again, checkpoint load included
      default: relaunch (topologies/reliability.yaml) + checkpoint size / storage read bandwidth
  data.dataset.samples
      samples in the dataset (one epoch)
      default: required with data
  data.dataset.bytes_per_sample [bytes]
      stored size of one sample (encoded image, clip, record)
      default: required with data
  data.dataset.tensor_bytes_per_sample [bytes]
      size of one decoded sample copied to the GPU (the input batch held there when more than the model reads)
      default: 3 x image^2 (uint8) for image models, else bytes_per_sample
  data.dataset.format
      files (one per sample) | lmdb | shards (packed, sequential) | ram (in process memory)
      default: files
  data.storage
      a storage device of the system (nvme0), or {kind: nvme|nfs|lustre|gpfs|ram, device | devices: [..] (RAID0)}
      default: required unless format: ram
  data.storage.kind
      nvme | nfs | lustre | gpfs | ram
      default: the device's kind
  data.storage.device
      one storage device of the system file (or of its fabric)
      default: -
  data.storage.devices
      storage devices striped as RAID0
      default: -
  data.loader.num_workers
      DataLoader worker processes per GPU (0: the training process loads)
      default: 4
  data.loader.prefetch_factor
      batches in flight per worker
      default: 2
  data.loader.pin_memory
      copy batches into pinned memory (H2D at DMA rate); false: pageable, staged
      default: true
  data.loader.cpu_cores
      CPU cores of a node given to the job (one per training process, the rest to workers)
      default: all of the node's
  data.loader.decode.cpu_ms_per_sample [ms]
      CPU time to decode, augment and collate one sample on one core
      default: 0
  data.loader.decode.decode_gbps [GB/s]
      CPU decode rate per core in GB/s of stored bytes (instead of cpu_ms_per_sample)
      default: -
  data.loader.decode.gpu_ms_per_sample [ms]
      GPU decode time per sample on the compute stream (DALI); encoded bytes cross PCIe
      default: 0
  data.epochs
      epochs of the run: with more than one, the steps shown are a later epoch's (warm page cache)
      default: 1
  data.page_cache [bytes]
      page cache of a node
      default: host_memory minus training processes and workers
  sweep
      for `simtrain sweep`: any key path above with a list of values, e.g. sweep: {nodes: [1, 2, 4], fsdp.sharding: [full_shard, hybrid_shard]}; a run ignores it
      default: none

System file and catalog values (--set, --sweep and sweep: reach them by their key path in that file):

  system.<path>
      a value of the scenario's system file (topologies/*.yaml, or its inline system: mapping), by its key
      path there, list items by number from 0 (links.3.count or links[3].count); read by the system loader as
      if written in the file (units, ranges), so an error names the --set. A value the file leaves at its
      default may be set (fabric.oversubscription); a block cannot be added (a system without fabric: has
      no fabric.*). E.g. system.fabric.oversubscription=2, system.fabric.routing=adaptive,
      system.host_memory=2 TiB, system.devices.nic0.model=connectx7_ndr. In advise it applies to every
      configuration's system; one whose system lacks the key is not run, with the reason.
      keys:
        name, source, catalog, host_memory, box, node_overhead, devices, links, fabric
        box.{name, gpus}
        node_overhead.{power, power_source, price, price_date, price_source}
        devices.<name>.{type, model, label}
        links.<n>.{a, b, kind, count}
        fabric.{topology, switch, link, oversubscription, storage, routing}
        fabric.storage.<n>.{name, model, link, count}
      default: the file's
  catalog.<section>.<entry>.<key>
      a value of the catalog the system resolves (topologies/devices.yaml and the extensions the scenario
      or the system names), in the file that defines the entry, read as if written there; the entry is
      changed wherever it is used. E.g. catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s (every NIC port and
      fabric link of kind ib_hdr), catalog.gpus.a100_sxm4_40gb.memory=80 GiB,
      catalog.gpus.a100_sxm4_40gb.peak.bf16=350 TFLOPS (a GPU's clock: its peaks scale with it),
      catalog.storage.samsung_pm1733.read_bandwidth=3.5 GB/s
      keys:
        link_kinds, gpus, cpus, nics, switches, storage
        link_kinds.<name>.{class, bandwidth, latency, efficiency, transport}
        gpus.<name>.{name, memory, memory_bandwidth, peak, tdp, idle_power, nvlink, infinity_fabric, pcie, p2p, sms, arch}
        gpus.<name>.peak.{fp64, fp32, tf32, fp16, bf16, fp8, fp4}
        gpus.<name>.nvlink.{kind, links}
        gpus.<name>.infinity_fabric.{kind, links}
        cpus.<name>.{name, cores, memory_bandwidth, tdp, p2p_bandwidth}
        nics.<name>.{name, port, host}
        switches.<name>.{name, class, ports, latency, nvls}
        storage.<name>.{name, kind, read_bandwidth, write_bandwidth, read_iops, read_latency, host}
      default: the catalog's
