#include <catch2/catch.hpp>

#include <stdexcept>

#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"
#include "work/shard.hpp"

using namespace simtrain;
using namespace simtrain::work;

namespace {

const Op& op_named(const Model& m, const std::string& name) {
  for (const Op& op : m.ops)
    if (op.name == name) return op;
  FAIL("no op named " << name);
  throw std::logic_error("unreachable");
}

double block_sum(const Model& m, int block, double Op::*field) {
  double x = 0;
  for (const Op& op : m.ops)
    if (op.block == block) x += op.*field;
  return x;
}

std::int64_t block_params(const Model& m, int block) {
  std::int64_t n = 0;
  for (const Op& op : m.ops)
    if (op.block == block) n += op.params;
  return n;
}

std::shared_ptr<const Model> inline_model(const std::string& transformer) {
  return load_model_doc(YamlDoc::parse("name: t\nsource: test\ngenerator: transformer\ntransformer: " + transformer + "\n",
                                       "inline.yaml"),
                        "t");
}

std::string thrown(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  FAIL("expected std::invalid_argument");
  return "";
}

// Collective elements of one block, summed by kind and direction.
struct CollSums {
  double fwd_ar = 0, bwd_ar = 0, fwd_ag = 0, bwd_ag = 0, fwd_rs = 0, bwd_rs = 0;
  int count = 0;
};
CollSums block_collectives(const Model& m, int block, int tp, bool sp) {
  CollSums s;
  for (const Op& op : m.ops) {
    if (op.block != block) continue;
    for (const TpCollective& c : tp_collectives(op, tp, sp)) {
      ++s.count;
      CHECK(c.ranks == tp);
      double* slot = nullptr;
      switch (c.kind) {
        case CollectiveKind::all_reduce: slot = c.backward ? &s.bwd_ar : &s.fwd_ar; break;
        case CollectiveKind::all_gather: slot = c.backward ? &s.bwd_ag : &s.fwd_ag; break;
        case CollectiveKind::reduce_scatter: slot = c.backward ? &s.bwd_rs : &s.fwd_rs; break;
      }
      *slot += c.elems;
    }
  }
  return s;
}

}  // namespace

TEST_CASE("the transformer generator tags every op with its Megatron tensor-parallel split", "[work][shard]") {
  auto gpt = load_model("gpt2_124m");
  CHECK(op_named(*gpt, "wte").split == Split::vocab);
  CHECK(op_named(*gpt, "wpe").split == Split::replicated);
  CHECK(op_named(*gpt, "h.0.ln_1").split == Split::sequence);
  CHECK(op_named(*gpt, "h.0.attn.qkv").split == Split::column);
  CHECK(op_named(*gpt, "h.0.attn.core").split == Split::heads);
  CHECK(op_named(*gpt, "h.0.attn.out").split == Split::row);
  CHECK(op_named(*gpt, "h.0.mlp.up").split == Split::column);
  CHECK(op_named(*gpt, "h.0.mlp.act").split == Split::column);
  CHECK(op_named(*gpt, "h.0.mlp.down").split == Split::row);
  CHECK(op_named(*gpt, "h.0.mlp.residual").split == Split::sequence);
  CHECK(op_named(*gpt, "lm_head").split == Split::vocab);
  CHECK(op_named(*gpt, "loss").split == Split::vocab);
  auto llama = load_model("llama3_8b");
  CHECK(op_named(*llama, "h.0.attn.rope").split == Split::heads);
  CHECK(op_named(*llama, "h.0.mlp.gate").split == Split::column);
  CHECK(op_named(*llama, "h.0.attn.qkv").kv_heads == 8);
  auto vit = load_model("vit_large_16");
  CHECK(op_named(*vit, "patch_embed").split == Split::replicated);
  CHECK(op_named(*vit, "head").split == Split::replicated);
  for (const Op& op : load_model("resnet50")->ops) CHECK(op.split == Split::none);
}

