// Serving engines as data: what a vLLM-, TensorRT-LLM- or SGLang-like engine's scheduler and
// memory manager do by default (topologies/serving.yaml, each figure with its source or marked
// an assumption), and the serving kernels' figures beyond compute.yaml's. A scenario names a
// profile (serve.engine) and may replace any figure (serve.max_num_seqs ...; serve_spec.hpp).
#pragma once

#include <map>
#include <string>

#include "base/enum_names.hpp"
#include "base/time.hpp"

namespace simtrain::serve {

// Which memory an engine's fraction is of: all of the GPU's (vLLM gpu_memory_utilization, SGLang
// mem_fraction_static) or what is free after weights and activations (TensorRT-LLM).
enum class FractionOf { total, free };
inline constexpr auto kFractionOfNames = enum_names<FractionOf>({{FractionOf::total, "total"}, {FractionOf::free, "free"}});

struct EngineProfile {
  std::string key, name;
  long long max_num_seqs = 256;
  long long max_batched_tokens = 8192;
  bool chunked_prefill = true;
  long long chunk_size = 0;  // 0: the iteration's token budget
  bool mixed_batches = true;
  long long kv_block_size = 16;
  double memory_fraction = 0.9;
  FractionOf memory_fraction_of = FractionOf::total;
  bool cuda_graphs = true;
  long long cuda_graph_max_batch = 512;
  TimePs step_overhead_ps = 0;
};

struct ServingKernels {
  double decode_attention_bandwidth_share = 0.8;
  double decode_attention_compute_share = 0.3;
  TimePs graph_kernel_gap_ps = 1'000'000;
  double workspace_hidden_factor = 4, workspace_ffn_factor = 3;
};

struct ServingData {
  std::map<std::string, EngineProfile> engines;
  ServingKernels kernels;
  std::string path;
};

// topologies/serving.yaml on the data path (or `path`). Throws ScenarioError for a bad file.
const ServingData& shipped_serving_data();
ServingData load_serving_data(const std::string& path);

}  // namespace simtrain::serve
