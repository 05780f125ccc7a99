#include "serve/engine_profile.hpp"

#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"
#include "scenario/units.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::serve {

namespace {

EngineProfile read_engine(const Field& e) {
  e.check_keys({"name", "max_num_seqs", "max_batched_tokens", "chunked_prefill", "chunk_size", "mixed_batches",
                "kv_block_size", "memory_fraction", "memory_fraction_of", "cuda_graphs", "cuda_graph_max_batch",
                "step_overhead"});
  EngineProfile p;
  p.key = e.key().substr(e.key().rfind('.') + 1);
  p.name = e.at("name").as_name();
  p.max_num_seqs = e.at("max_num_seqs").as_int_in(1, 1 << 20);
  p.max_batched_tokens = e.at("max_batched_tokens").as_int_in(1, 1 << 24);
  p.chunked_prefill = e.at("chunked_prefill").as_bool();
  p.chunk_size = e.at("chunk_size").as_int_in(0, 1 << 24);
  p.mixed_batches = e.at("mixed_batches").as_bool();
  p.kv_block_size = e.at("kv_block_size").as_int_in(1, 1 << 16);
  p.memory_fraction = e.at("memory_fraction").as_number_in(0, 1);
  p.memory_fraction_of = e.at("memory_fraction_of").as_enum(kFractionOfNames);
  p.cuda_graphs = e.at("cuda_graphs").as_bool();
  p.cuda_graph_max_batch = e.at("cuda_graph_max_batch").as_int_in(1, 1 << 20);
  p.step_overhead_ps = seconds_to_ps(e.at("step_overhead").as_quantity(Dimension::time));
  if (p.step_overhead_ps < 0) throw e.at("step_overhead").error("expected a time of at least 0 s");
  return p;
}

ServingKernels read_kernels(const Field& k) {
  k.check_keys({"decode_attention_bandwidth_share", "decode_attention_compute_share", "graph_kernel_gap",
                "workspace_hidden_factor", "workspace_ffn_factor"});
  ServingKernels out;
  out.decode_attention_bandwidth_share = k.at("decode_attention_bandwidth_share").as_number_in(0, 1);
  out.decode_attention_compute_share = k.at("decode_attention_compute_share").as_number_in(0, 1);
  out.graph_kernel_gap_ps = seconds_to_ps(k.at("graph_kernel_gap").as_quantity(Dimension::time));
  if (out.graph_kernel_gap_ps < 0) throw k.at("graph_kernel_gap").error("expected a time of at least 0 s");
  out.workspace_hidden_factor = k.at("workspace_hidden_factor").as_number_in(0, 1000);
  out.workspace_ffn_factor = k.at("workspace_ffn_factor").as_number_in(0, 1000);
  return out;
}

}  // namespace

ServingData load_serving_data(const std::string& path) {
  const auto doc = YamlDoc::load_shared(path);
  const Field root = root_field(doc);
  root.check_keys({"engines", "kernels"});
  ServingData d;
  d.path = path;
  for (const Field& e : root.at("engines").entries()) {
    EngineProfile p = read_engine(e);
    d.engines[p.key] = p;
  }
  if (d.engines.empty()) throw root.at("engines").error("expected at least one engine profile");
  d.kernels = read_kernels(root.at("kernels"));
  return d;
}

const ServingData& shipped_serving_data() {
  thread_local std::map<std::string, ServingData> cache;  // per data path (tests change it)
  const std::string path = data_path::require("topologies/serving.yaml");
  auto it = cache.find(path);
  if (it == cache.end()) it = cache.emplace(path, load_serving_data(path)).first;
  return it->second;
}

}  // namespace simtrain::serve
