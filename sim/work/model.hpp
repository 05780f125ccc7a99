// The workload: a neural network as the list of operators one training sample runs through.
//
// A Model is a flat list of Ops in forward execution order. Each Op carries what the cost
// model (work/cost.hpp) and the strategies (sim/train) need, all PER SAMPLE:
//   fwd_flops        forward FLOPs (a multiply-add counts 2). Backward is about 2x (dX and dW).
//   fwd_elems_moved  activation elements read + written in forward (HBM traffic; weights are
//                    excluded, the cost model adds them once per batch).
//   params           parameters the op owns (exact: the tests pin published counts); trained
//                    unless `frozen` (fine-tuning, work/finetune.hpp).
//   act_elems_saved  activation elements kept for backward, each tensor counted once, by the
//                    op that first saves it (a ReLU's output saved by ReLU and by the next conv
//                    is one tensor, counted at the ReLU).
//   gemm_m/n/k       implicit-GEMM shape for efficiency curves: conv is M = output pixels,
//                    N = out channels, K = in channels/groups x kernel^2; a linear is
//                    M = tokens, N = out, K = in, so fwd_flops = 2*M*N*K for both. Attention is
//                    TWO batched GEMMs (Q K^T and P V) of shape M = seq*heads, N = seq,
//                    K = head_dim, so its fwd_flops = 2 * (2*M*N*K) = 4*seq^2*hidden.
//   block            the layer the op belongs to (DDP buckets, FSDP wrap units): 0 is the input
//                    end (embeddings, CNN stem), then one index per transformer/ResNet block,
//                    the last index is the output end (final norm, head, loss).
//   gemm_groups      a grouped GEMM (the routed experts of a MoE layer): gemm_groups GEMMs of
//                    M x N x K each in one kernel, M = the rows ONE expert gets per sample;
//                    params count every group's weights. 1 for everything else.
//   split            how the op splits under tensor / sequence / expert parallelism (Split below;
//                    work/shard.hpp applies it). heads, kv_heads: the attention geometry of the ops
//                    split by heads (QKV, RoPE, attention), 0 elsewhere.
//   a2a_elems        MoE token dispatch and combine: activation elements per sample this op sends
//                    through the expert-parallel all-to-all, one way (tokens x top_k x hidden, x the
//                    capacity factor where buffers are padded); dispatch sends them to the experts,
//                    combine brings the expert outputs back, and backward sends the same amount the
//                    other way. Bytes = a2a_elems x the activation bytes; under EP = e with balanced
//                    routing (e-1)/e of it leaves the rank. 0 for every other op.
//   Embedding and loss ops also carry a shape, never timed as a GEMM: embedding M = tokens,
//   N = dim, K = vocab (the one-hot product it stands for); the LM loss M = tokens, N = vocab.
//
// Split, per rank for tensor-parallel degree t (Megatron-LM, Shoeybi et al. 2019, arXiv:1909.08053;
// sequence parallelism "SP", Korthikanti et al. 2022, arXiv:2205.05198; Megatron-Core MoE):
//   none          not splittable (ResNet and `layers:` ops): a TP strategy refuses the model.
//   replicated    every rank runs the whole op, under SP too: learned position and token-type
//                 embeddings (added before SP scatters the sequence), ViT's patch embedding, poolers
//                 and heads on one token. FLOPs, params, activations unchanged.
//   sequence      token-wise ops outside the split regions: norms, residual adds, the dropouts
//                 after row-parallel layers and the embeddings, the MoE router and its token
//                 permutation. Plain TP: the whole op on every rank (replicated). SP: 1/t of the
//                 tokens -- FLOPs, elements moved and saved /t; params replicated either way.
//   column        ColumnParallelLinear (QKV, MLP up and gate, shared experts' up and gate) and the
//                 element-wise op on its output (the MLP activation): weight and bias /t along the
//                 output features, FLOPs /t, N /t, output /t; the input is read whole (all-gathered
//                 first under SP) and kept whole under TP, its 1/t sequence shard under SP (gathered
//                 again in backward). Element-wise: everything /t. QKV (heads > 0) splits by whole
//                 heads: N_r = d (heads/t + 2 kv_r), d = N / (heads + 2 kv_heads).
//   row           RowParallelLinear (attention out-proj, MLP down): weight /t along the input
//                 features (K /t), bias whole (added once after the reduction), FLOPs /t, input and
//                 its saved copy /t, output whole (partial sums: all-reduced, or reduce-scattered
//                 under SP).
//   heads         attention core and RoPE: heads/t query heads and kv_r key/value heads,
//                 kv_r = kv_heads/t, or 1 when t > kv_heads (Megatron replicates a KV head over
//                 t/kv_heads ranks): query parts /t, key/value parts x kv_r/kv_heads.
//   vocab         VocabParallelEmbedding, the LM head (column-parallel over the vocabulary, its
//                 logits never gathered) and vocab-parallel cross-entropy: V_r = ceil(V/t) rows
//                 per rank (Megatron pads V; give the padded vocab where the run padded it):
//                 params, logits and the head's N scale by V_r/V; the lookup writes its whole
//                 output (zeros outside its rows, then all-reduced).
//   expert_column a routed expert's fc1 (up, or gate and up fused, a grouped GEMM) and its
//                 activation: within each expert as `column` (Megatron-Core's expert tensor
//                 parallelism, ETP = TP by default, needs SP); across ranks the experts split under
//                 EP (gemm_groups / ep experts per rank, each getting ep x the rows).
//   expert_row    a routed expert's fc2 (down): within each expert as `row`; experts split by EP.
//   So a GPT block (LayerNorm, biases) holds 12h^2/t + 7h/t + 6h parameters per rank (row biases
//   and LayerNorms replicated) and, with dropout at 16 bits, keeps s h (10 + 24/t + 5 a s/(h t))
//   bytes per sample, s h (34/t + 5 a s/(h t)) under SP (Korthikanti et al. 2022, eqs. 2 and 4).
//
// Model files (models/*.yaml). Top-level keys:
//   name: display name              source: paper / config the numbers come from
//   generator: transformer | vit | resnet | layers   (default: layers when `layers:` is given)
//   transformer: {...} | vit: {...} | resnet: {...} | layers: [...]   (the generator's block)
//   family: cnn | transformer        (layers only; generators know theirs)
//   seq_len / image_size             (layers only, informational: tokens or pixels per side)
// Unknown keys are errors everywhere; every error is file:line:col with the key.
//
// generator: transformer -- GPT-2/BERT/Llama-style stacks. Keys (default in brackets):
//   layers, hidden, heads, seq_len, vocab, ffn_hidden   required
//   kind: decoder | encoder [decoder]      ffn: gelu | swiglu | relu [gelu]
//   norm: layernorm | rmsnorm [layernorm]  bias: true|false [true] (linear biases; norms
//                                          keep their own: layernorm 2*h, rmsnorm h)
//   positional: learned | rope | alibi [learned]   max_positions [seq_len] (learned table rows)
//   tied_embeddings [true]                 type_vocab [0] (BERT segment embeddings)
//   embedding_norm [false] (BERT's LayerNorm after the embeddings)
//   kv_heads [heads] (grouped-query attention)
//   head: lm | mlm | classifier [lm for decoder, mlm for encoder]
//       lm:  final norm (decoders are pre-norm) + vocab projection (tied: no params) + loss
//       mlm: BERT pre-training heads: pooler, MLM transform (dense+GELU+LayerNorm), tied
//            decoder with a vocab bias over every token, NSP classifier (2 classes), loss
//       classifier: [final norm if pre-norm] + [pooler] + linear to `classes` + loss
//   pooler [true for mlm, false otherwise]  classes (classifier head)
//   flash_attention [false]: false keeps softmax probabilities heads*seq^2 for backward (eager
//       PyTorch); true keeps only q, k, v and the row log-sum-exp (FlashAttention; its output,
//       kept too, is the out-projection's saved input and counted there).
//   dropout [false]: true adds the attention-probability dropout and the two residual-branch
//       dropouts per block and one after the embeddings (minGPT, GPT-2, BERT as trained),
//       each keeping a 1-byte mask; with it a block keeps exactly Korthikanti et al.'s
//       34*s*h + 5*heads*s^2 bytes at 16 bits (without: 32*s*h + 2*heads*s^2).
//   Post-norm (BERT) for encoders, pre-norm (GPT-2, Llama) for decoders. A decoder's attention
//   is causal (Op::causal); an encoder's and ViT's are not.
//   Ops per block: norm, qkv gemm, attention, out-proj gemm, residual add, norm,
//   ffn up (+ gate for swiglu), activation, ffn down, residual add.
//   positional: alibi (BLOOM, Press et al. 2022): no position parameters, the bias is
//       added inside the score GEMM (Megatron-DeepSpeed's baddbmm), no op of its own.
//   ffn: relu (OPT): 1 FLOP an element, the FFN down keeps its output.
//   moe: {...} (absent: dense) -- mixture-of-experts FFNs (GShard, Lepikhin et al. 2021; Switch;
//       Mixtral; DeepSeek-V3), named as Megatron-Core / Hugging Face configs name them:
//     experts        routed experts E (num_moe_experts, n_routed_experts, num_local_experts) required
//     top_k          experts per token (moe_router_topk, num_experts_per_tok) required
//     expert_ffn_hidden  one routed expert's FFN width (moe_ffn_hidden_size,
//                    moe_intermediate_size) [ffn_hidden]; dense layers keep ffn_hidden
//     shared_experts [0] (n_shared_experts), shared_ffn_hidden [shared_experts x expert_ffn_hidden]
//                    (moe_shared_expert_intermediate_size): one dense FFN every token passes
//     first_dense_layers [0] (first_k_dense_replace), every_n_layers [1] (moe_layer_freq):
//                    layer i (from 0) is MoE when i >= first_dense_layers and i % every_n_layers == 0
//     router: softmax | sigmoid [softmax] (moe_router_score_function; DeepSeek-V3: sigmoid)
//     capacity_factor [absent: dropless, as Megatron-Core's default, Mixtral and DeepSeek-V3 train]:
//                    token dropping with expert buffers PADDED to capacity c x tokens x top_k / E
//                    rows (GShard, Switch; Megatron-Core moe_expert_capacity_factor with
//                    moe_pad_expert_input_to_capacity). Choice: fwd_flops stay the model FLOPs of
//                    top_k experts per token (MFU counts no padding, as causal attention's skipped
//                    half), while the GEMM rows, elements moved, saved and all-to-all carry x c.
//     Ops of a MoE layer (after ln_2): moe.router gemm (M = s, N = E, K = h, no bias, replicated
//     weights), moe.router.score (softmax or sigmoid + top-k over s x E), moe.dispatch (permute:
//     reads s x h, writes the s x top_k copies grouped by expert; keeps the row map), the shared
//     experts as a dense FFN moe.shared.*, moe.experts.fc1 (grouped GEMM: gemm_groups = E,
//     M = s top_k / E rows per expert, N = 2 f_e for SwiGLU's fused gate and up, f_e otherwise,
//     K = h; params E (h N + bias)), moe.experts.act, moe.experts.fc2 (M = s top_k / E, N = h,
//     K = f_e), moe.combine (unpermute: scales each copy by its routing weight and sums back into
//     s x h; keeps the expert outputs and weights for the weight's gradient). Balanced routing
//     (every expert gets s top_k / E rows): the figure Megatron-Bridge benchmarks force.
//
// generator: vit -- ViT (Dosovitskiy et al. 2021; timm/torchvision vit_*): a conv patch
//   embedding, class token, learned position embeddings, pre-norm encoder blocks, final
//   LayerNorm and a linear head on the class token. Keys: image, patch, layers, hidden,
//   heads, ffn_hidden, classes required; channels [3], flash_attention [false].
//
// generator: resnet -- torchvision ResNet v1.5 (stride in the 3x3 conv of a bottleneck):
//   conv (no bias) + BatchNorm (2*C params) + ReLU; a 1x1 conv + BN downsample on the first
//   block of a stage when the shape changes. Keys: blocks: [3,4,6,3] required,
//   bottleneck [true], width [64], image [224], classes [1000], channels [3],
//   dilate: [false, false, false] (replace_stride_with_dilation for stages 2..4),
//   head: classifier | deeplabv3 [classifier]. deeplabv3 is torchvision's
//   deeplabv3_resnet50 head: ASPP (256 channels, rates 12/24/36 as torchvision, plus image
//   pooling) + 3x3 conv + 1x1 classifier, bilinear upsampling to the input and a per-pixel
//   loss over `classes`; aux_classifier [false] adds the FCNHead on the next-to-last stage
//   that training uses (aux_loss=True). Shipped: models/deeplabv3_resnet50.yaml, 512x512.
//
// generator: layers (or just `layers:`) -- an explicit list for small/custom models. Each
//   item has `name`, `kind`, optional `block` [the previous layer's; 0 for the first; never
//   decreasing] and shape keys:
//   conv2d:      in, out, kernel, hw (input height = width) | input: [h, w]; stride [1],
//                padding [kernel/2], dilation [1], groups [1], bias [false], save_input [true]
//   linear:      in, out; tokens [1] (rows per sample), bias [true], save_input [true]
//                (save_input: false where the previous op already keeps that tensor, e.g. a
//                ReLU's output, so it is counted once)
//   norm:        features, positions [1] (elements = features*positions);
//                type: batchnorm | layernorm | groupnorm | rmsnorm [batchnorm]
//                (groupnorm costs as layernorm: 2 params per feature, one read + one write)
//   elementwise: elems; flops_per_elem [1], inputs [1] (tensors read), save: none | input |
//                output [output]
//   attention:   tokens, heads, head_dim; kv_tokens [tokens] (fewer: cross-attention),
//                flash [false], causal [false] (a decoder's mask: FlashAttention skips the
//                masked blocks, cost.hpp; the FLOPs counted stay the full ones). The attn.core op of the transformer generator: Q K^T and P V,
//                fwd_flops = 4*tokens*kv_tokens*heads*head_dim + 5*heads*tokens*kv_tokens
//                (softmax); GEMM M = tokens*heads, N = kv_tokens, K = head_dim. Saves q, k, v
//                and the probabilities (flash: q, k, v, the output and the row log-sum-exp).
//                The q/k/v and output projections are separate `linear` layers.
//   pool:        channels, hw | input, kernel, stride [kernel], padding [0]; global [false]
//   embedding:   vocab, dim, tokens [1]
//   loss:        classes, positions [1]
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/enum_names.hpp"

