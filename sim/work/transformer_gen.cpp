// The transformer and ViT generators: expand a config into per-block ops.
//
// Per block (h = hidden, s = seq, f = ffn_hidden, kv = kv_heads*head_dim):
//   qkv   gemm  M=s N=h+2kv K=h          2*s*h*(h+2kv) FLOPs
//   attn  two batched GEMMs (Q K^T, P V) 4*s^2*h FLOPs + softmax 5*heads*s^2
//   out   gemm  M=s N=h K=h
//   ffn   gemm  M=s N=f K=h (twice for SwiGLU: gate and up), down M=s N=h K=f
// so a block's forward is 2*(block matmul params)*s + 4*s^2*h (Narayanan et al. 2021, eq. 2
// before the x3 for backward). Saved for backward: each matmul's input, the norms' inputs, the
// activation's input (GELU) or gate and up (SwiGLU as a fused kernel keeps them; eager stacks
// also keep silu(gate), which the software profile adds: software.yaml eager_ops), q/k/v, and
// the softmax probabilities heads*s^2 unless flash_attention (then the row log-sum-exp heads*s
// instead; its output is the out-projection's saved input, counted once there).
//
// dropout: true (minGPT, GPT-2, BERT as trained; Llama has none) adds, per block, a dropout on
// the attention probabilities and one after each of the two residual branches, plus one after
// the embeddings. Each keeps a 1-byte mask, counted as half an activation element (exact for
// 16-bit activations, twice the mask for fp32); the attention dropout also keeps the dropped
// probabilities for P V (eager attention only: FlashAttention regenerates the mask from the
// RNG state). With dropout a block keeps 34*s*h + 5*heads*s^2 bytes at 16 bits, Korthikanti et
// al. 2022 (arXiv:2205.05198) eq. 1 exactly; without it 32*s*h + 2*heads*s^2.
//
// Every op is tagged with its tensor-parallel Split (model.hpp): norms, residuals and dropouts
// `sequence`, QKV / up / gate `column`, out-proj / down `row`, RoPE and attention `heads`, word
// embedding, LM head and loss `vocab`, position embeddings and one-token heads `replicated`.
//
// MoE layer (moe:, model.hpp), per sample, r = s top_k token copies, c the capacity factor (1
// dropless), f_e the expert FFN width, n1 = 2 f_e (SwiGLU) or f_e:
//   router  gemm M=s N=E K=h                 2 s h E FLOPs, E h params
//   score   softmax (5/elem) or sigmoid (4/elem) over s E, + a top-k pass (reads s E, writes
//           the s top_k weights and indices); keeps the s E scores
//   dispatch  reads s h, writes c r h (grouped by expert); keeps the c r row map; a2a c r h
//   shared  dense FFN of shared_ffn_hidden (column/row), as the block's MLP
//   fc1     grouped GEMM, E groups of M = c r / E, N = n1, K = h    2 r h n1 FLOPs, E (h n1 + bias)
//   act     on c r f_e elements (as the dense activation)            FLOPs on r f_e
//   fc2     grouped GEMM, E groups of M = c r / E, N = h, K = f_e    2 r f_e h FLOPs, E (f_e h + bias)
//   combine reads c r h outputs and the r weights, writes s h (2 r h FLOPs); keeps the c r h
//           outputs and r weights (the routing weights' gradient); a2a c r h
// so a token's forward FLOPs are 2 x (active params) + attention, as for a dense model.
#include <cmath>
#include "scenario/limits.hpp"

#include "base/enum_names.hpp"
#include "work/model_build.hpp"

