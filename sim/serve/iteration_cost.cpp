#include "serve/iteration_cost.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "coll/collective.hpp"
#include "work/shard.hpp"

namespace simtrain::serve {

long long BatchMix::tokens() const {
  long long t = decode_seqs;
  for (const PrefillChunk& c : prefills) t += c.tokens;
  return t;
}

// Times already computed, by op (or collective) index and token count: an iteration's cost
// depends on T through these, and a run asks for the same T many times. -1: not computed.
struct IterationCost::Memo {
  std::vector<std::vector<double>> linear, collective, send;
  static double& at(std::vector<std::vector<double>>& table, std::size_t index, long long t) {
    if (table.size() <= index) table.resize(index + 1);
    std::vector<double>& row = table[index];
    const auto i = static_cast<std::size_t>(t);
    if (row.size() <= i) row.resize(std::max<std::size_t>(i + 1, 2 * row.size()), -1.0);
    return row[i];
  }
};

namespace {

// Indices of the memo rows: block ops first, then the two ends, then the LM head.
constexpr std::size_t kHeadBase = 1000, kTailBase = 2000, kLmHead = 3000;
constexpr std::size_t kHeadCollBase = 1000, kLogits = 2000;

std::vector<long long> split_layers(long long layers, int pp) {
  std::vector<long long> out(static_cast<std::size_t>(pp), layers / pp);
  for (long long i = 0; i < layers % pp; ++i) out[static_cast<std::size_t>(i)] += 1;  // the first stages take the rest
  return out;
}

}  // namespace

IterationCost::IterationCost(const ServingModel& model, const work::CostModel& cost, const ServeSpec& spec,
                             const ServingKernels& kernels, TimePs launch_ps, ReplicaComm comm)
    : m_(model), cost_(cost), spec_(spec), kernels_(kernels), launch_ps_(launch_ps), comm_(std::move(comm)),
      memo_(std::make_unique<Memo>()) {
  if (model.layers < spec.pp)
    throw std::invalid_argument("pp " + std::to_string(spec.pp) + " exceeds the model's " + std::to_string(model.layers) + " layers");
  const topo::GpuModel& g = cost.gpu();
  hbm_bytes_per_s_ = g.memory_bandwidth_bytes_per_s * cost.calibration().memory;
  const auto bf16 = g.peak_flops.find("bf16");
  peak16_ = (bf16 != g.peak_flops.end() ? bf16->second : g.peak_flops.at("fp16")) * cost.calibration().sustained;
  w_bytes_ = weight_bytes(spec.weights);
  kv_bytes_ = kv_bytes(spec.kv);
  stage_layers_ = split_layers(model.layers, spec.pp);
}

IterationCost::~IterationCost() = default;

double IterationCost::linear_s(std::size_t index, const TokenOp& op, long long m) {
  if (m <= 0) return 0;
  double& slot = Memo::at(memo_->linear, index, m);
  if (slot < 0) {
    const double md = static_cast<double>(m);
    const double bytes = op.params * (op.quantized ? w_bytes_ : 2.0) + md * (op.n + op.k) * 2.0;
    slot = std::max(cost_.gemm_compute_seconds(md, op.n, op.k), bytes / hbm_bytes_per_s_);
  }
  return slot;
}

double IterationCost::ops_s(const std::vector<TokenOp>& ops, std::size_t first_index, long long t, int& kernels) {
  double s = 0;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const TokenOp& op = ops[i];
    if (op.role == OpRole::linear) {
      s += linear_s(first_index + i, op, t);
    } else if (op.role == OpRole::other) {
      s += ps_to_seconds(cost_.forward(op.per_token, static_cast<double>(t)));
    } else {
      continue;  // attention: attention_s, once per block
    }
    ++kernels;
  }
  return s;
}

double IterationCost::attention_s(const BatchMix& mix, int& kernels) const {
  const double hd = static_cast<double>(m_.head_dim), kv_elems = m_.kv_elems_per_token_layer();
  double s = 0;
  if (!mix.prefills.empty()) {
    work::Op a;
    a.kind = work::OpKind::attention;
    a.flash = true;
    a.causal = true;  // the causal curve; the FLOPs below already count only the unmasked part
    for (const PrefillChunk& c : mix.prefills) {
      const double n = static_cast<double>(c.tokens), p = static_cast<double>(c.prefix);
      a.fwd_flops += 4 * m_.heads_r * hd * n * (p + (n + 1) / 2);
      // Q read and O written (2 B), the cache's K and V read (b_kv, counted in 2-byte elements).
      a.fwd_elems_moved += 2 * n * m_.heads_r * hd + (p + n) * kv_elems * kv_bytes_ / 2;
    }
    s += ps_to_seconds(cost_.forward(a, 1.0));
    ++kernels;
  }
  if (mix.decode_seqs > 0) {
    const double c = static_cast<double>(mix.decode_context), d = static_cast<double>(mix.decode_seqs);
    const double bytes = c * kv_elems * kv_bytes_ + d * m_.heads_r * hd * 2 * 2;
    const double flops = 4 * m_.heads_r * hd * c;
    const double hbm = cost_.gpu().memory_bandwidth_bytes_per_s * kernels_.decode_attention_bandwidth_share;
    s += std::max(flops / (peak16_ * kernels_.decode_attention_compute_share), bytes / hbm);
    ++kernels;
  }
  return s;
}

