$ simtrain describe serve
# exit 0
Serving scenario keys (`simtrain serve`; YAML, or --set key.path=value):

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
  serve.model
      model name from models/ or a path to a model file (a dense decoder transformer)
      default: required
  serve.engine
      the serving engine's profile in topologies/serving.yaml: vllm | trtllm | sglang (each figure below defaults to the profile's)
      default: vllm
  serve.max_num_seqs
      sequences running at once
      default: the engine's
  serve.max_batched_tokens [tokens]
      tokens one iteration carries: decode tokens plus prefill chunks
      default: the engine's
  serve.chunked_prefill
      cut prompts into chunks that share iterations with decodes
      default: the engine's
  serve.chunk_size [tokens]
      chunked prefill: the most prompt tokens of one request in one iteration (0: the iteration's budget)
      default: the engine's
  serve.mixed_batches
      without chunked prefill: whole prompts share iterations with decodes (in-flight batching); false: an iteration is all prefill or all decode
      default: the engine's
  serve.kv_block_size [tokens]
      tokens per paged KV-cache block
      default: the engine's
  serve.memory_fraction
      share of GPU memory the engine takes (of the total, or of what is free after the weights: the engine's memory_fraction_of)
      default: the engine's
  serve.cuda_graphs
      replay decode-only iterations as CUDA graphs
      default: the engine's
  serve.cuda_graph_max_batch
      the largest decode batch replayed as a CUDA graph
      default: the engine's
  serve.step_overhead [s]
      CPU time of one iteration the GPU waits for
      default: the engine's
  serve.tp
      tensor-parallel GPUs of a replica (inside one node)
      default: 1
  serve.pp
      pipeline stages of a replica
      default: 1
  serve.ep
      expert parallelism: not modelled yet (only 1)
      default: 1
  serve.replicas
      model replicas side by side, tp x pp GPUs each; requests go to the replica with the fewest outstanding
      default: every GPU taking part / (tp x pp)
  serve.disaggregation
      prefill/decode disaggregation: not modelled yet (only false)
      default: false
  serve.weights
      weight precision: bf16 | fp16 | fp8 (W8A8 where the GPU has an fp8 peak, else weight-only) | int8 | int4 (weight-only)
      default: bf16
  serve.kv_cache
      KV-cache precision: bf16 | fp16 | fp8
      default: bf16
  serve.max_model_len [tokens]
      the longest prompt + output the engine accepts
      default: the model file's seq_len
  serve.prompt.dist
      prompt length distribution: fixed | uniform | lognormal
      default: fixed
  serve.prompt.tokens [tokens]
      fixed: the prompt length
      default: required with fixed
  serve.prompt.min [tokens]
      uniform: the shortest; lognormal: the draws are clipped to at least this
      default: 1
  serve.prompt.max [tokens]
      uniform: the longest; lognormal: the draws are clipped to at most this
      default: required with uniform and lognormal
  serve.prompt.mean [tokens]
      lognormal: the mean length (before clipping)
      default: required with lognormal
  serve.prompt.sigma
      lognormal: the deviation of the log of the length (0.5-1.2: chat datasets' long tails)
      default: required with lognormal
  serve.output.dist
      output length distribution: fixed | uniform | lognormal
      default: fixed
  serve.output.tokens [tokens]
      fixed: the output length
      default: required with fixed
  serve.output.min [tokens]
      uniform: the shortest; lognormal: the draws are clipped to at least this
      default: 1
  serve.output.max [tokens]
      uniform: the longest; lognormal: the draws are clipped to at most this
      default: required with uniform and lognormal
  serve.output.mean [tokens]
      lognormal: the mean length (before clipping)
      default: required with lognormal
  serve.output.sigma
      lognormal: the deviation of the log of the length (0.5-1.2: chat datasets' long tails)
      default: required with lognormal
  serve.arrival.process
      poisson (open loop at serve.arrival.rate) | closed (serve.arrival.concurrency clients, each sending its next request when the last ends)
      default: poisson
  serve.arrival.rate [1/s]
      poisson: requests per second
      default: required with poisson
  serve.arrival.concurrency
      closed: requests in flight
      default: required with closed
  serve.requests.count
      requests simulated
      default: 1000
  serve.requests.seed
      seed of the lengths and arrival times drawn (the same seed gives the same requests)
      default: 0
