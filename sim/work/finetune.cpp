#include "work/finetune.hpp"

#include <algorithm>

#include "scenario/error.hpp"

namespace simtrain::work {

namespace {

const std::vector<std::string> kLinears = {"attn.qkv", "attn.out", "mlp.gate", "mlp.up", "mlp.down"};

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// A target or group name as the op-name suffixes it stands for; errors at `where`.
std::vector<std::string> expand_target(const std::string& name, const Field& where) {
  if (name == "attention") return {"attn.qkv", "attn.out"};
  if (name == "mlp") return {"mlp.gate", "mlp.up", "mlp.down"};
  if (std::find(kLinears.begin(), kLinears.end(), name) != kLinears.end()) return {name};
  throw where.error("unknown LoRA target '" + name + "'" + did_you_mean(name, lora_target_names()) +
                    "; expected one of: " + joined(lora_target_names()));
}

// The names of a YAML list, or of a scalar as --set gives it: "[attention, mlp.up]" or "attention,mlp.up".
std::vector<std::pair<std::string, Field>> target_items(const Field& list) {
  std::vector<std::pair<std::string, Field>> out;
  if (list.is_sequence()) {
    for (const Field& item : list.items()) out.emplace_back(item.as_string(), item);
    return out;
  }
  std::string text = list.is_scalar() ? list.as_string() : "";
  if (!text.empty() && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  std::size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string name = text.substr(start, comma - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty()) out.emplace_back(name, list);
    start = comma + 1;
  }
  return out;
}

void add_targets(const Field& list, FinetuneSpec& s) {
  const auto items = target_items(list);
  if (items.empty())
    throw list.error("finetune.targets: expected a non-empty list of linear layers, of: " + joined(lora_target_names()));
  for (const auto& [name, where] : items)
    for (const std::string& t : expand_target(name, where))
      if (std::find(s.targets.begin(), s.targets.end(), t) == s.targets.end()) s.targets.push_back(t);
}

// The target an op is (its name ends in ".<target>"), or nullptr.
const std::string* target_of(const Op& op, const std::vector<std::string>& targets) {
  if (op.kind != OpKind::gemm || op.params == 0) return nullptr;
  for (const std::string& t : targets) {
    const std::size_t n = op.name.size(), k = t.size();
    if (n > k && op.name.compare(n - k, k, t) == 0 && op.name[n - k - 1] == '.') return &t;
  }
  return nullptr;
}

Op adapter_op(const Op& base, const std::string& suffix, double n, double k) {
  Op op{base.name + ".lora." + suffix, OpKind::gemm};
  const double s = base.gemm_m;
  op.fwd_flops = 2 * s * n * k;
  op.params = static_cast<std::int64_t>(n * k);
  op.gemm_m = s;
  op.gemm_n = n;
  op.gemm_k = k;
  op.block = base.block;
  op.split = Split::replicated;
  return op;
}

// The ops LoRA adds after the targeted linear `base` (the header's list).
void add_adapter(std::vector<Op>& out, const Op& base, const FinetuneSpec& spec) {
  const double s = base.gemm_m, r = spec.rank, k = base.gemm_k, n = base.gemm_n;
  if (spec.dropout > 0) {
    Op d{base.name + ".lora.dropout", OpKind::elementwise};
    d.fwd_flops = 2 * s * k;
    d.fwd_elems_moved = 2 * s * k;
    d.act_elems_saved = 0.5 * s * k;  // the 1-byte mask
    d.block = base.block;
    d.split = Split::replicated;
    d.frozen = true;
    out.push_back(d);
  }
  Op a = adapter_op(base, "a", r, k);
  a.fwd_elems_moved = s * (k + r);
  a.act_elems_saved = spec.dropout > 0 ? s * k : 0.0;  // x itself is counted at the base op
  out.push_back(a);
  Op b = adapter_op(base, "b", n, r);
  b.fwd_elems_moved = s * r + 2 * s * n;
  b.act_elems_saved = s * r;
  out.push_back(b);
}

// A frozen linear without an adapter keeps its input only for the targeted linear after it
// that shares it (SwiGLU's up after the gate: the up counts nothing of its own).
bool keeps_input(const std::vector<Op>& ops, std::size_t i, const FinetuneSpec& spec) {
  const Op& op = ops[i];
  const bool targeted = target_of(op, spec.targets) != nullptr;
  if (op.kind != OpKind::gemm || op.params == 0) return true;
  if (targeted) return spec.dropout == 0;
  if (i + 1 >= ops.size() || spec.dropout > 0) return false;
  const Op& next = ops[i + 1];
  return target_of(next, spec.targets) && next.act_elems_saved == 0 && next.gemm_m == op.gemm_m &&
         next.gemm_k == op.gemm_k;
}

ScenarioError targets_error(const FinetuneSpec& spec, const std::string& msg) {
  return spec.field && spec.field->has("targets") ? spec.field->at("targets").error(msg)
                                                  : ScenarioError("", 0, 0, "finetune.targets", msg);
}

void check_every_target_matches(const Model& m, const FinetuneSpec& spec) {
  for (const std::string& t : spec.targets) {
    const bool any = std::any_of(m.ops.begin(), m.ops.end(), [&](const Op& op) {
      return target_of(op, {t}) != nullptr;
    });
    if (!any) throw targets_error(spec, "LoRA target '" + t + "' matches no linear layer of " + m.name);
  }
  for (const Op& op : m.ops)
    if (target_of(op, spec.targets) && (op.gemm_groups > 1 || op.gemm_m <= 0))
      throw targets_error(spec, "LoRA on " + op.name + " (a grouped GEMM or one without a shape) is not modelled");
}

}  // namespace

const std::vector<std::string>& lora_target_names() {
  static const std::vector<std::string> names = {"attention", "mlp", "attn.qkv", "attn.out", "mlp.gate", "mlp.up", "mlp.down"};
  return names;
}

FinetuneSpec parse_finetune(const Field& f) {
  f.check_keys({"method", "rank", "targets", "dropout"});
  FinetuneSpec s;
  s.field = f;
  if (auto m = f.get("method")) s.method = m->as_choice({"full", "lora"}) == "lora" ? FinetuneMethod::lora : FinetuneMethod::full;
  if (s.method == FinetuneMethod::full) {
    for (const char* k : {"rank", "targets", "dropout"})
      if (f.has(k)) throw f.at(k).key_error(std::string("finetune.") + k + " applies to method: lora");
    return s;
  }
  if (auto r = f.get("rank")) s.rank = r->as_count_in(1, 65536);
  if (!f.has("targets")) throw f.key_error("finetune: method lora needs targets: a list of " + joined(lora_target_names()));
  add_targets(f.at("targets"), s);
  if (auto d = f.get("dropout")) s.dropout = d->as_number_in(0, 0.99);
  return s;
}

std::shared_ptr<const Model> apply_finetune(const std::shared_ptr<const Model>& base, const FinetuneSpec& spec) {
  if (spec.method == FinetuneMethod::full) return base;
  check_every_target_matches(*base, spec);
  auto m = std::make_shared<Model>(*base);
  m->ops.clear();
  for (std::size_t i = 0; i < base->ops.size(); ++i) {
    Op op = base->ops[i];
    op.frozen = true;
    if (!keeps_input(base->ops, i, spec)) op.act_elems_saved = 0;
    m->ops.push_back(op);
    if (target_of(op, spec.targets)) add_adapter(m->ops, op, spec);
  }
  bool trainable_before = false;
  for (Op& op : m->ops) {
    op.input_grad = trainable_before;
    trainable_before = trainable_before || op.trainable_params() > 0;
  }
  return m;
}

}  // namespace simtrain::work
