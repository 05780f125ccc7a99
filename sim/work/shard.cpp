#include "work/shard.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace simtrain::work {
namespace {

[[noreturn]] void refuse(const Op& op, const std::string& why) {
  throw std::invalid_argument("op '" + op.name + "' (" + split_name(op.split) + "): " + why);
}

long long whole(double x) { return std::llround(x); }

// n must be a multiple of d (Megatron's ensure_divisibility).
void need_divides(const Op& op, long long n, long long d, const char* what) {
  if (d <= 0 || n % d != 0)
    refuse(op, std::string(what) + " " + std::to_string(n) + " is not a multiple of " + std::to_string(d));
}

// Key/value heads per rank: kv/t, or 1 when t > kv (Megatron replicates a KV head over t/kv ranks).
long long kv_per_rank(const Op& op, int tp) {
  need_divides(op, op.heads, tp, "heads");
  if (op.kv_heads >= tp) {
    need_divides(op, op.kv_heads, tp, "kv_heads");
    return op.kv_heads / tp;
  }
  need_divides(op, tp, op.kv_heads, "tp (more ranks than KV heads must replicate each head evenly)");
  return 1;
}

// A GEMM whose output features shrink from n to n_r: params, FLOPs and output traffic scale
// with n_r / n; the input is read whole; it keeps its input whole under TP, its shard under SP.
void column_gemm(Op& r, const Op& op, double n_r, int tp, bool sp) {
  const long long n = whole(op.gemm_n);
  if (n <= 0 || op.params % n != 0) refuse(op, "parameters are not a whole number per output feature");
  r.params = op.params / n * whole(n_r);
  r.fwd_flops = op.fwd_flops * n_r / op.gemm_n;
  r.fwd_elems_moved = op.gemm_m * op.gemm_k + op.gemm_m * n_r;
  r.act_elems_saved = sp ? op.act_elems_saved / tp : op.act_elems_saved;
  r.gemm_n = n_r;
}

void scale_all(Op& r, double f) {
  r.fwd_flops *= f;
  r.fwd_elems_moved *= f;
  r.act_elems_saved *= f;
}

Op shard_expert(const Op& op, int tp, bool sp, int etp) {
  Op r = op;
  if (!sp) refuse(op, "experts under tensor parallelism need sequence parallelism (Megatron-Core asserts it for MoE with TP > 1)");
  const int e = etp > 0 ? etp : tp;
  need_divides(op, tp, e, "tp (expert_tp must divide it)");
  const double rows = static_cast<double>(e) / tp;  // the t/e-way split of the tokens the e ranks gather
  r.fwd_flops = op.fwd_flops / tp;
  if (op.kind != OpKind::gemm) {  // the activation on fc1's output: rows x e/t, features / e
    r.fwd_elems_moved = op.fwd_elems_moved / tp;
    r.act_elems_saved = op.act_elems_saved / tp;
    return r;
  }
  const double g = op.gemm_groups;
  r.gemm_m = op.gemm_m * rows;
  const double weight = g * op.gemm_n * op.gemm_k;
  if (op.split == Split::expert_column) {
    need_divides(op, whole(op.gemm_n), e, "expert N");
    r.gemm_n = op.gemm_n / e;
    r.params = op.params / e;  // weight and bias both along N
    r.fwd_elems_moved = g * r.gemm_m * (op.gemm_k + r.gemm_n);
    r.act_elems_saved = op.act_elems_saved > 0 ? g * r.gemm_m * op.gemm_k : 0;  // its gathered input
  } else {
    need_divides(op, whole(op.gemm_k), e, "expert K");
    r.gemm_k = op.gemm_k / e;
    r.params = whole(weight / e) + (op.params - whole(weight));  // bias whole, added after the reduction
    r.fwd_elems_moved = g * r.gemm_m * (r.gemm_k + op.gemm_n);
    r.act_elems_saved = op.act_elems_saved > 0 ? g * r.gemm_m * r.gemm_k : 0;
  }
  return r;
}

}  // namespace