TEST_CASE("a GPT block under tensor parallelism t holds 12h^2/t + 7h/t + 6h parameters per rank", "[work][shard]") {
  // Megatron-LM (Shoeybi et al. 2019): QKV and fc1 column-parallel with their biases, out-proj
  // and fc2 row-parallel with whole biases, both LayerNorms (2h each) on every rank.
  auto m = load_model("gpt3_175b");
  const std::int64_t h = 12288;
  CHECK(block_params(*m, 1) == 12 * h * h + 13 * h);
  for (int t : {1, 2, 4, 8, 16}) {
    INFO("t = " << t);
    const Model r = shard_model_for_tp(*m, t, false);
    CHECK(block_params(r, 1) == 12 * h * h / t + 7 * h / t + 6 * h);
    CHECK(shard_model_for_tp(*m, t, true).ops.size() == m->ops.size());
  }
  SECTION("tp 1 changes nothing, even for a CNN") {
    const Model same = shard_model_for_tp(*load_model("resnet50"), 1, false);
    CHECK(same.params() == load_model("resnet50")->params());
  }
}

TEST_CASE("activations a block keeps per rank match Korthikanti et al. 2022, eqs. 2 and 4", "[work][shard]") {
  // Bytes per sample at 16 bits, with dropout masks (Megatron's dropout 0.1):
  //   TP:      s h (10 + 24/t + 5 a s / (h t))
  //   TP + SP: s h (34/t + 5 a s / (h t))
  for (const char* name : {"gpt_175b", "gpt3_175b"}) {
    auto m = load_model(name);
    const double s = static_cast<double>(m->seq_len), h = 12288, a = 96;
    for (int t : {1, 2, 4, 8}) {
      INFO(name << " t = " << t);
      const Model tp = shard_model_for_tp(*m, t, false);
      const Model sp = shard_model_for_tp(*m, t, true);
      CHECK(2 * block_sum(tp, 3, &Op::act_elems_saved) == Approx(s * h * (10 + 24.0 / t + 5 * a * s / (h * t))).epsilon(1e-12));
      CHECK(2 * block_sum(sp, 3, &Op::act_elems_saved) == Approx(s * h * (34.0 / t + 5 * a * s / (h * t))).epsilon(1e-12));
    }
  }
  SECTION("without dropout the masks go: s h (8 + 24/t + 2 a s / (h t)) and s h (32/t + 2 a s / (h t))") {
    auto m = inline_model("{layers: 2, hidden: 4096, heads: 32, ffn_hidden: 16384, seq_len: 2048, vocab: 51200}");
    const double s = 2048, h = 4096, a = 32, t = 4;
    CHECK(2 * block_sum(shard_model_for_tp(*m, 4, false), 1, &Op::act_elems_saved) ==
          Approx(s * h * (8 + 24 / t + 2 * a * s / (h * t))).epsilon(1e-12));
    CHECK(2 * block_sum(shard_model_for_tp(*m, 4, true), 1, &Op::act_elems_saved) ==
          Approx(s * h * (32 / t + 2 * a * s / (h * t))).epsilon(1e-12));
  }
}

TEST_CASE("per-rank FLOPs of a block are 1/t of the block's, replicated norms and residuals aside", "[work][shard]") {
  auto m = load_model("gpt3_175b");
  const double s = 2048, h = 12288;
  const double all = block_sum(*m, 1, &Op::fwd_flops);
  // LayerNorms 2 x 5 s h, residual adds 2 s h, dropouts 2 x 2 s h stay whole under plain TP.
  const double replicated = (10 + 2 + 4) * s * h;
  for (int t : {2, 8}) {
    CHECK(block_sum(shard_model_for_tp(*m, t, false), 1, &Op::fwd_flops) == Approx((all - replicated) / t + replicated));
    CHECK(block_sum(shard_model_for_tp(*m, t, true), 1, &Op::fwd_flops) == Approx(all / t));
  }
  // The column GEMMs' shapes shrink along N, the row GEMMs' along K.
  const Model r = shard_model_for_tp(*m, 8, false);
  CHECK(op_named(r, "h.0.attn.qkv").gemm_n == 3 * h / 8);
  CHECK(op_named(r, "h.0.attn.qkv").gemm_k == h);
  CHECK(op_named(r, "h.0.mlp.down").gemm_k == 4 * h / 8);
  CHECK(op_named(r, "h.0.mlp.down").gemm_n == h);
  CHECK(op_named(r, "h.0.attn.core").gemm_m == s * 96 / 8);
}

