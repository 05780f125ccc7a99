#include "work/software.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/units.hpp"
#include "scenario/yaml_doc.hpp"
#include "scenario/files.hpp"

namespace simtrain::work {

std::string default_software_path(const std::string& catalog_path) {
  return data_path::catalog_file("software.yaml", catalog_path);
}

namespace {

// Host times are microseconds to milliseconds; anything outside [0, 1 h] is a typo, and would
// overflow integer picoseconds further out.
TimePs read_time(const Field& f) {
  const double s = f.as_quantity(Dimension::time);
  if (!(s >= 0 && s <= 3600)) throw f.error("expected a time from 0 s to 1 h (host costs are us to ms)");
  return seconds_to_ps(s);
}

SoftwareProfile read_profile(const Field& f, const std::string& key) {
  f.check_keys({"name", "source", "dispatch_forward", "dispatch_backward", "dispatch_per_param_tensor", "step_overhead",
                "graph_launch", "cuda_graphs", "sync_per_step", "sync_before_optimizer", "fused_optimizer",
                "kernel_gap", "autocast_casts", "conv_layout", "attention_kernel", "eager_ops"});
  SoftwareProfile p;
  p.key = key;
  p.name = f.at("name").as_string();
  p.source = f.at("source").as_string();
  p.dispatch_forward_ps = read_time(f.at("dispatch_forward"));
  p.dispatch_backward_ps = read_time(f.at("dispatch_backward"));
  p.dispatch_per_param_tensor_ps = read_time(f.at("dispatch_per_param_tensor"));
  p.step_overhead_ps = read_time(f.at("step_overhead"));
  p.cuda_graphs = f.at("cuda_graphs").as_bool();
  if (auto g = f.get("graph_launch")) {
    if (!p.cuda_graphs) throw g->key_error("graph_launch is the cost of launching a CUDA graph: needs cuda_graphs: true");
    p.graph_launch_ps = read_time(*g);
  }
  if (p.cuda_graphs && (p.dispatch_forward_ps > 0 || p.dispatch_backward_ps > 0))
    throw f.at("cuda_graphs").error("a step captured in CUDA graphs has no per-kernel dispatch: set dispatch_forward and dispatch_backward to 0 us");
  p.sync_per_step = f.at("sync_per_step").as_bool();
  p.sync_before_optimizer = f.at("sync_before_optimizer").as_bool();
  p.fused_optimizer = f.at("fused_optimizer").as_bool();
  p.autocast_casts = f.at("autocast_casts").as_bool();
  if (auto g = f.get("kernel_gap")) p.kernel_gap_ps = read_time(*g);
  if (auto e = f.get("eager_ops")) {
    e->check_keys({"rmsnorm", "swiglu", "rope", "attention_scores"});
    if (auto a = e->get("attention_scores")) {
      a->check_keys({"extra_passes", "extra_kernels"});
      p.attention_extra_passes = a->at("extra_passes").as_number_in(0, 100);
      p.attention_extra_kernels = static_cast<double>(a->at("extra_kernels").as_int_at_least(0));
    }
    auto read = [&](const char* key, EagerOp& out) {
      if (auto o = e->get(key)) {
        o->check_keys({"traffic", "kernels", "saved"});
        out.traffic = o->at("traffic").as_number_in(1, 100);
        out.kernels = static_cast<double>(o->at("kernels").as_int_at_least(1));
        if (auto sv = o->get("saved")) out.saved = sv->as_number_in(1, 10);
      }
    };
    read("rmsnorm", p.rmsnorm);
    read("swiglu", p.swiglu);
    read("rope", p.rope);
  }
  p.kernels.conv = f.at("conv_layout").as_enum(kConvLayoutNames);
  p.kernels.attention = f.at("attention_kernel").as_enum(kAttentionKernelNames);
  return p;
}

}  // namespace

std::vector<std::string> software_profiles(const std::string& path) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  std::vector<std::string> out;
  for (const Field& e : root.at("profiles").entries()) out.push_back(e.key().substr(e.key().rfind('.') + 1));
  return out;
}

SoftwareProfile load_software(const std::string& path, const std::string& key, const Field* where) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"profiles"});
  Field profiles = root.at("profiles");
  // Every profile is checked, so a broken file is found whichever profile a scenario names.
  std::optional<SoftwareProfile> found;
  std::vector<std::string> names;
  for (const Field& e : profiles.entries()) {
    const std::string k = e.key().substr(e.key().rfind('.') + 1);
    names.push_back(k);
    SoftwareProfile p = read_profile(e, k);
    if (k == key) found = p;
  }
  if (!found) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    const std::string msg = "unknown software profile '" + key + "'" + did_you_mean(key, names) +
                            "; profiles (topologies/software.yaml): " + list;
    if (where) throw where->error(msg);
    throw profiles.error(msg);
  }
  return *found;
}

