#include "serve/kv_memory.hpp"

#include <cmath>

#include <fmt/format.h>

namespace simtrain::serve {

namespace {

double gib(double b) { return b / 1073741824.0; }

double stage_weights(const ServingModel& m, const ServeSpec& spec, long long stage_layers) {
  double lin = 0, other = 0;
  for (const TokenOp& op : m.block) (op.role == OpRole::linear ? lin : other) += op.params;
  // The stage with the embeddings or the LM head holds them; with one stage, both. The largest
  // stage is the first (it takes the remainder layers) and holds the embeddings; the LM head is
  // counted there too when pp = 1 and, for pp > 1, the larger of the two ends is assumed there.
  double ends = 0, head = 0;
  for (const TokenOp& op : m.head_end) head += op.params;
  double tail = m.lm_head.params;
  for (const TokenOp& op : m.tail_end) tail += op.params;
  ends = spec.pp == 1 ? head + tail : std::max(head, tail);
  return static_cast<double>(stage_layers) * (lin * weight_bytes(spec.weights) + other * 2.0) + ends * 2.0;
}

}  // namespace

MemoryPlan plan_memory(const ServingModel& m, const ServeSpec& spec, const ServingKernels& k, double gpu_memory_bytes,
                       double context_bytes, long long stage_layers) {
  MemoryPlan p;
  const EngineProfile& e = spec.engine;
  p.capacity_bytes = gpu_memory_bytes;
  p.context_bytes = context_bytes;
  p.weights_bytes = stage_weights(m, spec, stage_layers);
  p.activation_bytes = static_cast<double>(e.max_batched_tokens) *
                           (k.workspace_hidden_factor * static_cast<double>(m.hidden) +
                            k.workspace_ffn_factor * static_cast<double>(m.ffn) / m.tp) * 2.0 +
                       static_cast<double>(e.max_num_seqs) * static_cast<double>(m.vocab) / m.tp * 4.0;
  const double fixed = p.weights_bytes + p.activation_bytes + p.context_bytes;
  if (e.memory_fraction_of == FractionOf::total) {
    p.usable_bytes = e.memory_fraction * gpu_memory_bytes;
    p.kv_budget_bytes = p.usable_bytes - fixed;
  } else {
    p.usable_bytes = gpu_memory_bytes;
    p.kv_budget_bytes = e.memory_fraction * (gpu_memory_bytes - fixed);
  }
  p.kv_bytes_per_token = static_cast<double>(stage_layers) * m.kv_elems_per_token_layer() * kv_bytes(spec.kv);
  p.block_tokens = e.kv_block_size;
  p.longest_request = spec.prompt.largest() + spec.output.largest();
  if (p.kv_budget_bytes <= 0) {
    p.verdict = fmt::format(
        "does not fit: weights {:.2f} GiB + activations {:.2f} GiB + CUDA context {:.2f} GiB = {:.2f} GiB per GPU, "
        "more than the {:.2f} GiB the engine may use ({:.0f}% of {:.2f} GiB); nothing is left for the KV cache",
        gib(p.weights_bytes), gib(p.activation_bytes), gib(p.context_bytes), gib(fixed),
        gib(e.memory_fraction_of == FractionOf::total ? p.usable_bytes : gpu_memory_bytes), e.memory_fraction * 100,
        gib(gpu_memory_bytes));
    return p;
  }
  p.kv_blocks = static_cast<long long>(std::floor(p.kv_budget_bytes / (static_cast<double>(p.block_tokens) * p.kv_bytes_per_token)));
  if (p.kv_tokens() < p.longest_request) {
    p.verdict = fmt::format(
        "does not fit: the KV cache ({:.2f} GiB per GPU, {} blocks of {} tokens at {:.0f} KiB a token) holds {} tokens, "
        "fewer than the longest request's {} (prompt + output)",
        gib(p.kv_budget_bytes), p.kv_blocks, p.block_tokens, p.kv_bytes_per_token / 1024, p.kv_tokens(), p.longest_request);
    return p;
  }
  p.fits = true;
  return p;
}

}  // namespace simtrain::serve