TEST_CASE("TP collectives per block: two all-reduces of s h forward and two backward", "[work][shard]") {
  // Narayanan et al. 2021 Sec. 3 / Shoeybi et al. 2019 Fig. 4: f and g operators, one
  // all-reduce each way in the attention and in the MLP. Under SP (Korthikanti et al. 2022
  // Sec. 4.2.2) each all-reduce becomes a reduce-scatter and an all-gather of the same tensor,
  // and backward gathers the two saved column inputs once more.
  auto m = load_model("gpt3_175b");
  const double s = 2048, h = 12288;
  const CollSums tp = block_collectives(*m, 1, 8, false);
  CHECK(tp.count == 4);
  CHECK(tp.fwd_ar == 2 * s * h);
  CHECK(tp.bwd_ar == 2 * s * h);
  // Bytes each rank sends at 16 bits, ring all-reduce 2 (t-1)/t: 4 x 2 x 7/8 x 2 s h.
  CHECK((tp.fwd_ar + tp.bwd_ar) * 2 * 2 * 7.0 / 8 == Approx(4 * 2 * 7.0 / 8 * 2 * s * h));
  const CollSums sp = block_collectives(*m, 1, 8, true);
  CHECK(sp.fwd_ar + sp.bwd_ar == 0);
  CHECK(sp.fwd_ag == 2 * s * h);
  CHECK(sp.fwd_rs == 2 * s * h);
  CHECK(sp.bwd_rs == 2 * s * h);
  CHECK(sp.bwd_ag == 4 * s * h);  // the row outputs' gradients and the re-gathered saved inputs
  // A ring all-reduce moves 2 (t-1)/t of its tensor, an all-gather or reduce-scatter (t-1)/t:
  // SP moves plain TP's volume plus the two re-gathers of s h.
  CHECK(sp.fwd_ag + sp.fwd_rs + sp.bwd_rs + sp.bwd_ag == 2 * (tp.fwd_ar + tp.bwd_ar) + 2 * s * h);
  SECTION("SwiGLU's up shares the gate's gather and reduction; the ends add the embedding and the loss") {
    auto llama = load_model("llama3_8b");
    CHECK(block_collectives(*llama, 1, 8, false).count == 4);
    CHECK(tp_collectives(op_named(*llama, "h.0.mlp.up"), 8, true).empty());
    const auto wte = tp_collectives(op_named(*llama, "wte"), 8, false);
    REQUIRE(wte.size() == 1);
    CHECK(wte[0].kind == CollectiveKind::all_reduce);
    CHECK(wte[0].elems == 8192.0 * 4096);
    const auto loss = tp_collectives(op_named(*llama, "loss"), 8, false);
    REQUIRE(loss.size() == 3);  // max logit, target logit, sum of exponentials
    CHECK(loss[0].fp32);
    CHECK(loss[0].elems == 8192);
    CHECK(tp_collectives(op_named(*llama, "wte"), 1, false).empty());
  }
}

