// The transformer and ViT generators: expand a config into per-block ops.
//
// Per block (h = hidden, s = seq, f = ffn_hidden, kv = kv_heads*head_dim):
//   qkv   gemm  M=s N=h+2kv K=h          2*s*h*(h+2kv) FLOPs
//   attn  two batched GEMMs (Q K^T, P V) 4*s^2*h FLOPs + softmax 5*heads*s^2
//   out   gemm  M=s N=h K=h
//   ffn   gemm  M=s N=f K=h (twice for SwiGLU: gate and up), down M=s N=h K=f
// so a block's forward is 2*(block matmul params)*s + 4*s^2*h (Narayanan et al. 2021, eq. 2
// before the x3 for backward). Saved for backward (eager PyTorch): each matmul's input, the
// norms' inputs, the activation's input (GELU) or gate, up and silu(gate) (SwiGLU), q/k/v, and
// the softmax probabilities heads*s^2 unless flash_attention (then the output and the row
// log-sum-exp heads*s instead).
//
// dropout: true (minGPT, GPT-2, BERT as trained; Llama has none) adds, per block, a dropout on
// the attention probabilities and one after each of the two residual branches, plus one after
// the embeddings. Each keeps a 1-byte mask, counted as half an activation element (exact for
// 16-bit activations, twice the mask for fp32); the attention dropout also keeps the dropped
// probabilities for P V (eager attention only: FlashAttention regenerates the mask from the
// RNG state). With dropout a block keeps 34*s*h + 5*heads*s^2 bytes at 16 bits, Korthikanti et
// al. 2022 (arXiv:2205.05198) eq. 1 exactly; without it 32*s*h + 2*heads*s^2.
#include <cmath>

#include "work/model_build.hpp"

