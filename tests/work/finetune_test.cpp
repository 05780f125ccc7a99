#include <catch2/catch.hpp>

#include <algorithm>

#include "drive/run.hpp"
#include "drive/setup.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "train/ddp.hpp"
#include "train/fsdp.hpp"
#include "work/finetune.hpp"

using namespace simtrain;
using namespace simtrain::work;

namespace {

const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";

// A Llama-style decoder (SwiGLU, RMSNorm, RoPE, no biases, GQA): d = 1024, f = 2816, 4 blocks.
std::shared_ptr<const Model> llama_like() {
  return load_model_doc(YamlDoc::parse("name: tiny llama\nsource: a test shape\ngenerator: transformer\ntransformer: {layers: 4, hidden: 1024, heads: 8, kv_heads: 2, "
                                       "seq_len: 512, vocab: 32000, ffn_hidden: 2816, ffn: swiglu, norm: rmsnorm, "
                                       "bias: false, positional: rope, tied_embeddings: false, flash_attention: true}\n",
                                       "tiny.yaml"),
                        "tiny");
}

FinetuneSpec lora(int rank, std::vector<std::string> targets, double dropout = 0) {
  FinetuneSpec s;
  s.method = FinetuneMethod::lora;
  s.rank = rank;
  s.targets = std::move(targets);
  s.dropout = dropout;
  return s;
}

const std::vector<std::string> kAll = {"attn.qkv", "attn.out", "mlp.gate", "mlp.up", "mlp.down"};

bool is_adapter(const Op& op) { return op.name.find(".lora.") != std::string::npos; }

double static_part(const train::MemoryPlan& mp, const std::string& name) {
  for (const auto& [k, v] : mp.static_parts)
    if (k == name) return v;
  return -1;
}

}  // namespace

TEST_CASE("LoRA adapters: A is K x r, B is r x N beside every targeted linear; the base is frozen", "[finetune]") {
  const auto base = llama_like();
  const auto m = apply_finetune(base, lora(8, kAll));
  // Per block: qkv K=1024 N=1024+2*256=1536, out 1024x1024, gate and up 1024x2816, down 2816x1024.
  const double per_block = 8.0 * ((1024 + 1536) + (1024 + 1024) + 2 * (1024 + 2816) + (2816 + 1024));
  CHECK(static_cast<double>(m->trainable_params()) == 4 * per_block);
  CHECK(m->params() == base->params() + m->trainable_params());
  for (const Op& op : m->ops) CHECK(op.frozen == !is_adapter(op));
  SECTION("method full returns the model untouched (byte-identical goldens)") {
    FinetuneSpec full;
    CHECK(apply_finetune(base, full) == base);
  }
}

TEST_CASE("LoRA on every linear, r << d: a block's backward GEMM FLOPs = its forward GEMM FLOPs + the adapters' "
          "forward (the frozen weights' dW is skipped, dX kept)",
          "[finetune]") {
  const auto m = apply_finetune(llama_like(), lora(8, kAll));
  // Block 2 (a middle block): every op there has a trainable op before it.
  double fwd = 0, bwd = 0, adapters = 0;
  for (const Op& op : m->ops) {
    if (op.block != 2 || op.kind != OpKind::gemm) continue;
    REQUIRE(op.input_grad);
    fwd += op.fwd_flops;
    bwd += op.fwd_flops * ((op.input_grad ? 1 : 0) + (op.trainable_params() > 0 ? 1 : 0));
    if (is_adapter(op)) adapters += op.fwd_flops;
  }
  // The adapters' forward, exactly: 2 s r (K + N) per target, s = 512, r = 8.
  const double s = 512, r = 8;
  CHECK(adapters == 2 * s * r * ((1024 + 1536) + (1024 + 1024) + 2 * (1024 + 2816) + (2816 + 1024)));
  CHECK(bwd == fwd + adapters);
  CHECK(adapters / fwd < 2 * r / 1024);  // r (1/K + 1/N) <= 2 r / d per target: 1.1% here
  // Full training runs two backward GEMMs per linear: 2x.
  double full_bwd = 0;
  for (const Op& op : llama_like()->ops)
    if (op.block == 2 && op.kind == OpKind::gemm) full_bwd += 2 * op.fwd_flops;
  // Half of full training's backward, plus the adapters' two GEMMs.
  CHECK(bwd == Approx(0.5 * full_bwd + 2 * adapters).epsilon(1e-12));
}

TEST_CASE("LoRA: no backward below the first adapter (the embedding, the first norm, the first qkv's dX)", "[finetune]") {
  const auto m = apply_finetune(llama_like(), lora(8, {"attn.qkv"}));
  auto op_named = [&](const std::string& n) -> const Op& {
    return *std::find_if(m->ops.begin(), m->ops.end(), [&](const Op& op) { return op.name == n; });
  };
  CHECK_FALSE(m->ops.front().runs_backward());  // the embedding
  CHECK_FALSE(op_named("h.0.ln_1").runs_backward());
  CHECK_FALSE(op_named("h.0.attn.qkv").runs_backward());  // frozen, its input needs no gradient
  CHECK_FALSE(op_named("h.0.attn.qkv.lora.a").input_grad);
  CHECK(op_named("h.0.attn.qkv.lora.a").runs_backward());  // its own dW
  CHECK(op_named("h.0.attn.qkv.lora.b").input_grad);       // A's dW needs dY B^T
  CHECK(op_named("h.0.attn.core").runs_backward());
  CHECK(op_named("h.1.attn.qkv").input_grad);
}