TEST_CASE("GQA under TP: KV heads split while t <= kv_heads and are replicated past it", "[work][shard]") {
  // Llama-3-70B: 64 query heads, 8 KV heads of 128. At t = 8 each rank has 8 q heads and 1 KV
  // head; at t = 16, 4 q heads and still 1 KV head (Megatron replicates each over 2 ranks).
  auto m = load_model("llama3_70b");
  const Op& qkv = op_named(*m, "h.0.attn.qkv");
  const double s = 8192, d = 128;
  const Op q8 = shard_for_tp(qkv, 8, false);
  CHECK(q8.gemm_n == d * (8 + 2));
  CHECK(q8.params * 8 == qkv.params);
  const Op q16 = shard_for_tp(qkv, 16, false);
  CHECK(q16.gemm_n == d * (4 + 2));
  CHECK(q16.params == 8192 * 768);
  CHECK(q16.params * 16 > qkv.params);  // the replicated K and V
  const Op a16 = shard_for_tp(op_named(*m, "h.0.attn.core"), 16, false);
  CHECK(a16.heads == 4);
  CHECK(a16.kv_heads == 1);
  CHECK(a16.gemm_m == s * 4);
  CHECK(a16.act_elems_saved == s * d * (4 + 2) + 4 * s * s);  // q, k, v and the probabilities (eager)
  CHECK(a16.fwd_flops * 16 == Approx(op_named(*m, "h.0.attn.core").fwd_flops));
  const Op rope16 = shard_for_tp(op_named(*load_model("llama3_8b"), "h.0.attn.rope"), 16, false);
  CHECK(rope16.fwd_elems_moved == 2 * 8192 * 128 * (2 + 1));  // 2 q heads and 1 k head, read and written
  SECTION("a degree that does not divide the heads is refused, naming the op") {
    const std::string why = thrown([&] { shard_model_for_tp(*load_model("llama3_8b"), 3, false); });
    CHECK_THAT(why, Catch::Contains("h.0.attn.qkv") && Catch::Contains("heads"));
  }
}

TEST_CASE("the vocabulary splits in ceil(V/t) rows: embedding, LM head and loss", "[work][shard]") {
  auto gpt = load_model("gpt2_124m");  // 50257 tokens, tied head
  const Model r = shard_model_for_tp(*gpt, 2, false);
  CHECK(op_named(r, "wte").params == 25129 * 768);
  CHECK(op_named(r, "lm_head").params == 0);
  CHECK(op_named(r, "lm_head").gemm_n == 25129);
  CHECK(op_named(r, "loss").act_elems_saved == 1024.0 * 25129);
  auto llama = load_model("llama3_8b");  // 128256 = 8 x 16032, untied
  const Model l = shard_model_for_tp(*llama, 8, false);
  CHECK(op_named(l, "lm_head").params == 16032 * 4096);
  CHECK(op_named(l, "lm_head").fwd_flops * 8 == op_named(*llama, "lm_head").fwd_flops);
  CHECK(op_named(l, "wte").fwd_elems_moved == op_named(*llama, "wte").fwd_elems_moved);  // writes its whole output
}

TEST_CASE("models without a tensor-parallel layout are refused by name", "[work][shard][errors]") {
  const std::string why = thrown([] { shard_model_for_tp(*load_model("resnet50"), 2, false); });
  CHECK_THAT(why, Catch::Contains("ResNet-50") && Catch::Contains("conv1") && Catch::Contains("tensor parallelism"));
  CHECK_THAT(thrown([] { shard_for_tp(Op{"x", OpKind::gemm}, 0, false); }), Catch::Contains(">= 1"));
}