namespace simtrain {
class Field;
class YamlDoc;
}  // namespace simtrain

namespace simtrain::work {

enum class OpKind { gemm, conv, attention, elementwise, norm, embedding, pool, loss };
inline constexpr auto kOpKindNames = enum_names<OpKind>({{OpKind::gemm, "gemm"},
                                                         {OpKind::conv, "conv"},
                                                         {OpKind::attention, "attention"},
                                                         {OpKind::elementwise, "elementwise"},
                                                         {OpKind::norm, "norm"},
                                                         {OpKind::embedding, "embedding"},
                                                         {OpKind::pool, "pool"},
                                                         {OpKind::loss, "loss"}});
// How an op splits under tensor, sequence and expert parallelism (the header comment above).
enum class Split : std::uint8_t { none, replicated, sequence, column, row, heads, vocab, expert_column, expert_row };
inline constexpr auto kSplitNames = enum_names<Split>({{Split::none, "none"},
                                                       {Split::replicated, "replicated"},
                                                       {Split::sequence, "sequence"},
                                                       {Split::column, "column"},
                                                       {Split::row, "row"},
                                                       {Split::heads, "heads"},
                                                       {Split::vocab, "vocab"},
                                                       {Split::expert_column, "expert_column"},
                                                       {Split::expert_row, "expert_row"}});
const char* split_name(Split s);
inline bool is_expert(Split s) { return s == Split::expert_column || s == Split::expert_row; }
// What an element-wise or norm op computes, where its implementation depends on the software
// stack (work/software.hpp): eager PyTorch runs RMSNorm, SwiGLU and RoPE as several kernels
// (in fp32 for RMSNorm and RoPE), fused stacks as one. `plain` ops are one kernel everywhere.
enum class OpVariant : std::uint8_t { plain, rmsnorm, swiglu, rope };
const char* op_kind_name(OpKind k);

struct Op {
  std::string name;          // e.g. "layer3.2.conv2", "h.11.attn.qkv"
  OpKind kind = OpKind::elementwise;
  double fwd_flops = 0;      // forward FLOPs per sample (a multiply-add = 2 FLOPs)
  double fwd_elems_moved = 0;// activation elements read + written per sample in forward (HBM traffic, weights excluded)
  std::int64_t params = 0;   // trainable parameters owned by this op
  double act_elems_saved = 0;// activation elements per sample kept for backward
  // Implicit-GEMM shape for efficiency curves (gemm, conv, attention): M per sample (rows: tokens,
  // or output pixels for conv), N (output features/channels), K (reduction: in features x kernel).
  double gemm_m = 0, gemm_n = 0, gemm_k = 0;
  bool flash = false;        // attention: a fused FlashAttention kernel (its own efficiency in compute.yaml)
  OpVariant variant = OpVariant::plain;  // element-wise / norm ops whose implementation the software stack sets
  double kernels = 1;        // kernels per forward pass as the software stack runs it (work/software.hpp)
  bool causal = false;       // attention: decoder (causal) mask; fused kernels skip the masked half (cost.hpp).
                             // fwd_flops keeps the full s^2 count (model FLOPs, MFU)
  int block = 0;             // index of the layer/block the op belongs to (transformer block i, ResNet stage block), used for DDP buckets / FSDP wrap units; embeddings and heads get their own block indices at the ends
  int gemm_groups = 1;       // grouped GEMM (routed experts): this many M x N x K GEMMs in one kernel
  Split split = Split::none; // tensor/sequence/expert-parallel layout (work/shard.hpp)
  std::int64_t heads = 0, kv_heads = 0;  // ops split by attention heads: query and key/value heads
  double a2a_elems = 0;      // MoE dispatch/combine: elements per sample through the EP all-to-all, one way
  // Fine-tuning (work/finetune.hpp): `frozen` params get no gradient and no optimizer state
  // (a frozen linear's backward is its input gradient alone); `input_grad` false where no
  // trainable op lies before this one, so nothing needs the gradient of its input (no dX).
  // Full training: never frozen, always input_grad.
  bool frozen = false;
  bool input_grad = true;
  std::int64_t trainable_params() const { return frozen ? 0 : params; }
  bool runs_backward() const { return input_grad || trainable_params() > 0; }
};

struct Model {
  std::string key;           // file stem, e.g. "resnet50"
  std::string name;          // display name, e.g. "ResNet-50"
  std::string source;        // paper / reference for the architecture and parameter count
  std::string family;        // "cnn" or "transformer"
  std::int64_t seq_len = 0;  // tokens per sample (0 for image models)
  std::int64_t image_size = 0; // pixels per side for image models (0 otherwise)
  std::vector<Op> ops;       // in forward execution order