std::shared_ptr<const Model> apply_software(const std::shared_ptr<const Model>& m, const SoftwareProfile& sw) {
  auto eager = [&](OpVariant v) -> const EagerOp* {
    switch (v) {
      case OpVariant::rmsnorm: return &sw.rmsnorm;
      case OpVariant::swiglu: return &sw.swiglu;
      case OpVariant::rope: return &sw.rope;
      case OpVariant::plain: return nullptr;
    }
    return nullptr;
  };
  auto unfused_attention = [&](const Op& op) {
    return op.kind == OpKind::attention && !op.flash && (sw.attention_extra_passes > 0 || sw.attention_extra_kernels > 0);
  };
  bool changes = false;
  for (const Op& op : m->ops) {
    const EagerOp* e = eager(op.variant);
    if ((e && (e->traffic != 1 || e->kernels != 1 || e->saved != 1)) || unfused_attention(op)) changes = true;
  }
  if (!changes) return m;
  auto out = std::make_shared<Model>(*m);
  for (Op& op : out->ops) {
    if (const EagerOp* e = eager(op.variant)) {
      op.fwd_elems_moved *= e->traffic;
      op.kernels = e->kernels;
      op.act_elems_saved *= e->saved;
    }
    if (unfused_attention(op)) {
      // The score matrix is heads x s x kv per sample: the attention GEMMs' M x N.
      op.fwd_elems_moved += sw.attention_extra_passes * op.gemm_m * op.gemm_n;
      op.kernels = 1 + sw.attention_extra_kernels;
    }
  }
  return out;
}

double kernels_forward(const Op& op, const SoftwareProfile& sw, bool autocast) {
  double k = op.kernels;
  switch (op.kind) {
    case OpKind::attention: k = op.flash ? 1 : 4 + op.kernels; break;  // bmm, softmax, dropout, bmm (+ eager scale, mask)
    case OpKind::loss: k = 2; break;
    default: break;
  }
  if (autocast && sw.autocast_casts && op.params > 0 && (op.kind == OpKind::gemm || op.kind == OpKind::conv)) k += 1;
  return k;
}

double kernels_backward(const Op& op) {
  if (!op.runs_backward()) return 0;  // fine-tuning: no gradient flows here (finetune.hpp)
  switch (op.kind) {
    case OpKind::gemm:
    case OpKind::conv: {
      const double weight = op.gemm_groups * op.gemm_n * op.gemm_k;  // every expert's, for grouped GEMMs
      const bool bias = op.params > 0 && static_cast<double>(op.params) > weight;
      if (op.frozen || !op.input_grad)  // dX and/or dW (+ the bias gradient's reduction)
        return (op.input_grad ? 1 : 0) + (op.trainable_params() > 0 ? (bias ? 2 : 1) : 0);
      return op.params > 0 ? (bias ? 3 : 2) : 2;
    }
    case OpKind::attention: return op.flash ? 2 : 8;
    case OpKind::norm: return 2 * op.kernels;
    case OpKind::embedding: return 2;
    case OpKind::loss: return 2;
    default: return op.kernels;
  }
}

double param_tensors(const Model& m) {
  double n = 0;
  for (const Op& op : m.ops) {
    if (op.trainable_params() <= 0) continue;  // the optimizer steps trained tensors only
    if (op.kind == OpKind::gemm || op.kind == OpKind::conv) {
      // A grouped GEMM's experts count as one tensor, as Megatron's GroupedMLP holds them.
      n += static_cast<double>(op.params) > op.gemm_groups * op.gemm_n * op.gemm_k ? 2 : 1;
    } else if (op.kind == OpKind::norm) {
      n += 2;
    } else {
      n += 1;
    }
  }
  return n;
}

double optimizer_kernels(const Model& m, bool adam, const SoftwareProfile& sw) {
  if (sw.fused_optimizer) return adam ? 4 : 2;
  // foreach: each elementwise step of the update is one multi-tensor launch per chunk of
  // tensors; PyTorch's multi_tensor_apply packs up to ~110 tensors (depth 1) per launch.
  const double chunks = std::max(1.0, std::ceil(param_tensors(m) / 110.0));
  return (adam ? 10.0 : 4.0) * chunks;
}

}  // namespace simtrain::work