TEST_CASE("MoE layers: router, dispatch, grouped experts and combine, FLOPs count top_k experts", "[work][moe]") {
  auto m = load_model("mixtral_8x7b");
  const double s = 4096, h = 4096, f = 14336, k = 2, E = 8;
  const Op& fc1 = op_named(*m, "h.0.moe.experts.fc1");
  CHECK(fc1.split == Split::expert_column);
  CHECK(fc1.gemm_groups == 8);
  CHECK(fc1.gemm_m == s * k / E);  // tokens x top_k / E rows per expert
  CHECK(fc1.gemm_n == 2 * f);      // gate and up fused
  CHECK(fc1.gemm_k == h);
  CHECK(fc1.params == 8 * 4096 * 2 * 14336);  // every expert's
  CHECK(fc1.fwd_flops == 2 * s * k * h * 2 * f);
  const Op& fc2 = op_named(*m, "h.0.moe.experts.fc2");
  CHECK(fc2.split == Split::expert_row);
  CHECK(fc2.gemm_k == f);
  CHECK(op_named(*m, "h.0.moe.router").gemm_n == E);
  CHECK(op_named(*m, "h.0.moe.router").params == 4096 * 8);
  // The EP all-to-all carries hidden x top_k elements per token each way.
  CHECK(op_named(*m, "h.0.moe.dispatch").a2a_elems == s * k * h);
  CHECK(op_named(*m, "h.0.moe.combine").a2a_elems == s * k * h);
  CHECK(op_named(*m, "h.0.moe.dispatch").fwd_flops == 0);  // memory-bound permutation
  // Forward GEMM FLOPs per token: 2 x (attention, router, top_k experts, LM head weights).
  const double per_layer = 2 * h * h + 2 * h * 1024 + h * E + k * 3 * h * f;
  CHECK(m->fwd_flops_of(OpKind::gemm) / s == Approx(2 * (32 * per_layer + 32000 * h)).epsilon(1e-12));
  CHECK(m->fwd_flops_per_sample() / s ==
        Approx(2.0 * static_cast<double>(m->active_params()) + 4 * 32 * s * h).epsilon(0.02));
  SECTION("DeepSeek-V3-like: 3 dense layers, then shared + 256 routed experts of 2048") {
    auto d = load_model("deepseek_v3_like");
    CHECK(op_named(*d, "h.2.mlp.down").gemm_k == 18432);
    CHECK(op_named(*d, "h.3.moe.shared.down").gemm_k == 2048);
    CHECK(op_named(*d, "h.3.moe.experts.fc1").gemm_m == 4096.0 * 8 / 256);
    CHECK(op_named(*d, "h.3.moe.router").act_elems_saved == 0);      // the shared experts keep the input
    CHECK(op_named(*d, "h.3.moe.shared.gate").act_elems_saved == 4096.0 * 7168);
  }
  SECTION("a capacity factor pads the expert GEMMs and the all-to-all, not the model FLOPs") {
    const std::string base = "{layers: 2, hidden: 1024, heads: 16, ffn_hidden: 4096, seq_len: 1024, vocab: 1000, "
                             "moe: {experts: 8, top_k: 2";
    auto dropless = inline_model(base + "}}");
    auto padded = inline_model(base + ", capacity_factor: 1.25}}");
    const Op& a = op_named(*dropless, "h.0.moe.experts.fc1");
    const Op& b = op_named(*padded, "h.0.moe.experts.fc1");
    CHECK(b.gemm_m == 1.25 * a.gemm_m);
    CHECK(b.fwd_flops == a.fwd_flops);
    CHECK(b.act_elems_saved == 1.25 * a.act_elems_saved);
    CHECK(op_named(*padded, "h.0.moe.dispatch").a2a_elems == 1.25 * 1024 * 2 * 1024);
    CHECK(padded->fwd_flops_per_sample() == dropless->fwd_flops_per_sample());
    CHECK(padded->params() == dropless->params());
  }
  SECTION("every_n_layers and first_dense_layers place the MoE layers as Megatron's moe_layer_freq") {
    auto alt = inline_model("{layers: 4, hidden: 256, heads: 4, ffn_hidden: 1024, seq_len: 128, vocab: 100, "
                            "moe: {experts: 4, top_k: 1, every_n_layers: 2}}");
    CHECK(op_named(*alt, "h.0.moe.router").block == 1);
    CHECK(op_named(*alt, "h.1.mlp.up").block == 2);
    CHECK(op_named(*alt, "h.2.moe.router").block == 3);
  }
}