double IterationCost::collective_s(std::size_t index, int kind, double bytes, long long t) {
  double& slot = Memo::at(memo_->collective, index, t);
  if (slot < 0) {
    coll::Request req;
    req.op = kind == static_cast<int>(work::CollectiveKind::all_gather)       ? coll::Op::all_gather
             : kind == static_cast<int>(work::CollectiveKind::reduce_scatter) ? coll::Op::reduce_scatter
                                                                              : coll::Op::all_reduce;
    req.bytes = bytes;
    req.ranks = comm_.stage_ranks.front();
    slot = ps_to_seconds(comm_.planner->plan(req).estimate_ps);
  }
  return slot;
}

double IterationCost::collectives_s(const std::vector<TokenCollective>& cs, std::size_t first_index, long long t) {
  if (spec_.tp <= 1 || t <= 0) return 0;
  double s = 0;
  for (std::size_t i = 0; i < cs.size(); ++i)
    s += collective_s(first_index + i, cs[i].kind, cs[i].elems_per_token * static_cast<double>(t) * 2.0, t);
  return s;
}

double IterationCost::stage_send_s(int stage, long long t) {
  double& slot = Memo::at(memo_->send, static_cast<std::size_t>(stage), t);
  if (slot < 0) {
    const auto& from = comm_.stage_ranks[static_cast<std::size_t>(stage)];
    const auto& to = comm_.stage_ranks[static_cast<std::size_t>(stage) + 1];
    // Each TP rank sends its copy of the activations to its peer in the next stage, at once.
    const double bytes = static_cast<double>(t) * static_cast<double>(m_.hidden) * 2.0;
    slot = ps_to_seconds(comm_.planner->send_recv(from.front(), to.front(), bytes).estimate_ps);
  }
  return slot;
}

IterationTime IterationCost::time(const BatchMix& mix) {
  const long long t = mix.tokens();
  IterationTime out;
  if (t == 0) return out;
  int block_kernels = 0, end_kernels = 0;
  const double block_s = ops_s(m_.block, 0, t, block_kernels) + attention_s(mix, block_kernels);
  const double block_comm = collectives_s(m_.block_collectives, 0, t);
  const double head_s = ops_s(m_.head_end, kHeadBase, t, end_kernels) + collectives_s(m_.head_collectives, kHeadCollBase, t);
  double tail_s = ops_s(m_.tail_end, kTailBase, t, end_kernels) + linear_s(kLmHead, m_.lm_head, mix.sampled);
  ++end_kernels;
  double logits_comm = 0;
  if (spec_.tp > 1 && mix.sampled > 0)
    logits_comm = collective_s(kLogits, static_cast<int>(work::CollectiveKind::all_gather),
                               static_cast<double>(mix.sampled) * static_cast<double>(m_.vocab) * 2.0, mix.sampled);
  tail_s += logits_comm;
  const bool graphs = spec_.engine.cuda_graphs && mix.prefills.empty() && mix.decode_seqs <= spec_.engine.cuda_graph_max_batch;
  const double gap_s = ps_to_seconds(graphs ? kernels_.graph_kernel_gap_ps : launch_ps_);
  double total = head_s + tail_s + end_kernels * gap_s;
  double comm = logits_comm;
  for (std::size_t st = 0; st < stage_layers_.size(); ++st) {
    const double layers = static_cast<double>(stage_layers_[st]);
    total += layers * (block_s + block_comm + block_kernels * gap_s);
    comm += layers * block_comm;
    if (st + 1 < stage_layers_.size()) {
      const double send = stage_send_s(static_cast<int>(st), t);
      total += send;
      comm += send;
    }
  }
  out.total_ps = seconds_to_ps(total) + spec_.engine.step_overhead_ps;
  out.comm_ps = seconds_to_ps(comm);
  // Executed FLOPs per GPU: the linears' 2 M N K, attention's, the LM head's (one stage's worth
  // per GPU: the whole model's over pp).
  double lin = 0;
  for (const TokenOp& op : m_.block)
    if (op.role == OpRole::linear) lin += 2 * op.n * op.k;
  double attn = 0;
  for (const PrefillChunk& c : mix.prefills)
    attn += 4 * m_.heads_r * static_cast<double>(m_.head_dim) * static_cast<double>(c.tokens) *
            (static_cast<double>(c.prefix) + (static_cast<double>(c.tokens) + 1) / 2);
  attn += 4 * m_.heads_r * static_cast<double>(m_.head_dim) * static_cast<double>(mix.decode_context);
  out.flops = (static_cast<double>(m_.layers) * (lin * static_cast<double>(t) + attn) +
               2 * m_.lm_head.n * m_.lm_head.k * static_cast<double>(mix.sampled)) / spec_.pp;
  return out;
}

}  // namespace simtrain::serve
