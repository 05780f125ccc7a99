// DDP: PyTorch DistributedDataParallel as a step graph.
//
// Per rank, on its compute stream: forward (one task per model block, the sum of its ops'
// kernel times), then backward in reverse op order. Gradients fill buckets in reverse
// parameter order (PyTorch: the first bucket holds 1 MiB, the rest bucket_cap_mb); the
// backward work between two bucket completions is one task, so a bucket is ready the moment
// its last gradient is produced. Each bucket's all-reduce is one collective over all ranks
// (coll/ emits its transfers), enqueued on the process group's communication stream in
// bucket order as soon as every rank has produced that bucket, so it overlaps the rest of
// backward exactly as NCCL on its own stream does. The optimizer waits for the last bucket.
// Gradient accumulation: the first A-1 micro-batches run forward and backward under
// no_sync (no communication); the last one all-reduces. Steps repeat the graph; a step's
// forward waits for the previous optimizer by stream order.
#pragma once

#include <vector>

#include "coll/collective.hpp"
#include "data/pipeline.hpp"
#include "engine/task_graph.hpp"
#include "train/comm_record.hpp"
#include "train/memory.hpp"
#include "work/cost.hpp"
#include "work/software.hpp"

namespace simtrain::train {

enum Category : std::uint32_t { kForward = 1, kBackward = 2, kOptimizer = 3, kComm = 4, kData = 5, kHost = 6 };

// Activation checkpointing, an option of every strategy (the scenario's activation_checkpointing
// and activation_offload keys): the forward keeps only each checkpointed block's input and the
// backward recomputes the block's forward before its own backward. Only the repeated blocks
// are checkpointed (checkpointed_blocks), as apply_activation_checkpointing with a check on the
// transformer/ResNet block class does.
struct Checkpointing {
  bool on = false;
  double fraction = 1;   // of the repeated blocks, evenly spread (0.5: every other block)
  bool offload = false;  // checkpointed block inputs to host memory between forward and backward
};

// Whether each block (by index, 0 .. the model's last block) is checkpointed: none of them
// when `c.on` is false; else the repeated blocks (not the first, the embeddings or stem, nor
// the last, the head and loss), all of them or an evenly spread fraction (IBM's selective
// checkpointing: 0.5 checkpoints every other block).
std::vector<bool> checkpointed_blocks(const work::Model& model, const Checkpointing& c);

// What every strategy's step takes, whatever the strategy (DdpOptions, FsdpOptions and
// MegatronOptions add their own).
struct StepOptions {
  int steps = 1;                  // total, warm-up included
  int grad_accumulation = 1;      // micro-batches per step
  long long batch_per_gpu = 1;    // samples per micro-batch (per data-parallel replica)
  work::Optimizer optimizer = work::Optimizer::sgd;
  coll::Algo algo = coll::Algo::automatic;  // all-reduces' algorithm
  bool ring_order_auto = true;
  // The data pipeline (sim/data), or none: batches are then ready at once.
  const data::Plan* data = nullptr;
  // The software stack (host dispatch, syncs, autocast casts), or none: the GPU never waits
  // for its host.
  const work::SoftwareProfile* software = nullptr;
  Checkpointing checkpointing;
};

struct DdpOptions : StepOptions {
  double bucket_bytes = 25.0 * 1048576;
  double first_bucket_bytes = 1048576;  // PyTorch's _DEFAULT_FIRST_BUCKET_BYTES
  bool gradient_as_bucket_view = false;
};


struct Bucket {
  double bytes = 0;
  std::int64_t params = 0;
  std::size_t last_op = 0;  // index (forward order) of the op whose gradient completes it
};

struct StepGraph {
  engine::TaskGraph graph;
  std::vector<engine::ServerId> compute;  // per rank
  engine::ServerId comm = engine::kNoServer;
  std::vector<engine::TaskId> step_end;   // per step: every rank's optimizer done
  std::vector<Bucket> buckets;
  std::vector<std::string> bucket_algos;  // algorithm/protocol chosen per bucket (or per unit)
  MemoryPlan memory;                      // what rank 0 holds, when
  std::string strategy_detail;            // e.g. "25 MiB buckets (5)" or "FULL_SHARD, 26 units"
  std::shared_ptr<data::FeedRecord> data; // the data pipeline's tasks, when modelled
  // Model parallelism (train/megatron.hpp): samples one step trains (0: every rank is a
  // data-parallel replica, ranks x batch x accumulation), the memory of each pipeline stage's
  // first rank (stage_memory[0] is `memory`), and the communication rank 0 takes part in
  // (by task id; empty: every communication task).
  double samples_per_step = 0;
  double gemm_like_s = 0;        // rank 0's GEMM/conv/attention kernel time per step (0: the driver's estimate)
  double bubble_closed_form = 0;  // the pipeline schedule's idle share with uniform stages
  std::vector<MemoryPlan> stage_memory;
  std::vector<char> rank0_comm;
  int pipeline_stages = 1;
  // What a checkpoint holds (train/goodput.hpp): one copy of the model state, the weights as
  // the strategy keeps them and the optimizer's states with the fp32 master weights (not the
  // gradients), summed over the shards the ranks hold, in bytes.
  double checkpoint_bytes = 0;
  // The communication tasks with the calls they carry (train/comm_record.hpp), for trace writers.
  std::vector<CommRecord> comm_calls;
};

std::vector<Bucket> make_buckets(const work::Model& m, double grad_bytes_per_param, double first_bucket_bytes,
                                 double bucket_bytes);

StepGraph build_ddp(const work::Model& model, const work::CostModel& cost, coll::Planner& planner,
                    const std::vector<int>& ranks, const DdpOptions& opt);

}  // namespace simtrain::train