TEST_CASE("experts split within each expert under TP (needs SP) and across ranks under EP", "[work][moe][shard]") {
  auto m = load_model("mixtral_8x7b");
  const Op& fc1 = op_named(*m, "h.0.moe.experts.fc1");
  const Op& fc2 = op_named(*m, "h.0.moe.experts.fc2");
  SECTION("Megatron-Core refuses MoE with TP but without sequence parallelism") {
    CHECK_THAT(thrown([&] { shard_for_tp(fc1, 2, false); }), Catch::Contains("sequence parallelism"));
  }
  SECTION("ETP = TP: each expert's fc1 column-split, fc2 row-split") {
    const Op a = shard_for_tp(fc1, 2, true), b = shard_for_tp(fc2, 2, true);
    CHECK(a.gemm_n == 14336);
    CHECK(a.gemm_m == fc1.gemm_m);  // every token of the TP group, gathered
    CHECK(a.params * 2 == fc1.params);
    CHECK(b.gemm_k == 7168);
    CHECK(b.params * 2 == fc2.params);
    CHECK(a.fwd_flops * 2 == fc1.fwd_flops);
    const auto c = tp_collectives(fc1, 2, true);
    REQUIRE(c.size() == 2);
    CHECK(c[0].kind == CollectiveKind::all_gather);
    CHECK(c[0].elems == 4096.0 * 2 * 4096);
  }
  SECTION("ETP = 1: whole experts, each TP rank on its sequence shard, no TP collectives") {
    const Op a = shard_for_tp(fc1, 2, true, 1);
    CHECK(a.params == fc1.params);
    CHECK(a.gemm_m * 2 == fc1.gemm_m);
    CHECK(a.fwd_flops * 2 == fc1.fwd_flops);
    CHECK(tp_collectives(fc1, 2, true, 1).empty());
  }
  SECTION("EP 8: one expert per rank, getting every rank's tokens for it; per-sample work unchanged") {
    const Op a = shard_for_ep(fc1, 8);
    CHECK(a.gemm_groups == 1);
    CHECK(a.gemm_m == 8 * fc1.gemm_m);
    CHECK(a.params * 8 == fc1.params);
    CHECK(a.fwd_flops == fc1.fwd_flops);
    CHECK(shard_for_ep(op_named(*m, "h.0.attn.qkv"), 8).params == op_named(*m, "h.0.attn.qkv").params);
    CHECK_THAT(thrown([&] { shard_for_ep(fc1, 3); }), Catch::Contains("experts"));
    // TP 2 x EP 4 over the 16 ranks of an expert group hold every expert weight once.
    const Model r = shard_model_for_ep(shard_model_for_tp(*m, 2, true), 4);
    std::int64_t expert_params = 0, all = 0;
    for (std::size_t i = 0; i < m->ops.size(); ++i)
      if (is_expert(m->ops[i].split)) {
        expert_params += r.ops[i].params;
        all += m->ops[i].params;
      }
    CHECK(expert_params * 2 * 4 == all);
  }
  SECTION("under SP the router and the permutation run on 1/t of the tokens") {
    const Op d = shard_for_tp(op_named(*m, "h.0.moe.dispatch"), 4, true);
    CHECK(d.a2a_elems * 4 == op_named(*m, "h.0.moe.dispatch").a2a_elems);
    CHECK(shard_for_tp(op_named(*m, "h.0.moe.router"), 4, true).gemm_m == 1024);
    CHECK(shard_for_tp(op_named(*m, "h.0.moe.router"), 4, true).params == 4096 * 8);
  }
}

