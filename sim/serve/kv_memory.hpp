// Memory of one GPU of a serving replica (the largest stage's rank), and the paged KV cache that
// fits in what is left:
//   weights     = the stage's block linears x b_w + its other parameters (embeddings, LM head,
//                 norms) x 2 B, on the rank (TP splits as serving_model.hpp says)
//   activations = workspace for the largest iteration: max_batched_tokens x (f_h hidden + f_f ffn/tp) x 2 B
//                 (serving.yaml's workspace factors) + the logits of max_num_seqs sampled
//                 tokens, vocab/tp x 4 B (fp32 for sampling)
//   context     = compute.yaml's cuda_context (CUDA context, cuBLAS workspace)
//   KV budget   = f x memory - weights - activations - context          (memory_fraction_of: total)
//               = f x (memory - weights - activations - context)        (free: TensorRT-LLM)
//   per token   = stage layers x 2 x kv_r x head_dim x b_kv
//   blocks      = floor(KV budget / (block size x per token))
// A replica that cannot hold its weights (budget <= 0), or whose cache cannot hold the longest
// request the scenario draws (prompt + output), does not fit: the report says so with these
// figures and simulates nothing (an engine refuses to start: vLLM raises "max_model_len is
// larger than the KV cache can hold"). A cache that fits one request but not all of them at once
// is what the scheduler handles: admission waits, or a running request is preempted and
// recomputed later (scheduler.hpp).
#pragma once

#include <string>

#include "serve/engine_profile.hpp"
#include "serve/serve_spec.hpp"
#include "serve/serving_model.hpp"

namespace simtrain::serve {

struct MemoryPlan {
  double capacity_bytes = 0;     // the GPU's memory
  double usable_bytes = 0;       // memory_fraction of it (total), or of what is free
  double weights_bytes = 0, activation_bytes = 0, context_bytes = 0;
  double kv_budget_bytes = 0;
  double kv_bytes_per_token = 0;  // on one GPU (its stage's layers)
  long long kv_blocks = 0, block_tokens = 0;
  long long kv_tokens() const { return kv_blocks * block_tokens; }
  long long longest_request = 0;  // prompt + output, the most the scenario draws
  bool fits = false;
  std::string verdict;  // why not, with the figures ("" when it fits)
};

MemoryPlan plan_memory(const ServingModel& m, const ServeSpec& spec, const ServingKernels& k, double gpu_memory_bytes,
                       double context_bytes, long long stage_layers);

}  // namespace simtrain::serve