namespace simtrain::work::detail {
namespace {

enum class Head { lm, mlm, classifier };

struct Spec {
  long long layers = 0, hidden = 0, heads = 0, kv_heads = 0, seq = 0, vocab = 0, ffn = 0;
  bool encoder = false, swiglu = false, rms = false, bias = true, learned_pos = true;
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

void expand(Model& m, const Spec& t) {
  OpBuilder b(m);
  const double s = static_cast<double>(t.seq);
  const long long h = t.hidden;
  const long long head_dim = h / t.heads;
  const long long kv = t.kv_heads * head_dim;
  const int norm_pp = t.rms ? 1 : 2;
  const bool pre_norm = !t.encoder || t.image > 0;  // GPT-2, Llama, ViT: pre-norm; BERT: post-norm
  const double sh = s * static_cast<double>(h);

  // Input end: block 0.
  b.block = 0;
  if (t.image > 0) {
    double patches = 0;
    b.conv("patch_embed", t.channels, h, {t.image, t.image}, t.patch, t.patch, 0, 1, 1, true,
           true, &patches);
    Op& e = b.add({"pos_embed", OpKind::embedding});
    e.params = h + t.seq * h;  // class token + position embeddings
    e.fwd_flops = sh;          // the position add
    e.fwd_elems_moved = patches + 2 * sh;
  } else {
    Op& e = b.add({"wte", OpKind::embedding});
    e.params = t.vocab * h;
    e.fwd_elems_moved = s + sh;
    e.act_elems_saved = s;  // token ids
    if (t.learned_pos) {
      Op& p = b.add({"wpe", OpKind::embedding});
      p.params = t.max_positions * h;
      p.fwd_flops = sh;
      p.fwd_elems_moved = 3 * sh;
    }
    if (t.type_vocab > 0) {
      Op& p = b.add({"token_type_embeddings", OpKind::embedding});
      p.params = t.type_vocab * h;
      p.fwd_flops = sh;
      p.fwd_elems_moved = 3 * sh + s;
      p.act_elems_saved = s;
    }
    if (t.emb_norm) b.norm("embeddings.norm", h, s, norm_pp, false);
    if (t.dropout) b.elementwise("drop", sh, 2, 1, 0.5 * sh);
  }

  const double qkv_n = static_cast<double>(h + 2 * kv);
  for (long long i = 0; i < t.layers; ++i) {
    b.block = static_cast<int>(i + 1);
    const std::string p = "h." + std::to_string(i) + ".";
    if (pre_norm) b.norm(p + "ln_1", h, s, norm_pp, false).variant = t.rms ? OpVariant::rmsnorm : OpVariant::plain;
    b.linear(p + "attn.qkv", s, h, h + 2 * kv, t.bias);
    if (!t.learned_pos) {
      // Rotary embeddings on q and k: one read and one write of each, 3 FLOPs an element
      // (two multiplies and an add); nothing kept beyond the cached cos/sin tables.
      b.elementwise(p + "attn.rope", s * static_cast<double>(h + kv), 3, 1, 0).variant = OpVariant::rope;
    }
    Op& a = b.add({p + "attn.core", OpKind::attention});
    const double probs = static_cast<double>(t.heads) * s * s;
    a.fwd_flops = 4 * s * s * static_cast<double>(h) + 5 * probs;
    a.gemm_m = s * static_cast<double>(t.heads);
    a.gemm_n = s;
    a.gemm_k = static_cast<double>(head_dim);
    a.flash = t.flash;
    a.causal = !t.encoder;  // decoders mask the future; encoders (BERT, ViT) attend both ways
    if (t.flash) {
      a.fwd_elems_moved = s * qkv_n + sh;
      a.act_elems_saved = s * qkv_n + sh + static_cast<double>(t.heads) * s;
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
    b.linear(p + "attn.out", s, h, h, t.bias);
    if (t.dropout) b.elementwise(p + "attn.dropout", sh, 2, 1, 0.5 * sh);
    b.elementwise(p + "attn.residual", sh, 1, 2, 0);
    b.norm(p + (pre_norm ? "ln_2" : "ln_1"), h, s, norm_pp, false).variant =
        t.rms ? OpVariant::rmsnorm : OpVariant::plain;
    const double sf = s * static_cast<double>(t.ffn);
    if (t.swiglu) {
      b.linear(p + "mlp.gate", s, h, t.ffn, t.bias);
      b.linear(p + "mlp.up", s, h, t.ffn, t.bias, false);  // same input as the gate
      b.elementwise(p + "mlp.act", sf, 5, 2, 3 * sf).variant = OpVariant::swiglu;  // keeps gate, up, silu(gate)
    } else {
      b.linear(p + "mlp.up", s, h, t.ffn, t.bias);
      b.elementwise(p + "mlp.act", sf, 8, 1, sf);  // GELU keeps its input
    }
    b.linear(p + "mlp.down", s, t.ffn, h, t.bias);
    if (t.dropout) b.elementwise(p + "mlp.dropout", sh, 2, 1, 0.5 * sh);
    b.elementwise(p + "mlp.residual", sh, 1, 2, 0);
    if (!pre_norm) b.norm(p + "ln_2", h, s, norm_pp, false);
  }

  // Output end: the last block index.
  b.block = static_cast<int>(t.layers + 1);
  if (pre_norm) b.norm("ln_f", h, s, norm_pp, false).variant = t.rms ? OpVariant::rmsnorm : OpVariant::plain;
  auto pooler = [&] {
    b.linear("pooler.dense", 1, h, h, true);
    b.elementwise("pooler.tanh", static_cast<double>(h), 5, 1, static_cast<double>(h));
  };
  switch (t.head) {
    case Head::lm: {
      Op& o = b.linear("lm_head", s, h, t.vocab, false);
      if (t.tied) o.params = 0;  // shares wte
      b.loss("loss", s * static_cast<double>(t.vocab));
      break;
    }
    case Head::mlm: {
      if (t.pooler) pooler();
      b.linear("cls.predictions.transform.dense", s, h, h, true);
      b.elementwise("cls.predictions.transform.act", sh, 8, 1, sh);
      b.norm("cls.predictions.transform.norm", h, s, norm_pp, false);
      Op& d = b.linear("cls.predictions.decoder", s, h, t.vocab, true);
      if (t.tied) d.params = t.vocab;  // the weight is wte's; the output bias is its own
      b.linear("cls.seq_relationship", 1, h, 2, true);
      b.loss("loss", s * static_cast<double>(t.vocab) + 2);
      break;
    }
    case Head::classifier: {
      if (t.pooler) pooler();
      b.linear("head", 1, h, t.classes, true);
      b.loss("loss", static_cast<double>(t.classes));
      break;
    }
  }
}

// Keys shared by transformer and vit blocks.
void read_core(Spec& t, const Field& f) {
  t.layers = f.at("layers").as_int_at_least(1);
  t.hidden = f.at("hidden").as_int_at_least(1);
  t.heads = f.at("heads").as_int_at_least(1);
  check_divides(f.at("hidden"), t.hidden, t.heads, "hidden must be a multiple of heads");
  t.ffn = f.at("ffn_hidden").as_int_at_least(1);
  t.kv_heads = t.heads;
  if (auto v = f.get("flash_attention")) t.flash = v->as_bool();
}

}  // namespace

void build_transformer(Model& m, const Field& f) {
  f.check_keys({"layers", "hidden", "heads", "seq_len", "vocab", "ffn_hidden", "kind", "ffn", "norm",
                "bias", "positional", "max_positions", "tied_embeddings", "type_vocab",
                "embedding_norm", "pooler", "kv_heads", "head", "classes", "flash_attention", "dropout"});
  Spec t;
  read_core(t, f);
  t.seq = f.at("seq_len").as_int_at_least(1);
  t.vocab = f.at("vocab").as_int_at_least(1);
  if (auto v = f.get("kind")) t.encoder = v->as_choice({"decoder", "encoder"}) == "encoder";
  if (auto v = f.get("ffn")) t.swiglu = v->as_choice({"gelu", "swiglu"}) == "swiglu";
  if (auto v = f.get("norm")) t.rms = v->as_choice({"layernorm", "rmsnorm"}) == "rmsnorm";
  if (auto v = f.get("bias")) t.bias = v->as_bool();
  if (auto v = f.get("positional")) t.learned_pos = v->as_choice({"learned", "rope"}) == "learned";
  t.max_positions = t.seq;
  if (auto v = f.get("max_positions")) {
    if (!t.learned_pos) throw v->key_error("max_positions is the learned table's size; rope has none");
    t.max_positions = v->as_int_at_least(1);
    if (t.max_positions < t.seq)
      throw v->error("max_positions must be at least seq_len (" + std::to_string(t.seq) + ")");
  }
  if (auto v = f.get("tied_embeddings")) t.tied = v->as_bool();
  if (auto v = f.get("type_vocab")) t.type_vocab = v->as_int_at_least(0);
  if (auto v = f.get("embedding_norm")) t.emb_norm = v->as_bool();
  if (auto v = f.get("dropout")) t.dropout = v->as_bool();
  if (auto v = f.get("kv_heads")) {
    t.kv_heads = v->as_int_at_least(1);
    check_divides(*v, t.heads, t.kv_heads, "heads must be a multiple of kv_heads");
  }
  t.head = t.encoder ? Head::mlm : Head::lm;
  if (auto v = f.get("head")) {
    const std::string h = v->as_choice({"lm", "mlm", "classifier"});
    t.head = h == "lm" ? Head::lm : h == "mlm" ? Head::mlm : Head::classifier;
  }
  t.pooler = t.head == Head::mlm;
  if (auto v = f.get("pooler")) {
    t.pooler = v->as_bool();
    if (t.pooler && t.head == Head::lm) throw v->error("a pooler needs head: mlm or classifier");
  }
  if (auto v = f.get("classes")) {
    if (t.head != Head::classifier) throw v->key_error("classes is for head: classifier");
    t.classes = v->as_int_at_least(1);
  } else if (t.head == Head::classifier) {
    (void)f.at("classes");  // throws "missing required key"
  }
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
  t.image = f.at("image").as_int_at_least(1);
  t.patch = f.at("patch").as_int_at_least(1);
  check_divides(f.at("image"), t.image, t.patch, "image must be a multiple of patch");
  if (auto v = f.get("channels")) t.channels = v->as_int_at_least(1);
  t.classes = f.at("classes").as_int_at_least(1);
  t.head = Head::classifier;
  const long long side = t.image / t.patch;
  t.seq = side * side + 1;  // patches + class token
  m.family = "transformer";
  m.seq_len = t.seq;
  m.image_size = t.image;
  expand(m, t);
}

}  // namespace simtrain::work::detail