TEST_CASE("grouped expert GEMMs: every group's tiles share the waves of one kernel", "[work][moe][cost]") {
  auto catalog = topo::Catalog::load(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml");
  const std::string cal = default_calibration_path(catalog->path());
  const CostModel h100(catalog->gpus().at("h100_sxm5"), load_calibration(cal, "h100_sxm5"), Precision::bf16);
  // `weights`: parameters, so the weight bytes can be held equal across shapes.
  auto grouped = [](int groups, double m, double n, double k, double weights = 0) {
    Op op{"g", OpKind::gemm};
    op.gemm_groups = groups;
    op.gemm_m = m;
    op.gemm_n = n;
    op.gemm_k = k;
    op.fwd_flops = 2 * groups * m * n * k;
    op.fwd_elems_moved = groups * m * (n + k);
    op.params = static_cast<std::int64_t>(weights > 0 ? weights : groups * n * k);
    return op;
  };
  SECTION("8 experts of 1024 rows (whole tiles) take what one GEMM of 8192 rows with the same weights does") {
    const Op g = grouped(8, 1024, 4096, 4096);
    const Op one = grouped(1, 8192, 4096, 4096, static_cast<double>(g.params));
    CHECK(h100.forward(g, 1) == h100.forward(one, 1));
    // Backward's dX matches too, but dW is 8 weight gradients of K = 1024 against one of K = 8192:
    // 8x the output tiles, each with its prologue and epilogue.
    CHECK(h100.backward(g, 1) > h100.backward(one, 1));
    CHECK(h100.backward(g, 1) < 1.1 * h100.backward(one, 1));
  }
  SECTION("the same rows over more, smaller experts are never faster (tile quantization)") {
    const double w = 8 * 4096.0 * 2048;  // the same weight bytes for every split
    TimePs prev = 0;
    for (int e : {8, 64, 256, 1024}) {
      const TimePs t = h100.forward(grouped(e, 32768.0 / e, 4096, 2048, w), 1);
      CHECK(t >= prev);
      prev = t;
    }
    // 1024 experts of 32 rows: each expert's tiles are at least 64 rows, half padding.
    const Op small = grouped(1024, 32, 4096, 2048, w);
    const double eff = small.fwd_flops / ps_to_seconds(h100.forward(small, 1)) / h100.tensor_peak_flops();
    CHECK(eff < 0.55 * h100.gemm_efficiency(32768, 4096, 2048));
  }
  SECTION("a MoE layer's expert GEMMs of DeepSeek-V3-like run below its dense FFN's efficiency") {
    auto d = load_model("deepseek_v3_like");
    const Op& fc1 = op_named(*d, "h.3.moe.experts.fc1");
    const Op& up = op_named(*d, "h.0.mlp.up");
    auto eff = [&](const Op& op) { return op.fwd_flops / ps_to_seconds(h100.forward(op, 1)) / h100.tensor_peak_flops(); };
    // One micro-batch of 4096 tokens: without EP a rank reads all 256 experts' weights (15 GB at
    // bf16) for 128 rows each, bound by HBM; EP 64 leaves it 4 experts of 8192 rows.
    const Op ep = shard_for_ep(fc1, 64);
    CHECK(eff(fc1) < 0.5 * eff(ep));
    CHECK(eff(ep) <= eff(up) * 1.05);
  }
}

TEST_CASE("every shipped transformer model splits under TP with SP: about 1/t of the FLOPs and parameters a rank", "[work][shard]") {
  for (const std::string& n : shipped_models()) {
    auto m = load_model(n);
    if (m->family != "transformer") continue;
    INFO(n);
    // t = 2, or 5 for GPT-2 1.5B's 25 heads (Megatron needs t to divide the heads).
    const int t = op_named(*m, "h.0.attn.core").heads % 2 == 0 ? 2 : 5;
    const Model r = shard_model_for_tp(*m, t, true);
    // Replicated: norms, position embeddings, row biases, routers, one-token heads.
    CHECK(static_cast<double>(r.params()) < (1.0 / t + 0.02) * static_cast<double>(m->params()));
    CHECK(static_cast<double>(r.params()) > static_cast<double>(m->params()) / t);
    CHECK(r.fwd_flops_per_sample() == Approx(m->fwd_flops_per_sample() / t).epsilon(0.01));
  }
}
