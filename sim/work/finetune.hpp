// Fine-tuning: which weights a run trains. `method: full` (the default) trains every weight,
// as pre-training does. `method: lora` (Hu et al. 2021, "LoRA: Low-Rank Adaptation of Large
// Language Models", arXiv:2106.09685) freezes every weight of the model and adds, beside each
// targeted linear layer y = x W (W: K x N), a trainable low-rank update:
//   y = x W + (alpha / r) dropout(x) A B,   A: K x r, B: r x N, r = rank << K, N
// The scale alpha / r is folded into B's GEMM (no cost of its own, so the scenario takes no alpha).
//
// The model gains, after each targeted linear op `T` (model.hpp names), in forward order:
//   T.lora.dropout  (dropout > 0) elementwise over the input, s K elements; keeps its 1-byte mask
//                   (half an element, as the transformer generator counts dropout masks)
//   T.lora.a        gemm M = s, N = r, K = K: 2 s K r FLOPs, K r params, saves its input (the
//                   dropped copy, s K) for A's weight gradient when dropout > 0
//   T.lora.b        gemm M = s, N = N, K = r: 2 s r N FLOPs, r N params, saves its input x A
//                   (s r) for B's weight gradient; it accumulates into the base output (a GEMM
//                   with beta = 1: reads and writes s N)
// Every op of the base model is frozen (no weight gradient, no optimizer state); the adapters
// train. Backward then follows from two rules (cost.hpp applies them):
//   - a frozen linear runs only its input-gradient GEMM dX = dY W^T (about 1x its forward
//     FLOPs instead of 2x); an adapter runs both of its own;
//   - an op before the first trainable op (in forward order) computes no input gradient: no
//     gradient flows below it (Op::input_grad false). With adapters on every block this is the
//     embedding, the first norm and the first block's targeted base GEMM (whose input needs no
//     gradient: only the adapter's weights above it do). Non-linear ops (attention core, norms,
//     activations, residual adds) after it still run their backward: the gradient flows
//     through them to the adapters below. Assumption: the flat forward order stands for the
//     graph (every op after the first trainable one has a trainable op upstream of it).
// So for a block with adapters on all its linears and r << d, backward FLOPs ~= forward FLOPs
// (+ the adapters' own second GEMM and attention's backward).
// Saved activations: a frozen linear's dX needs W only, not its input, so a frozen linear
// without an adapter keeps no input (unless the next op is a targeted linear sharing that
// input and counting on it: SwiGLU's up after its gate); a targeted one keeps its input for
// A's weight gradient when dropout is 0 (A's input is then x itself); with dropout the dropped
// copy is A's input and x is not needed.
// Memory, communication: frozen weights are stored and (under FSDP/ZeRO-3) sharded and gathered
// as ever; gradients, their reduction (DDP all-reduce, FSDP reduce-scatter) and optimizer state
// cover the trainable parameters only (Model::trainable_params).
// Not covered (refused): adapters on grouped expert GEMMs, LoRA under tensor/pipeline
// parallelism (the megatron strategy).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenario/yaml_doc.hpp"
#include "work/model.hpp"

namespace simtrain::work {

enum class FinetuneMethod { full, lora };

struct FinetuneSpec {
  FinetuneMethod method = FinetuneMethod::full;
  int rank = 16;
  // Op-name suffixes (lora_target_names()), groups already expanded.
  std::vector<std::string> targets;
  double dropout = 0;
  std::optional<Field> field;  // the scenario's `finetune:` block, for errors against the model
};

// The linear layers LoRA may target: the transformer generator's op names after the block
// prefix ("h.3."): attn.qkv, attn.out, mlp.gate, mlp.up, mlp.down; and the groups
// `attention` (attn.qkv + attn.out: NeMo's target_modules ['attention']) and `mlp`.
const std::vector<std::string>& lora_target_names();

// Parses a scenario's `finetune:` block {method, rank, targets, dropout}; unknown keys,
// unknown targets (listing the known ones) and a LoRA without targets are errors.
FinetuneSpec parse_finetune(const Field& f);

// The model as `spec` trains it: `full` returns `base` unchanged; `lora` returns a copy with
// the adapters inserted, every base op frozen and the input-gradient and saved-input rules
// above applied. A target no op of the model matches is an error at the scenario's key.
std::shared_ptr<const Model> apply_finetune(const std::shared_ptr<const Model>& base, const FinetuneSpec& spec);

}  // namespace simtrain::work