TEST_CASE("LoRA cost: a frozen linear's backward is its dX GEMM alone, none where nothing below needs a gradient",
          "[finetune]") {
  drive::Built b = drive::build_setup(load_scenario(k7b, {"steps=1"}));
  Op full;
  full.name = "x";
  full.kind = OpKind::gemm;
  full.gemm_m = 4096, full.gemm_n = 4096, full.gemm_k = 4096;
  full.fwd_flops = 2.0 * 4096 * 4096 * 4096;
  full.fwd_elems_moved = 4096.0 * 8192;
  full.params = 4096LL * 4096;
  Op frozen = full;
  frozen.frozen = true;
  Op below = frozen;
  below.input_grad = false;
  const double fwd = static_cast<double>(b.cost->forward(full, 1));
  const double t_full = static_cast<double>(b.cost->backward(full, 1)), t_frozen = static_cast<double>(b.cost->backward(frozen, 1));
  // Square GEMMs: dX (M x K x N) and dW (K x N x M) have the forward's shape, so full backward
  // ~ 2x forward and frozen ~ 1x (the bytes differ by the gradient write).
  CHECK(t_frozen == Approx(fwd).epsilon(0.05));
  CHECK(t_full == Approx(2 * fwd).epsilon(0.05));
  CHECK(b.cost->backward(below, 1) == 0);
}

TEST_CASE("LoRA memory and communication: optimizer state and gradient reduction cover the adapters only",
          "[finetune]") {
  const std::vector<std::string> sets = {"steps=1", "finetune.method=lora", "finetune.targets=[attention]",
                                         "finetune.rank=16"};
  SECTION("FSDP full_shard, AdamW with bf16 mixed precision on 8 GPUs: 12 bytes of state per adapter parameter / 8") {
    drive::Built b = drive::build_setup(load_scenario(k7b, sets));
    // Llama-2-7B: 32 blocks x (qkv 4096 x 16 + 16 x 12288, out 4096 x 16 + 16 x 4096) = 16,777,216.
    const double adapters = 32.0 * (4096 * 16 + 16 * 12288 + 4096 * 16 + 16 * 4096);
    REQUIRE(static_cast<double>(b.model->trainable_params()) == adapters);
    train::FsdpOptions o;
    o.optimizer = Optimizer::adamw;
    o.param_dtype = o.reduce_dtype = Precision::bf16;
    const train::StepGraph sg = train::build_fsdp(*b.model, *b.cost, *b.planner, *b.cluster, b.ranks, o);
    CHECK(static_part(sg.memory, "optimizer_state") == Approx(12.0 * adapters / 8));
    CHECK(static_part(sg.memory, "gradients") == Approx(2.0 * adapters / 8));
    CHECK(static_part(sg.memory, "parameters") == Approx(2.0 * static_cast<double>(b.model->params()) / 8));
    double rs_bytes = 0;
    for (const train::CommRecord& c : sg.comm_calls)
      if (c.call.op == coll::Op::reduce_scatter) rs_bytes += c.call.bytes;
    // bf16 gradient reduction (2 bytes) over the adapters only.
    CHECK(rs_bytes == Approx(2.0 * adapters));
  }
  SECTION("DDP: the buckets' all-reduce carries adapter params x gradient bytes") {
    drive::Built b = drive::build_setup(load_scenario(k7b, [&] {
      auto s = sets;
      s.push_back("strategy=ddp");
      return s;
    }()));
    const double adapters = static_cast<double>(b.model->trainable_params());
    double bytes = 0;
    for (const train::Bucket& k : train::make_buckets(*b.model, 4, 1048576, 25.0 * 1048576)) bytes += k.bytes;
    CHECK(bytes == 4 * adapters);
    train::DdpOptions o;
    o.optimizer = Optimizer::adamw;
    const train::StepGraph sg = train::build_ddp(*b.model, *b.cost, *b.planner, b.ranks, o);
    double ar = 0;
    for (const train::CommRecord& c : sg.comm_calls)
      if (c.call.op == coll::Op::all_reduce) ar += c.call.bytes;
    CHECK(ar == Approx(grad_bytes(b.cost->precision()) * adapters));
    CHECK(static_part(sg.memory, "optimizer_state") == Approx(8.0 * adapters));
  }
}

TEST_CASE("finetune errors: unknown targets list the known ones; lora needs targets; megatron refuses tp > 1", "[finetune]") {
  auto fails_with = [](std::vector<std::string> sets, const std::string& text) {
    sets.push_back("steps=1");
    try {
      drive::run_scenario(load_scenario(k7b, sets), {});
      FAIL("no error");
    } catch (const ScenarioError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(text) != std::string::npos);
    }
  };
  fails_with({"finetune.method=lora", "finetune.targets=[qkv]"}, "expected one of: attention, mlp, attn.qkv");
  fails_with({"finetune.method=lora"}, "needs targets");
  fails_with({"finetune.method=full", "finetune.rank=8"}, "applies to method: lora");
  fails_with({"finetune.method=lora", "finetune.targets=[attention]", "strategy=megatron", "parallel.tp=2"},
             "under megatron is modelled with tp = 1");
  fails_with({"model=gpt2_124m", "finetune.method=lora", "finetune.targets=[mlp.gate]"}, "matches no linear layer");
}