  std::int64_t params() const;
  // Parameters that get a gradient and optimizer state: params() less the frozen ones.
  std::int64_t trainable_params() const;
  // Parameters one token passes through: every op's, the routed experts' counted for the top_k
  // experts a token visits (top_k = fwd_flops / (2 seq_len N K): the FLOPs count top_k exactly).
  // Equal to params() for dense models.
  std::int64_t active_params() const;
  double fwd_flops_per_sample() const;
  // Model FLOPs of one training sample (MFU): 3x forward (forward, dX, dW), as Narayanan et al.
  // 2021 count. Under fine-tuning (work/finetune.hpp) each op counts the backward it runs: a
  // linear 1 forward per GEMM (dX where input_grad, dW where trainable), any other op 2x its
  // forward where it runs a backward (as in the 3x count), none where it does not.
  double train_flops_per_sample() const;
  int blocks() const;        // number of distinct block indices

  // Sums over the ops of one kind (reports: the "compute density" share of GEMM/conv work).
  double fwd_flops_of(OpKind k) const;
  double act_elems_saved_per_sample() const;
};

// Loads a model by path (a .yaml file) or by name from models/ on the data path
// (scenario/data_path.hpp: models/NAME.yaml). Bad files are ScenarioErrors (file:line:col,
// key, what was expected). `where` (optional) is the scenario Field that named the model, so an
// unknown model name errors at that position, listing the models shipped.
std::shared_ptr<const Model> load_model(const std::string& path_or_name, const Field* where = nullptr);

// Builds a model from an already parsed document (tests, inline definitions); `key` names it.
std::shared_ptr<const Model> load_model_doc(const std::shared_ptr<const YamlDoc>& doc,
                                            const std::string& key);

// The model names in models/ on the data path, sorted.
std::vector<std::string> shipped_models();
// A model reference (a path: has a '/' or ends in .yaml/.yml; else a name) as the file to read:
// a path as given, a name as models/NAME.yaml on the data path ("" when none holds it).
bool is_model_path(const std::string& ref);
std::string model_file(const std::string& ref);

}  // namespace simtrain::work
