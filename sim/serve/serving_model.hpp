// A decoder transformer as one tensor-parallel rank serves it: the per-token shape of its ops,
// from the training workload's op list (work/model.hpp) sharded for TP as Megatron-LM splits it
// (work/shard.hpp; vLLM's ColumnParallelLinear / RowParallelLinear / VocabParallelEmbedding are
// the same layout), and the TP collectives of one forward pass (work::tp_collectives: two
// all-reduces per layer, after the attention out-projection and the MLP down-projection, plus the
// vocab-parallel embedding's). Every transformer block of a dense model is the same, so one
// block's ops stand for all of them (the block count multiplies them).
// Per token: a linear is a GEMM row (M = tokens); an element-wise or norm op is its per-sample
// figures / seq_len; attention is its geometry (query heads and KV heads on the rank, head dim),
// since its cost depends on the context, not on the op's training shape. The LM head runs only
// for the tokens that are sampled (decode tokens and the last token of a finished prompt); the
// training loss is not run. The logits are gathered to the first rank (vLLM's
// tensor_model_parallel_gather): one all-gather of sampled x vocab x 2 B.
// Refused (std::invalid_argument, a message to show the user): a model with routed experts (MoE
// serving is not modelled yet), an encoder (serving is decoding), a model without attention.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "work/model.hpp"

namespace simtrain::serve {

enum class OpRole { linear, attention, other };

struct TokenOp {
  OpRole role = OpRole::other;
  std::string name;     // the first block's name ("h.0.attn.qkv")
  double n = 0, k = 0;  // linear: the rank's GEMM N x K
  double params = 0;    // on the rank
  bool quantized = false;  // a block's linear: stored at the weight precision (else 16 bits)
  work::Op per_token;   // other: the op with per-token FLOPs and elements (for CostModel::forward)
};

struct TokenCollective {
  double elems_per_token = 0;  // the whole tensor, per token
  int kind = 0;                // work::CollectiveKind as int (all_reduce, all_gather, reduce_scatter)
};

struct ServingModel {
  std::string name;
  long long layers = 0, hidden = 0, ffn = 0, vocab = 0, seq_len = 0;
  long long heads = 0, kv_heads = 0, head_dim = 0;  // the whole model's
  int tp = 1;
  double heads_r = 0, kv_heads_r = 0;               // on one rank (KV heads replicated when tp > kv_heads)
  std::vector<TokenOp> block;                       // one transformer block's ops on a rank
  std::vector<TokenCollective> block_collectives;   // its forward TP collectives
  std::vector<TokenOp> head_end, tail_end;          // before the blocks (embeddings), after (final norm)
  std::vector<TokenCollective> head_collectives;    // the embedding's
  TokenOp lm_head;                                  // the vocabulary projection (linear, sampled tokens only)
  double block_params = 0, other_params = 0;        // the whole model's: inside blocks, outside (embeddings, head, norms)
  // KV-cache elements one token keeps per layer on a rank: K and V, kv_heads_r x head_dim each.
  double kv_elems_per_token_layer() const { return 2 * kv_heads_r * static_cast<double>(head_dim); }
};

// Throws std::invalid_argument for what serving does not model (see the header).
ServingModel serving_model(const work::Model& m, int tp);

}  // namespace simtrain::serve
