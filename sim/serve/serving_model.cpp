#include "serve/serving_model.hpp"

#include <stdexcept>

#include "work/shard.hpp"

namespace simtrain::serve {

namespace {

TokenOp token_op(const work::Op& r, double seq) {
  TokenOp t;
  t.name = r.name;
  t.params = static_cast<double>(r.params);
  switch (r.kind) {
    case work::OpKind::gemm:
      t.role = OpRole::linear;
      t.n = r.gemm_n;
      t.k = r.gemm_k;
      break;
    case work::OpKind::attention: t.role = OpRole::attention; break;
    default:
      t.role = OpRole::other;
      t.per_token = r;
      t.per_token.fwd_flops = r.fwd_flops / seq;
      t.per_token.fwd_elems_moved = r.fwd_elems_moved / seq;
      t.per_token.gemm_m = r.gemm_m / seq;
      // A lookup reads the rows of its tokens (counted in the elements moved), not the table.
      if (r.kind == work::OpKind::embedding) t.per_token.params = 0;
      break;
  }
  return t;
}

void add_collectives(const work::Op& u, int tp, double seq, std::vector<TokenCollective>& out) {
  if (tp <= 1) return;
  for (const work::TpCollective& c : work::tp_collectives(u, tp, false))
    if (!c.backward) out.push_back({c.elems / seq, static_cast<int>(c.kind)});
}

void check_servable(const work::Model& m) {
  bool attention = false;
  for (const work::Op& op : m.ops) {
    if (op.gemm_groups > 1 || work::is_expert(op.split))
      throw std::invalid_argument("model " + m.key + " has routed experts (" + op.name +
                                  "): serving a mixture-of-experts model is not modelled yet");
    if (op.kind == work::OpKind::attention) {
      attention = true;
      if (!op.causal) throw std::invalid_argument("model " + m.key + " is an encoder (" + op.name + " is not causal): serving models decode");
    }
    if (op.kind == work::OpKind::conv) throw std::invalid_argument("model " + m.key + " is not a transformer: serving models decoder transformers");
  }
  if (!attention || m.seq_len <= 0) throw std::invalid_argument("model " + m.key + " has no attention: serving models decoder transformers");
}

}  // namespace

ServingModel serving_model(const work::Model& m, int tp) {
  check_servable(m);
  const work::Model sharded = work::shard_model_for_tp(m, tp, false);
  ServingModel s;
  s.name = m.name;
  s.tp = tp;
  s.seq_len = m.seq_len;
  const double seq = static_cast<double>(m.seq_len);
  const int last_block = m.ops.back().block;
  for (std::size_t i = 0; i < m.ops.size(); ++i) {
    const work::Op& u = m.ops[i];
    const work::Op& r = sharded.ops[i];
    if (u.kind == work::OpKind::loss) continue;  // inference samples; no loss
    const bool in_block = u.block > 0 && u.block < last_block;
    (in_block ? s.block_params : s.other_params) += static_cast<double>(u.params);
    if (u.kind == work::OpKind::attention) {
      if (u.block == 1) {
        s.heads = u.heads;
        s.kv_heads = u.kv_heads > 0 ? u.kv_heads : u.heads;
        s.head_dim = static_cast<long long>(u.gemm_k);
        s.heads_r = r.gemm_m / r.gemm_n;
        s.kv_heads_r = s.kv_heads >= tp ? static_cast<double>(s.kv_heads / tp) : 1.0;
      }
      ++s.layers;
    }
    if (u.name == "lm_head") {
      s.lm_head = token_op(r, seq);
      s.vocab = static_cast<long long>(u.gemm_n);
      s.hidden = static_cast<long long>(u.gemm_k);
      continue;
    }
    if (in_block && u.block != 1) continue;  // the first block stands for all
    TokenOp t = token_op(r, seq);
    t.quantized = in_block && t.role == OpRole::linear;
    if (in_block) {
      s.block.push_back(t);
      add_collectives(u, tp, seq, s.block_collectives);
      if (u.name.find("mlp.down") != std::string::npos || u.name.find("mlp.fc2") != std::string::npos)
        s.ffn = static_cast<long long>(u.gemm_k);
    } else if (u.block == 0) {
      s.head_end.push_back(t);
      add_collectives(u, tp, seq, s.head_collectives);
    } else {
      s.tail_end.push_back(t);
    }
  }
  if (s.lm_head.role != OpRole::linear) throw std::invalid_argument("model " + m.key + " has no lm_head: serving models language models");
  if (s.ffn == 0) s.ffn = 4 * s.hidden;
  return s;
}

}  // namespace simtrain::serve
