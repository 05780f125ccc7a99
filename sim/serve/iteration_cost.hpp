// How long one iteration (one forward pass of a continuous batch) takes on a replica. This part
// decides it from the batch alone and never sees the event queue; the scheduler
// (serve/scheduler.hpp) asks it once per iteration.
//
// A batch carries T tokens: one per decoding sequence (D of them, context c_i each, the new
// token included) and the prompt chunks being prefilled (chunk j: n_j tokens after p_j already
// in the cache). S tokens are sampled: the D decodes and every chunk that ends its prompt.
// Per pipeline stage (its share of the L blocks) on one TP rank:
//   linear (each block GEMM, N x K on the rank)
//       t = max(gemm(T, N, K), (W b_w + T (N + K) 2) / (B_hbm e_mem))
//     gemm(): the tile model of work/cost.hpp (compute only, at the sustained clock) at the
//     weight precision's tensor rate (fp8 W8A8 where the GPU has an fp8 peak; otherwise, and for
//     the weight-only int8/int4, at the 16-bit rate); W the rank's weights, b_w their bytes
//     (block linears at the weight precision; embeddings, LM head and norms at 16 bits, as
//     quantized checkpoints keep them), B_hbm the HBM bandwidth, e_mem compute.yaml's memory
//     efficiency. The weights are read once per iteration whatever T is: that is what batching
//     amortises; per token, decode cost falls with T until gemm() exceeds the weight read (the
//     roofline's ridge).
//   prefill attention (FlashAttention over every chunk of the batch, one varlen kernel):
//       F = sum_j 4 h_r d n_j (p_j + (n_j + 1) / 2)     (causal: each query sees its prefix)
//       t = max(F / (P16 eff_causal(F)), bytes / (B_hbm e_mem))   (CostModel::forward, flash curve)
//   decode attention (paged: every sequence reads its whole KV cache):
//       bytes = sum_i c_i 2 kv_r d b_kv + D h_r d 2 x 2,   F = sum_i 4 h_r d c_i
//       t = max(F / (P16 e_dc), bytes / (B_hbm e_da))    (e_da, e_dc: serving.yaml kernels)
//   other ops (norms, RoPE, activation, residual adds): CostModel::forward of the per-token op x T
//   TP collectives (tp > 1): per block two all-reduces of T x hidden x 2 B (attention out and MLP
//     down), the embedding's all-reduce, and the logits' all-gather of S x vocab x 2 B, each the
//     collective planner's isolated estimate (coll/collective.hpp: NCCL's LL protocol at these
//     sizes); not overlapped with compute (decode has nothing to overlap them with).
//   kernel gaps: every kernel x compute.yaml's launch gap, or x serving.yaml's graph_kernel_gap
//     when the iteration is decode only, the engine replays CUDA graphs and D <= their largest batch.
// The iteration is the stages in turn (pp > 1: one batch in flight, stages idle in turn -- a
// lower bound on a pipelined engine's throughput), each stage's activations T x hidden x 2 B
// sent to the next (the planner's point-to-point estimate), plus the engine's step overhead.
// Assumptions: kernels of one iteration run one after another at full GPU (no overlap); decode
// attention's bandwidth share is flat in the context length; sampling costs nothing beyond the
// LM head and the gather.
#pragma once

#include <memory>
#include <vector>

#include "base/time.hpp"
#include "serve/engine_profile.hpp"
#include "serve/serve_spec.hpp"
#include "serve/serving_model.hpp"
#include "work/cost.hpp"

namespace simtrain::coll {
class Planner;
}

namespace simtrain::serve {

struct PrefillChunk {
  long long tokens = 0;  // n_j
  long long prefix = 0;  // p_j: tokens of this request already in the cache
};

struct BatchMix {
  std::vector<PrefillChunk> prefills;
  long long decode_seqs = 0;     // D
  long long decode_context = 0;  // sum of c_i
  long long sampled = 0;         // S
  long long tokens() const;      // T
};

struct IterationTime {
  TimePs total_ps = 0;
  TimePs comm_ps = 0;   // of which TP collectives and stage sends
  double flops = 0;     // executed FLOPs of one rank (per GPU)
};

// The replica's GPU group: the planner's estimates for its TP collectives and stage sends.
struct ReplicaComm {
  coll::Planner* planner = nullptr;            // nullptr: tp = pp = 1
  std::vector<std::vector<int>> stage_ranks;   // global GPU indices, one list per stage
};

class IterationCost {
 public:
  // `cost` times kernels with no launch gap (its calibration's launch_ps 0); `launch_ps` is the
  // eager gap between kernels. Throws std::invalid_argument for a layout the model cannot take.
  IterationCost(const ServingModel& model, const work::CostModel& cost, const ServeSpec& spec, const ServingKernels& kernels,
                TimePs launch_ps, ReplicaComm comm);
  ~IterationCost();
  IterationTime time(const BatchMix& mix);
  // Layers of each stage.
  const std::vector<long long>& stage_layers() const { return stage_layers_; }

 private:
  struct Memo;
  double linear_s(std::size_t index, const TokenOp& op, long long m);
  double ops_s(const std::vector<TokenOp>& ops, std::size_t first_index, long long t, int& kernels);
  double attention_s(const BatchMix& mix, int& kernels) const;
  double collectives_s(const std::vector<TokenCollective>& cs, std::size_t first_index, long long t);
  double collective_s(std::size_t index, int kind, double bytes, long long t);
  double stage_send_s(int stage, long long t);

  const ServingModel& m_;
  const work::CostModel& cost_;
  const ServeSpec& spec_;
  ServingKernels kernels_;
  TimePs launch_ps_;
  ReplicaComm comm_;
  double hbm_bytes_per_s_ = 0, peak16_ = 0, w_bytes_ = 2, kv_bytes_ = 2;
  std::vector<long long> stage_layers_;
  std::unique_ptr<Memo> memo_;
};

}  // namespace simtrain::serve
