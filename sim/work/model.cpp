#include "work/model.hpp"
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "scenario/yaml_doc.hpp"
#include "work/model_build.hpp"
#include "scenario/files.hpp"

namespace simtrain::work {

const char* op_kind_name(OpKind k) { return kOpKindNames.c_str(k); }
const char* split_name(Split s) { return kSplitNames.c_str(s); }

std::int64_t Model::active_params() const {
  std::int64_t n = 0;
  for (const Op& op : ops) {
    if (op.kind == OpKind::gemm && is_expert(op.split) && op.gemm_groups > 1 && seq_len > 0) {
      const double top_k = op.fwd_flops / (2 * static_cast<double>(seq_len) * op.gemm_n * op.gemm_k);
      n += op.params / op.gemm_groups * std::llround(top_k);
    } else {
      n += op.params;
    }
  }
  return n;
}

std::int64_t Model::params() const {
  std::int64_t n = 0;
  for (const Op& op : ops) n += op.params;
  return n;
}

std::int64_t Model::trainable_params() const {
  std::int64_t n = 0;
  for (const Op& op : ops) n += op.trainable_params();
  return n;
}

double Model::train_flops_per_sample() const {
  const bool full = std::none_of(ops.begin(), ops.end(), [](const Op& op) { return op.frozen || !op.input_grad; });
  if (full) return 3.0 * fwd_flops_per_sample();
  double f = 0;
  for (const Op& op : ops) {
    const bool linear = op.kind == OpKind::gemm || op.kind == OpKind::conv;
    const double bwd = linear ? (op.input_grad ? 1.0 : 0.0) + (op.trainable_params() > 0 ? 1.0 : 0.0)
                              : (op.runs_backward() ? 2.0 : 0.0);
    f += op.fwd_flops * (1 + bwd);
  }
  return f;
}

double Model::fwd_flops_per_sample() const {
  double f = 0;
  for (const Op& op : ops) f += op.fwd_flops;
  return f;
}

double Model::fwd_flops_of(OpKind k) const {
  double f = 0;
  for (const Op& op : ops)
    if (op.kind == k) f += op.fwd_flops;
  return f;
}

double Model::act_elems_saved_per_sample() const {
  double e = 0;
  for (const Op& op : ops) e += op.act_elems_saved;
  return e;
}

int Model::blocks() const {
  std::set<int> b;
  for (const Op& op : ops) b.insert(op.block);
  return static_cast<int>(b.size());
}

namespace detail {

Hw conv_out(Hw in, long long kernel, long long stride, long long padding, long long dilation) {
  auto one = [&](long long x) { return (x + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1; };
  return {one(in.h), one(in.w)};
}

Op& OpBuilder::add(Op op) {
  op.block = block;
  m_.ops.push_back(std::move(op));
  return m_.ops.back();
}

Op& OpBuilder::linear(const std::string& name, double tokens, long long in, long long out,
                      bool bias, bool save_input) {
  Op op{name, OpKind::gemm};
  const double k = static_cast<double>(in), n = static_cast<double>(out);
  op.fwd_flops = 2 * tokens * k * n;
  op.fwd_elems_moved = tokens * (k + n);
  op.params = in * out + (bias ? out : 0);
  op.act_elems_saved = save_input ? tokens * k : 0;
  op.gemm_m = tokens;
  op.gemm_n = n;
  op.gemm_k = k;
  return add(std::move(op));
}

Hw OpBuilder::conv(const std::string& name, long long cin, long long cout, Hw in, long long kernel,
                   long long stride, long long padding, long long dilation, long long groups,
                   bool bias, bool save_input, double* out_elems) {
  Hw o = conv_out(in, kernel, stride, padding, dilation);
  Op op{name, OpKind::conv};
  const double kk = static_cast<double>(cin / groups) * static_cast<double>(kernel * kernel);
  const double in_elems = static_cast<double>(cin) * in.area();
  const double out_e = static_cast<double>(cout) * o.area();
  op.fwd_flops = 2 * out_e * kk;
  op.fwd_elems_moved = in_elems + out_e;
  op.params = cout * (cin / groups) * kernel * kernel + (bias ? cout : 0);
  op.act_elems_saved = save_input ? in_elems : 0;
  op.gemm_m = o.area();
  op.gemm_n = static_cast<double>(cout);
  op.gemm_k = kk;
  add(std::move(op));
  if (out_elems) *out_elems = out_e;
  return o;
}

Op& OpBuilder::norm(const std::string& name, long long features, double positions,
                    int params_per_feature, bool batchnorm, bool save_input) {
  Op op{name, OpKind::norm};
  const double e = static_cast<double>(features) * positions;
  op.fwd_flops = 5 * e;
  op.fwd_elems_moved = (batchnorm ? 3 : 2) * e;
  op.params = params_per_feature * features;
  op.act_elems_saved = save_input ? e : 0;
  return add(std::move(op));
}

Op& OpBuilder::elementwise(const std::string& name, double elems_out, double flops_per_elem,
                           int inputs, double saved) {
  Op op{name, OpKind::elementwise};
  op.fwd_flops = flops_per_elem * elems_out;
  op.fwd_elems_moved = (inputs + 1) * elems_out;
  op.act_elems_saved = saved;
  return add(std::move(op));
}

Op& OpBuilder::loss(const std::string& name, double logits) {
  Op op{name, OpKind::loss};
  op.fwd_flops = 5 * logits;
  op.fwd_elems_moved = 2 * logits;
  op.act_elems_saved = logits;  // log-probabilities
  return add(std::move(op));
}

// generator: layers -- an explicit list.
void build_layers(Model& m, const Field& list) {
  OpBuilder b(m);
  for (const Field& it : list.items()) {
    if (!it.is_map()) throw it.error("expected a layer: {name: ..., kind: ..., ...}");
    const std::string kind =
        it.at("kind").as_choice(
            {"conv2d", "linear", "norm", "elementwise", "attention", "pool", "embedding", "loss"});
    const std::string name = it.at("name").as_name();
    // A layer stays in the previous layer's block unless it names one; blocks only grow.
    if (auto v = it.get("block")) {
      const int blk = static_cast<int>(v->as_int_in(0, limits::max_layers));
      if (blk < b.block)
        throw v->error("blocks must not decrease along the list (the previous layer is in block " +
                       std::to_string(b.block) + ")");
      b.block = blk;
    }
    // Every size of a layer (channels, features, kernel, stride) is at most max_ffn_hidden.
    auto pos = [&](const char* key) { return it.at(key).as_int_in(1, limits::max_ffn_hidden); };
    auto opt = [&](const char* key, long long dflt, long long lo) {
      auto v = it.get(key);
      return v ? v->as_int_in(lo, limits::max_ffn_hidden) : dflt;
    };
    auto flag = [&](const char* key, bool dflt) {
      auto v = it.get(key);
      return v ? v->as_bool() : dflt;
    };
    auto input_hw = [&]() -> Hw {
      auto hw = it.get("hw");
      auto input = it.get("input");
      if (hw && input) throw input->key_error("give either hw or input, not both");
      if (hw) {
        long long x = hw->as_int_in(1, limits::max_image);
        return {x, x};
      }
      if (!input) throw it.error("missing the input size: `hw: N` or `input: [h, w]`");
      auto items = input->items();
      if (items.size() != 2) throw input->error("expected [height, width]");
      return {items[0].as_int_in(1, limits::max_image), items[1].as_int_in(1, limits::max_image)};
    };
    if (kind == "conv2d") {
      it.check_keys({"name", "kind", "block", "in", "out", "kernel", "hw", "input", "stride",
                     "padding", "dilation", "groups", "bias", "save_input"});
      const long long cin = pos("in"), cout = pos("out"), k = pos("kernel");
      const long long groups = opt("groups", 1, 1);
      if (cin % groups != 0 || cout % groups != 0)
        throw it.at("groups").error("groups must divide both in and out");
      Hw in = input_hw();
      const long long stride = opt("stride", 1, 1), pad = opt("padding", k / 2, 0),
                      dil = opt("dilation", 1, 1);
      Hw o = conv_out(in, k, stride, pad, dil);
      if (o.h < 1 || o.w < 1) throw it.at("kernel").error("the kernel is larger than the padded input");
      b.conv(name, cin, cout, in, k, stride, pad, dil, groups, flag("bias", false),
             flag("save_input", true));
    } else if (kind == "linear") {
      it.check_keys({"name", "kind", "block", "in", "out", "tokens", "bias", "save_input"});
      b.linear(name, static_cast<double>(opt("tokens", 1, 1)), pos("in"), pos("out"),
               flag("bias", true), flag("save_input", true));
    } else if (kind == "norm") {
      it.check_keys({"name", "kind", "block", "features", "positions", "type"});
      std::string type = "batchnorm";
      if (auto v = it.get("type"))
        type = v->as_choice({"batchnorm", "layernorm", "groupnorm", "rmsnorm"});
      b.norm(name, pos("features"), static_cast<double>(opt("positions", 1, 1)),
             type == "rmsnorm" ? 1 : 2, type == "batchnorm");
    } else if (kind == "elementwise") {
      it.check_keys({"name", "kind", "block", "elems", "flops_per_elem", "inputs", "save"});
      const double e = static_cast<double>(pos("elems"));
      double fpe = 1;
      if (auto v = it.get("flops_per_elem")) {
        fpe = v->as_number();
        if (fpe < 0) throw v->error("expected a number >= 0");
      }
      std::string save = "output";
      if (auto v = it.get("save")) save = v->as_choice({"none", "input", "output"});
      const int inputs = static_cast<int>(opt("inputs", 1, 1));
      b.elementwise(name, e, fpe, inputs, save == "none" ? 0 : save == "input" ? e * inputs : e);
    } else if (kind == "attention") {
      // The two batched GEMMs Q K^T and P V plus the softmax, as the transformer generator's
      // attn.core (transformer_gen.cpp); kv_tokens < tokens is cross-attention.
      it.check_keys({"name", "kind", "block", "tokens", "heads", "head_dim", "kv_tokens", "flash", "causal"});
      const double t = static_cast<double>(pos("tokens")), h = static_cast<double>(pos("heads")),
                   d = static_cast<double>(pos("head_dim"));
      const double kv = static_cast<double>(opt("kv_tokens", static_cast<long long>(t), 1));
      const double qkv = (t + 2 * kv) * h * d, out = t * h * d, probs = h * t * kv;
      Op op{name, OpKind::attention};
      op.fwd_flops = 4 * t * kv * h * d + 5 * probs;
      op.gemm_m = t * h;
      op.gemm_n = kv;
      op.gemm_k = d;
      op.flash = flag("flash", false);
      op.causal = flag("causal", false);
      if (op.flash) {  // keeps q, k, v and the row log-sum-exp (and the output: the next op's saved input)
        op.fwd_elems_moved = qkv + out;
        op.act_elems_saved = qkv + h * t;
      } else {  // eager: scores written, read and written by softmax, read by P V
        op.fwd_elems_moved = qkv + out + 4 * probs;
        op.act_elems_saved = qkv + probs;
      }
      b.add(std::move(op));
    } else if (kind == "pool") {
      it.check_keys({"name", "kind", "block", "channels", "hw", "input", "kernel", "stride",
                     "padding", "global"});
      const long long c = pos("channels");
      Hw in = input_hw();
      Op op{name, OpKind::pool};
      const double in_e = static_cast<double>(c) * in.area();
      if (flag("global", false)) {
        for (const char* k : {"kernel", "stride", "padding"})
          if (auto v = it.get(k)) throw v->key_error("a global pool has no " + std::string(k));
        op.fwd_flops = in_e;
        op.fwd_elems_moved = in_e + static_cast<double>(c);
      } else {
        const long long k = pos("kernel");
        Hw o = conv_out(in, k, opt("stride", k, 1), opt("padding", 0, 0), 1);
        if (o.h < 1 || o.w < 1) throw it.at("kernel").error("the kernel is larger than the input");
        const double out_e = static_cast<double>(c) * o.area();
        op.fwd_flops = out_e * static_cast<double>(k * k);
        op.fwd_elems_moved = in_e + out_e;
        op.act_elems_saved = out_e;  // max-pool indices
      }
      b.add(std::move(op));
    } else if (kind == "embedding") {
      it.check_keys({"name", "kind", "block", "vocab", "dim", "tokens"});
      Op op{name, OpKind::embedding};
      const double t = static_cast<double>(opt("tokens", 1, 1));
      op.params = pos("vocab") * pos("dim");
      op.fwd_elems_moved = t * (1 + static_cast<double>(pos("dim")));
      op.act_elems_saved = t;
      b.add(std::move(op));
    } else {
      it.check_keys({"name", "kind", "block", "classes", "positions"});
      b.loss(name, static_cast<double>(pos("classes") * opt("positions", 1, 1)));
    }
  }
  if (m.ops.empty()) throw list.error("expected at least one layer");
}

}  // namespace detail

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::vector<std::string> shipped_models() { return data_path::shipped_names(data_path::Kind::model); }

bool is_model_path(const std::string& ref) {
  return ref.find('/') != std::string::npos || ends_with(ref, ".yaml") || ends_with(ref, ".yml");
}

std::string model_file(const std::string& ref) {
  if (is_model_path(ref)) return ref;
  return data_path::find(std::string(data_path::subdir(data_path::Kind::model)) + "/" + ref + ".yaml");
}

std::shared_ptr<const Model> load_model_doc(const std::shared_ptr<const YamlDoc>& doc,
                                            const std::string& key) {
  const Field root = root_field(doc);
  const std::vector<std::string> generators = {"transformer", "vit", "resnet", "layers"};
  if (!root.is_map()) throw root.error("expected a mapping (a model file: name, source, generator, ...)");
  // The generator first: a misspelt generator is reported at its value, not as an unknown
  // section key further down.
  std::string gen;
  if (auto g = root.get("generator")) {
    gen = g->as_choice(generators);
  } else if (root.has("layers")) {
    gen = "layers";
  } else {
    throw root.error("missing required key 'generator' (one of: " + join_names(generators) + ")");
  }
  root.check_keys({"name", "source", "generator", "transformer", "vit", "resnet", "layers",
                   "family", "seq_len", "image_size"});
  auto m = std::make_shared<Model>();
  m->key = key;
  m->name = root.at("name").as_name();
  m->source = root.at("source").as_string();
  for (const std::string& other : generators) {
    if (other == gen) continue;
    if (auto f = root.get(other)) throw f->key_error("`" + other + "` given, but the generator is " + gen);
  }
  if (gen != "layers") {
    for (const char* k : {"family", "seq_len", "image_size"})
      if (auto f = root.get(k))
        throw f->key_error(std::string(k) + " is only for `layers` models; the " + gen +
                           " generator sets it");
  }
  const Field spec = root.at(gen);
  if (gen == "transformer") {
    detail::build_transformer(*m, spec);
  } else if (gen == "vit") {
    detail::build_vit(*m, spec);
  } else if (gen == "resnet") {
    detail::build_resnet(*m, spec);
  } else {
    m->family = root.at("family").as_choice({"cnn", "transformer"});
    if (auto f = root.get("seq_len")) m->seq_len = f->as_int_in(0, limits::max_seq_len);
    if (auto f = root.get("image_size")) m->image_size = f->as_int_in(0, limits::max_image);
    detail::build_layers(*m, spec);
  }
  return m;
}

std::shared_ptr<const Model> load_model(const std::string& path_or_name, const Field* where) {
  const std::string path = model_file(path_or_name);
  if (!is_model_path(path_or_name)) {
    if (path.empty()) {
      const auto names = shipped_models();
      const std::string msg = "unknown model '" + path_or_name + "' (looked in models/ of the data path: " +
                              data_path::searched(data_path::Kind::model) + ")" + did_you_mean(path_or_name, names) +
                              "; shipped models: " + join_names(names) + " (or give a path to a .yaml file)";
      if (where) throw where->error(msg);
      throw ScenarioError("", 0, 0, "model", msg);
    }
  }
  std::shared_ptr<const YamlDoc> doc;
  try {
    doc = YamlDoc::load_shared(path);
  } catch (const ScenarioError& e) {
    // A missing model file is reported where the scenario named it.
    if (where && e.line() == 0) throw where->error("cannot read model file " + path + ": " + e.message());
    throw;
  }
  return load_model_doc(doc, std::filesystem::path(path).stem().string());
}

}  // namespace simtrain::work
