// One rank's share of an op under tensor (TP), sequence (SP) and expert (EP) parallelism, and
// the TP collectives the op implies. The layout is Megatron-LM's (Shoeybi et al. 2019,
// arXiv:1909.08053; Narayanan et al. 2021, arXiv:2104.04473), with sequence parallelism as
// Korthikanti et al. 2022 (arXiv:2205.05198) and experts as Megatron-Core's MoE layer; each op's
// Split (model.hpp) says which rule applies. Everything stays per sample: for a TP group, one
// sample is the sample all t ranks work on together.
//
// shard_for_tp(op, t, sp, etp), per rank (n, k: the op's GEMM N and K; m its M):
//   none           t > 1: std::invalid_argument (a TP strategy refuses the model)
//   replicated     unchanged
//   sequence       plain TP: unchanged; SP: FLOPs, elements moved, saved and M / t, params whole
//   column gemm    N_r = n/t (QKV: N_r = d (heads/t + 2 kv_r)), params x N_r/n, FLOPs x N_r/n,
//                  moved = m k + m N_r (input read whole), saved: whole (TP) or / t (SP)
//   column elementwise  FLOPs, moved, saved / t
//   row gemm       K_r = k/t, params = n K_r + bias n (whole), FLOPs / t,
//                  moved = m K_r + m n (partial sums written whole), saved / t
//   heads          kv_r = kv_heads/t, or 1 when t > kv_heads (KV heads replicated):
//                  attention: FLOPs / t, M / t; moved and saved / t + 2 s d (kv_r - kv_heads/t)
//                  (s = N, d = K: the replicated K and V); RoPE (q and k): x (heads/t + kv_r) /
//                  (heads + kv_heads)
//   vocab          V_r = ceil(V/t): embedding (V = K) params x V_r/V, lookup unchanged (it
//                  writes its whole output); LM head (V = N) as column with N_r = V_r; loss (V = N)
//                  FLOPs, moved, saved x (m V_r + rest) / (m V + rest) (rest: MLM's NSP logits)
//   expert_column  within each expert as column by e = etp (0: e = t, Megatron-Core's default
//   expert_row     expert_tensor_parallel_size), over m_r = m e/t rows (the t/e-way split of the
//                  tokens the e ranks gather): FLOPs / t; gemm params per expert x 1/e (row:
//                  bias whole); fc1 keeps its gathered input (x e/t), fc2 and the activation / t.
//                  Needs SP when t > 1 (Megatron-Core asserts sequence_parallel for MoE with TP).
// Errors (std::invalid_argument, naming the op): t not dividing heads, N (column), K (row),
// kv_heads not dividing t or t not dividing kv_heads, e not dividing t.
//
// shard_for_ep(op, ep): routed-expert GEMMs hold gemm_groups/ep experts (ep must divide it), each
// getting ep x the rows (tokens from every EP rank; balanced routing), params / ep; per-sample
// FLOPs, traffic and activations unchanged. Other ops unchanged (they are data-parallel over EP).
//
// tp_collectives(op, t, sp, etp): what the unsharded op needs across its TP group, per sample,
// `elems` the WHOLE tensor (gathered, or before reduction; a ring moves 2 (r-1)/r of it per rank
// for an all-reduce, (r-1)/r for an all-gather or a reduce-scatter, r = ranks):
//   row gemm       forward: all-reduce of its output m n (SP: reduce-scatter); backward (SP only):
//                  all-gather of the output gradient m n
//   column gemm    (the one keeping its input; SwiGLU's up shares the gate's gather and reduction)
//                  forward (SP): all-gather of the input m k; backward: all-reduce of the input
//                  gradient m k (SP: reduce-scatter, after an all-gather re-forming the saved input)
//   vocab embedding  forward: all-reduce of the lookup s h (SP: reduce-scatter); backward (SP):
//                  all-gather of its gradient
//   vocab LM head  as column
//   vocab loss     forward: three all-reduces of s fp32 values (max logit, target logit, sum of
//                  exponentials: vocab-parallel cross-entropy), none backward
//   expert gemms   as column / row over the e = etp ranks, of the gathered rows G m e/t
// So a GPT block moves, per sample, two forward and two backward all-reduces of s h elements
// (Narayanan et al. 2021 §3: "two all-reduce operations in the forward pass and two in the
// backward pass"); under SP the same volume as all-gathers and reduce-scatters, plus the
// backward all-gathers of the two saved column inputs.
#pragma once

#include <vector>

#include "work/model.hpp"

namespace simtrain::work {

// tp >= 1; expert_tp 0 means expert_tp = tp. Throws std::invalid_argument (see above).
Op shard_for_tp(const Op& op, int tp, bool sequence_parallel, int expert_tp = 0);
Op shard_for_ep(const Op& op, int ep);
// Every op sharded; a model with a Split::none op and tp > 1 is refused with its first such op named.
Model shard_model_for_tp(const Model& m, int tp, bool sequence_parallel, int expert_tp = 0);
Model shard_model_for_ep(const Model& m, int ep);

enum class CollectiveKind { all_reduce, all_gather, reduce_scatter };
struct TpCollective {
  CollectiveKind kind = CollectiveKind::all_reduce;
  bool backward = false;  // false: in the forward pass
  double elems = 0;       // per sample, the whole tensor
  int ranks = 1;          // the group: tp, or expert_tp for expert GEMMs
  bool fp32 = false;      // elements are fp32 whatever the activation dtype (cross-entropy statistics)
};
// What the (unsharded) op needs across its TP group; empty for tp = 1.
std::vector<TpCollective> tp_collectives(const Op& op, int tp, bool sequence_parallel, int expert_tp = 0);

}  // namespace simtrain::work