Op shard_for_tp(const Op& op, int tp, bool sp, int etp) {
  if (tp < 1) throw std::invalid_argument("tensor-parallel degree must be >= 1, got " + std::to_string(tp));
  if (etp < 0) throw std::invalid_argument("expert tensor-parallel degree must be >= 0, got " + std::to_string(etp));
  if (tp == 1) return op;
  Op r = op;
  switch (op.split) {
    case Split::none:
      refuse(op, "has no tensor-parallel layout (only the transformer and vit generators lay their ops out)");
    case Split::replicated: return r;
    case Split::sequence:
      if (sp) {
        scale_all(r, 1.0 / tp);
        r.gemm_m = op.gemm_m / tp;
        r.a2a_elems = op.a2a_elems / tp;
      }
      return r;
    case Split::column:
      if (op.kind != OpKind::gemm) {
        scale_all(r, 1.0 / tp);
        return r;
      }
      if (op.heads > 0) {  // QKV: whole heads, KV heads replicated when t > kv_heads
        const long long kv_r = kv_per_rank(op, tp);
        const double d = op.gemm_n / static_cast<double>(op.heads + 2 * op.kv_heads);
        r.heads = op.heads / tp;
        r.kv_heads = kv_r;
        column_gemm(r, op, d * static_cast<double>(r.heads + 2 * kv_r), tp, sp);
      } else {
        need_divides(op, whole(op.gemm_n), tp, "N");
        column_gemm(r, op, op.gemm_n / tp, tp, sp);
      }
      return r;
    case Split::row: {
      if (op.kind != OpKind::gemm) refuse(op, "row splits apply to GEMMs only");
      need_divides(op, whole(op.gemm_k), tp, "K");
      const long long weight = whole(op.gemm_n * op.gemm_k);
      r.gemm_k = op.gemm_k / tp;
      r.params = weight / tp + (op.params - weight);  // bias whole
      r.fwd_flops = op.fwd_flops / tp;
      r.fwd_elems_moved = op.gemm_m * r.gemm_k + op.gemm_m * op.gemm_n;
      r.act_elems_saved = op.act_elems_saved / tp;
      return r;
    }
    case Split::heads: {
      const long long kv_r = kv_per_rank(op, tp);
      r.heads = op.heads / tp;
      r.kv_heads = kv_r;
      const double kv_share = static_cast<double>(kv_r) - static_cast<double>(op.kv_heads) / tp;  // replicated KV
      if (op.kind == OpKind::attention) {
        scale_all(r, 1.0 / tp);
        r.gemm_m = op.gemm_m / tp;
        const double kv_elems = 2 * op.gemm_n * op.gemm_k * kv_share;  // K and V: s x d per head
        r.fwd_elems_moved += kv_elems;
        r.act_elems_saved += kv_elems;
      } else {  // RoPE on q and k
        scale_all(r, (static_cast<double>(r.heads) + static_cast<double>(kv_r)) /
                         static_cast<double>(op.heads + op.kv_heads));
      }
      return r;
    }
    case Split::vocab: {
      if (op.kind == OpKind::embedding) {
        const long long v = whole(op.gemm_k);
        if (v <= 0 || op.params % v != 0) refuse(op, "an embedding needs its vocabulary (gemm_k) to split");
        const long long v_r = (v + tp - 1) / tp;
        r.params = op.params / v * v_r;
        r.gemm_k = static_cast<double>(v_r);
        return r;
      }
      const double v = op.gemm_n;
      const double v_r = std::ceil(v / tp);
      if (op.kind == OpKind::gemm) {
        column_gemm(r, op, v_r, tp, sp);
        return r;
      }
      if (op.kind == OpKind::loss) {
        const double rest = op.act_elems_saved - op.gemm_m * v;  // MLM's NSP logits
        scale_all(r, (op.gemm_m * v_r + rest) / (op.gemm_m * v + rest));
        r.gemm_n = v_r;
        return r;
      }
      refuse(op, "vocab splits apply to embeddings, the LM head and the loss");
    }
    case Split::expert_column:
    case Split::expert_row: return shard_expert(op, tp, sp, etp);
  }
  return r;
}