namespace simtrain::work::detail {
namespace {

enum class Head { lm, mlm, classifier };
enum class Ffn { gelu, swiglu, relu };
enum class Positional { learned, rope, alibi };
// As a model file writes them (head, ffn, positional).
constexpr auto kHeadNames = enum_names<Head>({{Head::lm, "lm"}, {Head::mlm, "mlm"}, {Head::classifier, "classifier"}});
constexpr auto kFfnNames = enum_names<Ffn>({{Ffn::gelu, "gelu"}, {Ffn::swiglu, "swiglu"}, {Ffn::relu, "relu"}});
constexpr auto kPositionalNames =
    enum_names<Positional>({{Positional::learned, "learned"}, {Positional::rope, "rope"}, {Positional::alibi, "alibi"}});

struct Moe {
  long long experts = 0, top_k = 0, expert_ffn = 0, shared_ffn = 0, first_dense = 0, every_n = 1;
  double capacity = 0;  // 0: dropless
  bool sigmoid = false;
  bool layer(long long i) const { return experts > 0 && i >= first_dense && i % every_n == 0; }
};

struct Spec {
  long long layers = 0, hidden = 0, heads = 0, kv_heads = 0, seq = 0, vocab = 0, ffn = 0;
  bool encoder = false, rms = false, bias = true;
  Ffn ffn_kind = Ffn::gelu;
  Positional pos = Positional::learned;
  Moe moe;
  long long max_positions = 0, type_vocab = 0;
  bool tied = true, emb_norm = false, pooler = false, flash = false, dropout = false;
  Head head = Head::lm;
  long long classes = 0;
  // ViT front end (image > 0): conv patch embedding + class token + position embeddings.
  long long image = 0, patch = 0, channels = 3;
};

void check_divides(const Field& f, long long value, long long divisor, const std::string& what) {
  if (divisor <= 0 || value % divisor != 0) {
    throw f.error(what + " (" + std::to_string(value) + " is not a multiple of " +
                  std::to_string(divisor) + ")");
  }
}

Op& tag(Op& op, Split s) {
  op.split = s;
  return op;
}

// The FFN of one block or the shared experts: up (+ gate), activation, down; its first GEMM
// keeps the FFN's input when `save_input` (a MoE layer's router then leaves it to the shared experts).
void dense_ffn(OpBuilder& b, const Spec& t, const std::string& p, double s, long long f, bool save_input) {
  const long long h = t.hidden;
  const double sf = s * static_cast<double>(f);
  switch (t.ffn_kind) {
    case Ffn::swiglu:
      tag(b.linear(p + "gate", s, h, f, t.bias, save_input), Split::column);
      tag(b.linear(p + "up", s, h, f, t.bias, false), Split::column);  // same input as the gate
      // A fused SwiGLU keeps its input, gate and up; eager stacks keep silu(gate) too (the
      // software profile's eager_ops swiglu saved, work/software.hpp).
      tag(b.elementwise(p + "act", sf, 5, 2, 2 * sf), Split::column).variant = OpVariant::swiglu;
      break;
    case Ffn::gelu:
      tag(b.linear(p + "up", s, h, f, t.bias, save_input), Split::column);
      tag(b.elementwise(p + "act", sf, 8, 1, sf), Split::column);  // GELU keeps its input
      break;
    case Ffn::relu:
      tag(b.linear(p + "up", s, h, f, t.bias, save_input), Split::column);
      tag(b.elementwise(p + "act", sf, 1, 1, 0), Split::column);  // its output, kept by down
      break;
  }
  tag(b.linear(p + "down", s, f, h, t.bias), Split::row);
}

// A MoE FFN (the header comment): router, score, dispatch, shared experts, the routed experts as
// two grouped GEMMs, combine.
void moe_ffn(OpBuilder& b, const Spec& t, const std::string& p, double s) {
  const Moe& e = t.moe;
  const long long h = t.hidden;
  const double hd = static_cast<double>(h), E = static_cast<double>(e.experts);
  const double fe = static_cast<double>(e.expert_ffn);
  const double c = e.capacity > 0 ? e.capacity : 1.0;
  const double r = s * static_cast<double>(e.top_k);  // token copies routed
  const double rows = c * r;                          // rows the expert GEMMs run
  const bool shared = e.shared_ffn > 0;
  // The router keeps the FFN input unless the shared experts' first GEMM does (one tensor).
  tag(b.linear(p + "moe.router", s, h, e.experts, false, !shared), Split::sequence);
  {
    Op& sc = tag(b.add({p + "moe.router.score", OpKind::elementwise}), Split::sequence);
    const double se = s * E;
    sc.fwd_flops = (e.sigmoid ? 4 : 5) * se;
    sc.fwd_elems_moved = 3 * se + 2 * r;  // logits read, scores written, read again by top-k; weights + indices out
    sc.act_elems_saved = se;
  }
  {
    Op& d = tag(b.add({p + "moe.dispatch", OpKind::elementwise}), Split::sequence);
    d.fwd_elems_moved = s * hd + rows * hd;
    d.act_elems_saved = rows;  // the row map
    d.a2a_elems = rows * hd;
  }
  if (shared) dense_ffn(b, t, p + "moe.shared.", s, e.shared_ffn, true);
  const double n1 = (t.ffn_kind == Ffn::swiglu ? 2 : 1) * fe;
  {
    Op& f1 = tag(b.add({p + "moe.experts.fc1", OpKind::gemm}), Split::expert_column);
    f1.gemm_groups = static_cast<int>(e.experts);
    f1.gemm_m = rows / E;
    f1.gemm_n = n1;
    f1.gemm_k = hd;
    f1.fwd_flops = 2 * r * n1 * hd;
    f1.fwd_elems_moved = rows * (hd + n1);
    f1.params = e.experts * (h * static_cast<long long>(n1) + (t.bias ? static_cast<long long>(n1) : 0));
    f1.act_elems_saved = rows * hd;
  }
  {
    Op& a = tag(b.add({p + "moe.experts.act", OpKind::elementwise}), Split::expert_column);
    const double out = rows * fe;
    switch (t.ffn_kind) {
      case Ffn::swiglu:
        a.fwd_flops = 5 * r * fe;
        a.fwd_elems_moved = 3 * out;
        a.act_elems_saved = 2 * out;  // gate and up (fused; eager adds silu(gate): software.yaml)
        a.variant = OpVariant::swiglu;
        break;
      case Ffn::gelu:
        a.fwd_flops = 8 * r * fe;
        a.fwd_elems_moved = 2 * out;
        a.act_elems_saved = out;
        break;
      case Ffn::relu:
        a.fwd_flops = r * fe;
        a.fwd_elems_moved = 2 * out;
        break;
    }
  }
  {
    Op& f2 = tag(b.add({p + "moe.experts.fc2", OpKind::gemm}), Split::expert_row);
    f2.gemm_groups = static_cast<int>(e.experts);
    f2.gemm_m = rows / E;
    f2.gemm_n = hd;
    f2.gemm_k = fe;
    f2.fwd_flops = 2 * r * fe * hd;
    f2.fwd_elems_moved = rows * (fe + hd);
    f2.params = e.experts * (e.expert_ffn * h + (t.bias ? h : 0));
    f2.act_elems_saved = rows * fe;
  }
  {
    Op& cb = tag(b.add({p + "moe.combine", OpKind::elementwise}), Split::sequence);
    cb.fwd_flops = 2 * r * hd;
    cb.fwd_elems_moved = rows * hd + r + s * hd;
    cb.act_elems_saved = rows * hd + r;
    cb.a2a_elems = rows * hd;
  }
}

void expand(Model& m, const Spec& t) {
  OpBuilder b(m);
  const double s = static_cast<double>(t.seq);
  const long long h = t.hidden;
  const long long head_dim = h / t.heads;
  const long long kv = t.kv_heads * head_dim;
  const int norm_pp = t.rms ? 1 : 2;
  const bool pre_norm = !t.encoder || t.image > 0;  // GPT-2, Llama, ViT: pre-norm; BERT: post-norm
  const double sh = s * static_cast<double>(h);
  const OpVariant norm_variant = t.rms ? OpVariant::rmsnorm : OpVariant::plain;
  auto norm = [&](const std::string& name) -> Op& {
    Op& n = tag(b.norm(name, h, s, norm_pp, false), Split::sequence);
    n.variant = norm_variant;
    return n;
  };
  auto heads_of = [&](Op& op) -> Op& {
    op.heads = t.heads;
    op.kv_heads = t.kv_heads;
    return op;
  };

  // Input end: block 0.
  b.block = 0;
  if (t.image > 0) {
    double patches = 0;
    b.conv("patch_embed", t.channels, h, {t.image, t.image}, t.patch, t.patch, 0, 1, 1, true,
           true, &patches);
    m.ops.back().split = Split::replicated;
    Op& e = tag(b.add({"pos_embed", OpKind::embedding}), Split::replicated);
    e.params = h + t.seq * h;  // class token + position embeddings
    e.fwd_flops = sh;          // the position add
    e.fwd_elems_moved = patches + 2 * sh;
  } else {
    Op& e = tag(b.add({"wte", OpKind::embedding}), Split::vocab);
    e.params = t.vocab * h;
    e.fwd_elems_moved = s + sh;
    e.act_elems_saved = s;  // token ids
    e.gemm_m = s;           // the one-hot product it stands for (shape only)
    e.gemm_n = static_cast<double>(h);
    e.gemm_k = static_cast<double>(t.vocab);
    if (t.pos == Positional::learned) {
      Op& p = tag(b.add({"wpe", OpKind::embedding}), Split::replicated);
      p.params = t.max_positions * h;
      p.fwd_flops = sh;
      p.fwd_elems_moved = 3 * sh;
    }
    if (t.type_vocab > 0) {
      Op& p = tag(b.add({"token_type_embeddings", OpKind::embedding}), Split::replicated);
      p.params = t.type_vocab * h;
      p.fwd_flops = sh;
      p.fwd_elems_moved = 3 * sh + s;
      p.act_elems_saved = s;
    }
    if (t.emb_norm) tag(b.norm("embeddings.norm", h, s, norm_pp, false), Split::sequence);
    if (t.dropout) tag(b.elementwise("drop", sh, 2, 1, 0.5 * sh), Split::sequence);
  }

  const double qkv_n = static_cast<double>(h + 2 * kv);
  for (long long i = 0; i < t.layers; ++i) {
    b.block = static_cast<int>(i + 1);
    const std::string p = "h." + std::to_string(i) + ".";
    if (pre_norm) norm(p + "ln_1");
    heads_of(tag(b.linear(p + "attn.qkv", s, h, h + 2 * kv, t.bias), Split::column));
    if (t.pos == Positional::rope) {
      // Rotary embeddings on q and k: one read and one write of each, 3 FLOPs an element
      // (two multiplies and an add); nothing kept beyond the cached cos/sin tables.
      heads_of(tag(b.elementwise(p + "attn.rope", s * static_cast<double>(h + kv), 3, 1, 0), Split::heads))
          .variant = OpVariant::rope;
    }
    Op& a = heads_of(tag(b.add({p + "attn.core", OpKind::attention}), Split::heads));
    const double probs = static_cast<double>(t.heads) * s * s;
    a.fwd_flops = 4 * s * s * static_cast<double>(h) + 5 * probs;
    a.gemm_m = s * static_cast<double>(t.heads);
    a.gemm_n = s;
    a.gemm_k = static_cast<double>(head_dim);
    a.flash = t.flash;
    a.causal = !t.encoder;  // decoders mask the future; encoders (BERT, ViT) attend both ways
    if (t.flash) {
      a.fwd_elems_moved = s * qkv_n + sh;
      // q, k, v and the softmax statistics (one per head and query); the output O is kept too,
      // but it is the out-projection's input, which that op counts: one tensor, saved once.
      a.act_elems_saved = s * qkv_n + static_cast<double>(t.heads) * s;
    } else {
      // scores written, read and written by softmax, read by P V
      a.fwd_elems_moved = s * qkv_n + sh + 4 * probs;
      a.act_elems_saved = s * qkv_n + probs;
      if (t.dropout) {
        // the mask (1 byte) and the dropped probabilities P V reads; written and read once more
        a.fwd_flops += 2 * probs;
        a.fwd_elems_moved += 2.5 * probs;
        a.act_elems_saved += 1.5 * probs;
      }
    }
    tag(b.linear(p + "attn.out", s, h, h, t.bias), Split::row);
    if (t.dropout) tag(b.elementwise(p + "attn.dropout", sh, 2, 1, 0.5 * sh), Split::sequence);
    tag(b.elementwise(p + "attn.residual", sh, 1, 2, 0), Split::sequence);
    norm(p + (pre_norm ? "ln_2" : "ln_1"));
    const bool moe = t.moe.layer(i);
    if (moe) {
      moe_ffn(b, t, p, s);
    } else {
      dense_ffn(b, t, p + "mlp.", s, t.ffn, true);
    }
    const std::string branch = moe ? "moe." : "mlp.";
    if (t.dropout) tag(b.elementwise(p + branch + "dropout", sh, 2, 1, 0.5 * sh), Split::sequence);
    tag(b.elementwise(p + branch + "residual", sh, 1, 2, 0), Split::sequence);
    if (!pre_norm) norm(p + "ln_2");
  }

  // Output end: the last block index.
  b.block = static_cast<int>(t.layers + 1);
  if (pre_norm) norm("ln_f");
  auto pooler = [&] {
    tag(b.linear("pooler.dense", 1, h, h, true), Split::replicated);
    tag(b.elementwise("pooler.tanh", static_cast<double>(h), 5, 1, static_cast<double>(h)), Split::replicated);
  };
  const double sv = s * static_cast<double>(t.vocab);
  switch (t.head) {
    case Head::lm: {
      Op& o = tag(b.linear("lm_head", s, h, t.vocab, false), Split::vocab);
      if (t.tied) o.params = 0;  // shares wte
      Op& l = tag(b.loss("loss", sv), Split::vocab);
      l.gemm_m = s;
      l.gemm_n = static_cast<double>(t.vocab);
      break;
    }
    case Head::mlm: {
      if (t.pooler) pooler();
      tag(b.linear("cls.predictions.transform.dense", s, h, h, true), Split::sequence);
      tag(b.elementwise("cls.predictions.transform.act", sh, 8, 1, sh), Split::sequence);
      tag(b.norm("cls.predictions.transform.norm", h, s, norm_pp, false), Split::sequence);
      Op& d = tag(b.linear("cls.predictions.decoder", s, h, t.vocab, true), Split::vocab);
      if (t.tied) d.params = t.vocab;  // the weight is wte's; the output bias is its own
      tag(b.linear("cls.seq_relationship", 1, h, 2, true), Split::replicated);
      Op& l = tag(b.loss("loss", sv + 2), Split::vocab);  // NSP's two logits ride along
      l.gemm_m = s;
      l.gemm_n = static_cast<double>(t.vocab);
      break;
    }
    case Head::classifier: {
      if (t.pooler) pooler();
      tag(b.linear("head", 1, h, t.classes, true), Split::replicated);
      tag(b.loss("loss", static_cast<double>(t.classes)), Split::replicated);
      break;
    }
  }
}

// Keys shared by transformer and vit blocks.
void read_core(Spec& t, const Field& f) {
  t.layers = f.at("layers").as_int_in(1, limits::max_layers);
  t.hidden = f.at("hidden").as_int_in(1, limits::max_hidden);
  t.heads = f.at("heads").as_int_in(1, limits::max_heads);
  check_divides(f.at("hidden"), t.hidden, t.heads, "hidden must be a multiple of heads");
  t.ffn = f.at("ffn_hidden").as_int_in(1, limits::max_ffn_hidden);
  t.kv_heads = t.heads;
  if (auto v = f.get("flash_attention")) t.flash = v->as_bool();
}

// moe: {...} (model.hpp). Expert counts and widths are checked here, where the file names them.
void read_moe(Spec& t, const Field& f) {
  f.check_keys({"experts", "top_k", "expert_ffn_hidden", "shared_experts", "shared_ffn_hidden",
                "first_dense_layers", "every_n_layers", "router", "capacity_factor"});
  Moe& e = t.moe;
  e.experts = f.at("experts").as_int_in(1, limits::max_experts);
  e.top_k = f.at("top_k").as_int_in(1, limits::max_experts);
  if (e.top_k > e.experts)
    throw f.at("top_k").error("top_k must be at most experts (" + std::to_string(e.experts) + ")");
  e.expert_ffn = t.ffn;
  if (auto v = f.get("expert_ffn_hidden")) e.expert_ffn = v->as_int_in(1, limits::max_ffn_hidden);
  long long shared = 0;
  if (auto v = f.get("shared_experts")) shared = v->as_int_in(0, limits::max_experts);
  e.shared_ffn = shared * e.expert_ffn;
  if (auto v = f.get("shared_ffn_hidden")) {
    if (shared == 0) throw v->key_error("shared_ffn_hidden is the shared experts' width: needs shared_experts >= 1");
    e.shared_ffn = v->as_int_in(1, limits::max_ffn_hidden);
  }
  if (auto v = f.get("first_dense_layers")) {
    e.first_dense = v->as_int_in(0, limits::max_layers);
    if (e.first_dense >= t.layers)
      throw v->error("first_dense_layers must leave at least one MoE layer (layers: " + std::to_string(t.layers) + ")");
  }
  if (auto v = f.get("every_n_layers")) e.every_n = v->as_int_in(1, limits::max_layers);
  if (auto v = f.get("router")) e.sigmoid = v->as_choice({"softmax", "sigmoid"}) == "sigmoid";
  if (auto v = f.get("capacity_factor")) {
    e.capacity = v->as_number();
    if (!(e.capacity > 0)) throw v->error("expected a capacity factor > 0 (e.g. 1.25); leave it out for dropless");
  }
  bool any = false;
  for (long long i = 0; i < t.layers && !any; ++i) any = e.layer(i);
  if (!any) throw f.error("no layer is MoE: layer i is when i >= first_dense_layers and i % every_n_layers == 0");
}

}  // namespace

void build_transformer(Model& m, const Field& f) {
  f.check_keys({"layers", "hidden", "heads", "seq_len", "vocab", "ffn_hidden", "kind", "ffn", "norm",
                "bias", "positional", "max_positions", "tied_embeddings", "type_vocab",
                "embedding_norm", "pooler", "kv_heads", "head", "classes", "flash_attention", "dropout", "moe"});
  Spec t;
  read_core(t, f);
  t.seq = f.at("seq_len").as_int_in(1, limits::max_seq_len);
  t.vocab = f.at("vocab").as_int_in(1, limits::max_vocab);
  if (auto v = f.get("kind")) t.encoder = v->as_choice({"decoder", "encoder"}) == "encoder";
  if (auto v = f.get("ffn")) t.ffn_kind = v->as_enum(kFfnNames);
  if (auto v = f.get("norm")) t.rms = v->as_choice({"layernorm", "rmsnorm"}) == "rmsnorm";
  if (auto v = f.get("bias")) t.bias = v->as_bool();
  if (auto v = f.get("positional")) t.pos = v->as_enum(kPositionalNames);
  t.max_positions = t.seq;
  if (auto v = f.get("max_positions")) {
    if (t.pos != Positional::learned)
      throw v->key_error("max_positions is the learned table's size; rope and alibi have none");
    t.max_positions = v->as_int_in(1, limits::max_seq_len);
    if (t.max_positions < t.seq)
      throw v->error("max_positions must be at least seq_len (" + std::to_string(t.seq) + ")");
  }
  if (auto v = f.get("tied_embeddings")) t.tied = v->as_bool();
  if (auto v = f.get("type_vocab")) t.type_vocab = v->as_int_in(0, limits::max_vocab);
  if (auto v = f.get("embedding_norm")) t.emb_norm = v->as_bool();
  if (auto v = f.get("dropout")) t.dropout = v->as_bool();
  if (auto v = f.get("kv_heads")) {
    t.kv_heads = v->as_int_in(1, limits::max_heads);
    check_divides(*v, t.heads, t.kv_heads, "heads must be a multiple of kv_heads");
  }
  t.head = t.encoder ? Head::mlm : Head::lm;
  if (auto v = f.get("head")) t.head = v->as_enum(kHeadNames);
  t.pooler = t.head == Head::mlm;
  if (auto v = f.get("pooler")) {
    t.pooler = v->as_bool();
    if (t.pooler && t.head == Head::lm) throw v->error("a pooler needs head: mlm or classifier");
  }
  if (auto v = f.get("classes")) {
    if (t.head != Head::classifier) throw v->key_error("classes is for head: classifier");
    t.classes = v->as_int_in(1, limits::max_classes);
  } else if (t.head == Head::classifier) {
    (void)f.at("classes");  // throws "missing required key"
  }
  if (auto v = f.get("moe")) read_moe(t, *v);
  m.family = "transformer";
  m.seq_len = t.seq;
  expand(m, t);
}

void build_vit(Model& m, const Field& f) {
  f.check_keys({"image", "patch", "channels", "layers", "hidden", "heads", "ffn_hidden", "classes",
                "flash_attention"});
  Spec t;
  read_core(t, f);
  t.encoder = true;
  t.image = f.at("image").as_int_in(1, limits::max_image);
  t.patch = f.at("patch").as_int_in(1, limits::max_image);
  check_divides(f.at("image"), t.image, t.patch, "image must be a multiple of patch");
  if (auto v = f.get("channels")) t.channels = v->as_int_in(1, limits::max_channels);
  t.classes = f.at("classes").as_int_in(1, limits::max_classes);
  t.head = Head::classifier;
  const long long side = t.image / t.patch;
  t.seq = side * side + 1;  // patches + class token
  m.family = "transformer";
  m.seq_len = t.seq;
  m.image_size = t.image;
  expand(m, t);
}

}  // namespace simtrain::work::detail