Op shard_for_ep(const Op& op, int ep) {
  if (ep < 1) throw std::invalid_argument("expert-parallel degree must be >= 1, got " + std::to_string(ep));
  if (ep == 1 || !is_expert(op.split) || op.kind != OpKind::gemm) return op;
  need_divides(op, op.gemm_groups, ep, "experts");
  Op r = op;
  r.gemm_groups = op.gemm_groups / ep;
  r.gemm_m = op.gemm_m * ep;
  r.params = op.params / ep;
  return r;
}

Model shard_model_for_tp(const Model& m, int tp, bool sp, int etp) {
  Model out = m;
  for (Op& op : out.ops) {
    if (tp > 1 && op.split == Split::none)
      throw std::invalid_argument("model '" + m.name + "' cannot be split by tensor parallelism (tp " +
                                  std::to_string(tp) + "): op '" + op.name + "' (" + op_kind_name(op.kind) +
                                  ") has no tensor-parallel layout; only the transformer and vit generators "
                                  "lay their ops out for it");
    op = shard_for_tp(op, tp, sp, etp);
  }
  return out;
}

Model shard_model_for_ep(const Model& m, int ep) {
  Model out = m;
  for (Op& op : out.ops) op = shard_for_ep(op, ep);
  return out;
}

std::vector<TpCollective> tp_collectives(const Op& op, int tp, bool sp, int etp) {
  std::vector<TpCollective> out;
  if (tp <= 1) return out;
  using K = CollectiveKind;
  auto add = [&](K k, bool bwd, double elems, int ranks, bool fp32 = false) {
    out.push_back(TpCollective{k, bwd, elems, ranks, fp32});
  };
  // A column-parallel GEMM: the input gathered (SP) and its gradient reduced; once per input tensor.
  auto column = [&](double elems, int ranks) {
    if (sp) {
      add(K::all_gather, false, elems, ranks);
      add(K::all_gather, true, elems, ranks);  // the saved shard, gathered again for dW
      add(K::reduce_scatter, true, elems, ranks);
    } else {
      add(K::all_reduce, true, elems, ranks);
    }
  };
  switch (op.split) {
    case Split::row:
      if (op.kind != OpKind::gemm) break;
      add(sp ? K::reduce_scatter : K::all_reduce, false, op.gemm_m * op.gemm_n, tp);
      if (sp) add(K::all_gather, true, op.gemm_m * op.gemm_n, tp);
      break;
    case Split::column:
      if (op.kind == OpKind::gemm && op.act_elems_saved > 0) column(op.gemm_m * op.gemm_k, tp);
      break;
    case Split::vocab:
      if (op.kind == OpKind::embedding) {
        add(sp ? K::reduce_scatter : K::all_reduce, false, op.gemm_m * op.gemm_n, tp);
        if (sp) add(K::all_gather, true, op.gemm_m * op.gemm_n, tp);
      } else if (op.kind == OpKind::gemm && op.act_elems_saved > 0) {
        column(op.gemm_m * op.gemm_k, tp);
      } else if (op.kind == OpKind::loss) {
        for (int i = 0; i < 3; ++i) add(K::all_reduce, false, op.gemm_m, tp, true);
      }
      break;
    case Split::expert_column:
    case Split::expert_row: {
      const int e = etp > 0 ? etp : tp;
      if (op.kind != OpKind::gemm || e <= 1) break;
      const double rows = op.gemm_groups * op.gemm_m * e / tp;  // the rows the e ranks gather
      if (op.split == Split::expert_column) {
        add(K::all_gather, false, rows * op.gemm_k, e);
        add(K::reduce_scatter, true, rows * op.gemm_k, e);
      } else {
        add(K::reduce_scatter, false, rows * op.gemm_n, e);
        add(K::all_gather, true, rows * op.gemm_n, e);
      }
      break;
    }
    default: break;
  }
  return out;
}

}  // namespace simtrain::work
