#include <catch2/catch.hpp>

#include <functional>

#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

using namespace simtrain;
using namespace simtrain::work;

namespace {
const std::string kData = SIMTRAIN_TEST_DATA;

ScenarioError model_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}

double flops_of(const Model& m, OpKind k) { return m.fwd_flops_of(k); }

const Op& op_named(const Model& m, const std::string& name) {
  for (const Op& op : m.ops)
    if (op.name == name) return op;
  FAIL("no op named " << name);
  throw std::logic_error("unreachable");
}

// Forward FLOPs per token of a decoder, matmuls only (Kaplan et al. 2020 Table 1 /
// Narayanan et al. 2021 eq. 2 before backward): 2 x (the weights every token multiplies,
// including the LM head) + 4 x layers x seq x hidden for Q K^T and P V.
double matmul_flops_per_token(double layers, double hidden, double seq, double block_weights,
                              double vocab) {
  return 2 * (layers * block_weights + vocab * hidden) + 4 * layers * seq * hidden;
}
}  // namespace

TEST_CASE("CNN parameter counts match torchvision exactly", "[model]") {
  SECTION("ResNet-50: 25,557,032 parameters (torchvision resnet50)") {
    auto m = load_model("resnet50");
    CHECK(m->params() == 25'557'032);
    CHECK(m->family == "cnn");
    CHECK(m->image_size == 224);
    CHECK(m->blocks() == 1 + 16 + 1);  // stem, 16 bottlenecks, head
  }
  SECTION("ResNet-152: 60,192,808 parameters (torchvision resnet152)") {
    CHECK(load_model("resnet152")->params() == 60'192'808);
  }
  SECTION("DeepLabV3-ResNet50 with the aux head: 42,004,074 parameters (torchvision)") {
    CHECK(load_model("deeplabv3_resnet50")->params() == 42'004'074);
  }
  SECTION("the CIFAR-10 tutorial CNN, an explicit layer list: 62,006 parameters") {
    auto m = load_model("cifar10_cnn");
    CHECK(m->params() == 62'006);
    CHECK(m->blocks() == 5);
  }
}

TEST_CASE("the Stable Diffusion v1.5 UNet, an explicit list with attention layers", "[model]") {
  auto m = load_model("sd_unet");
  // diffusers UNet2DConditionModel (runwayml/stable-diffusion-v1-5): 859,520,964 parameters.
  CHECK(static_cast<double>(m->params()) == Approx(859'520'964.0).epsilon(0.005));
  CHECK(m->image_size == 64);  // 64x64x4 latents of 512x512 images
  // One UNet evaluation on one latent: ~0.40 T multiply-adds of conv/linear/attention matmuls;
  // NVIDIA's TensorRT talk counts 1.68e12 FLOPs per step for 2 latents (classifier-free guidance).
  const double matmul = flops_of(*m, OpKind::conv) + flops_of(*m, OpKind::gemm) +
                        flops_of(*m, OpKind::attention);
  CHECK(matmul / 2 == Approx(0.40e12).epsilon(0.05));
  CHECK(m->fwd_flops_per_sample() == Approx(0.84e12).epsilon(0.06));
  // 64x64 self-attention: 4096 tokens, 8 heads of 40; cross-attention to the 77 text tokens.
  const Op& self = op_named(*m, "down_blocks.0.attentions.0.transformer_blocks.0.attn1.core");
  CHECK(self.kind == OpKind::attention);
  CHECK(self.gemm_m == 4096.0 * 8);
  CHECK(self.gemm_n == 4096);
  CHECK(self.gemm_k == 40);
  CHECK(self.fwd_flops == Approx(4.0 * 4096 * 4096 * 320 + 5.0 * 8 * 4096 * 4096));
  // flash: q, k, v and the row log-sum-exp, no 8 x 4096^2 probabilities; its output is kept as
  // to_out's saved input (counted there, once)
  CHECK(self.act_elems_saved == Approx(3.0 * 4096 * 320 + 8.0 * 4096));
  const Op& cross = op_named(*m, "down_blocks.0.attentions.0.transformer_blocks.0.attn2.core");
  CHECK(cross.gemm_n == 77);
  CHECK(cross.fwd_flops == Approx(4.0 * 4096 * 77 * 320 + 5.0 * 8 * 4096 * 77));
  CHECK(m->blocks() == 40);  // input end, 38 resnet/transformer blocks, output end
}

TEST_CASE("an explicit attention layer keeps the probabilities unless flash", "[model]") {
  auto doc = YamlDoc::parse(
      "name: tiny\nsource: test\nfamily: transformer\nlayers:\n"
      "  - {name: a, kind: attention, tokens: 16, heads: 2, head_dim: 4, kv_tokens: 8}\n"
      "  - {name: f, kind: attention, tokens: 16, heads: 2, head_dim: 4, flash: true}\n",
      "tiny.yaml");
  auto m = load_model_doc(doc, "tiny");
  const Op& a = op_named(*m, "a");
  CHECK(a.fwd_flops == Approx(4.0 * 16 * 8 * 8 + 5.0 * 2 * 16 * 8));
  CHECK(a.act_elems_saved == Approx((16.0 + 2 * 8) * 8 + 2.0 * 16 * 8));  // q, k, v, probs
  CHECK(a.params == 0);
  const Op& f = op_named(*m, "f");
  CHECK(f.gemm_n == 16);  // kv_tokens defaults to tokens
  CHECK(f.act_elems_saved == Approx(3.0 * 16 * 8 + 2.0 * 16));  // q, k, v, log-sum-exp (the output: the next op's input)
}

TEST_CASE("ResNet forward FLOPs match torchvision's multiply-add counts", "[model]") {
  SECTION("ResNet-50 at 224x224: 4.09 GMACs of conv+fc, ~8.2 GFLOPs in all (within 5%)") {
    auto m = load_model("resnet50");
    const double matmul = flops_of(*m, OpKind::conv) + flops_of(*m, OpKind::gemm);
    CHECK(matmul / 2 == Approx(4.09e9).epsilon(0.01));
    CHECK(m->fwd_flops_per_sample() == Approx(8.2e9).epsilon(0.05));
  }
  SECTION("ResNet-152 at 224x224: 11.51 GMACs of conv+fc") {
    auto m = load_model("resnet152");
    CHECK((flops_of(*m, OpKind::conv) + flops_of(*m, OpKind::gemm)) / 2 ==
          Approx(11.51e9).epsilon(0.01));
  }
  SECTION("DeepLabV3-ResNet50 at 512x512 is segmentation-sized: hundreds of GFLOPs per image") {
    auto m = load_model("deeplabv3_resnet50");
    // torchvision: 178.72 GMACs at 520x520; convs scale with the pixel count.
    const double macs = flops_of(*m, OpKind::conv) / 2;
    CHECK(macs * (520.0 * 520.0) / (512.0 * 512.0) == Approx(178.72e9).epsilon(0.03));
    CHECK(m->fwd_flops_per_sample() > 300e9);
  }
  SECTION("the first bottleneck of stage 2 strides in its 3x3 conv (v1.5) and downsamples") {
    auto m = load_model("resnet50");
    const Op& c2 = op_named(*m, "layer2.0.conv2");
    CHECK(c2.gemm_m == 28 * 28);
    CHECK(c2.gemm_n == 128);
    CHECK(c2.gemm_k == 128 * 9);
    CHECK(op_named(*m, "layer2.0.conv1").gemm_m == 56 * 56);
    CHECK(op_named(*m, "layer2.0.downsample.0").params == 256 * 512);
  }
}

TEST_CASE("transformer parameter counts match the published configs", "[model]") {
  // Exact: each is the count of the HF/torchvision module named in its models/*.yaml.
  SECTION("BERT-Base with pre-training heads: 110,106,428 exactly (HF BertForPreTraining; paper: 110M)") {
    auto m = load_model("bert_base");
    CHECK(m->params() == 110'106'428);
    CHECK(m->params() == Approx(110e6).epsilon(0.005));
    CHECK(m->blocks() == 12 + 2);
  }
  SECTION("BERT-Large with pre-training heads: 336,226,108 exactly (HF BertForPreTraining; paper: 340M)") {
    CHECK(load_model("bert_large")->params() == 336'226'108);
  }
  SECTION("GPT-2 124M: 124,439,808 exactly (HF gpt2, tied LM head)") {
    auto m = load_model("gpt2_124m");
    CHECK(m->params() == 124'439'808);
    CHECK(m->seq_len == 1024);
  }
  SECTION("GPT-2 1.5B: 1,557,611,200 exactly (HF gpt2-xl)") {
    CHECK(load_model("gpt2_1.5b")->params() == 1'557'611'200);
  }
  SECTION("Llama-2-7B: 6,738,415,616 exactly (HF Llama-2-7b-hf, untied LM head)") {
    auto m = load_model("llama2_7b");
    CHECK(m->params() == 6'738'415'616);
    CHECK(m->blocks() == 32 + 2);
  }
  SECTION("Llama-2-13B: 13,015,864,320 exactly") {
    CHECK(load_model("llama2_13b")->params() == 13'015'864'320);
  }
  SECTION("Llama-2-70B: 68,976,648,192 exactly (HF Llama-2-70b-hf, grouped-query attention)") {
    CHECK(load_model("llama2_70b")->params() == 68'976'648'192);
  }
  SECTION("Llama-2-34B (Code Llama 34B's shape, 32,000 tokens): L (2h^2 + 2h kv + 3hf + 2h) + 2Vh + h") {
    const long long L = 48, h = 8192, kv = 1024, f = 22016, V = 32000;
    CHECK(load_model("llama2_34b")->params() == L * (2 * h * h + 2 * h * kv + 3 * h * f + 2 * h) + 2 * V * h + h);
    CHECK(load_model("llama2_34b")->params() == 33'743'970'304);
    // Llama 3 8B: GQA (8 KV heads), FFN 14336, vocabulary 128,256, untied head (HF config).
    CHECK(load_model("llama3_8b")->params() == 8'030'261'248);
  }
  SECTION("GPT-3 175B: Narayanan et al. 2021's P = 12 l h^2 (1 + 13/(12h) + (V+s)/(12 l h)) + the final LayerNorm; Brown et al.'s 175.0 B") {
    const long long l = 96, h = 12288, s = 2048;
    auto closed = [&](long long V) { return 12 * l * h * h + 13 * l * h + (V + s) * h + 2 * h; };
    CHECK(load_model("gpt3_175b")->params() == closed(51200));  // Megatron's padded vocabulary
    CHECK(load_model("gpt3_175b")->params() == 174'615'846'912);
    CHECK(load_model("gpt_175b")->params() == closed(50257));   // GPT-2's, as minGPT ran it
    CHECK(static_cast<double>(load_model("gpt_175b")->params()) == Approx(175.0e9).epsilon(0.0025));  // Table 2.1 rounds up
  }
  SECTION("Llama-3-70B: 70,553,706,496 exactly (HF Meta-Llama-3-70B); Llama-3.1-405B: 405,853,388,800 (HF Llama-3.1-405B)") {
    auto llama = [](long long L, long long h, long long kv, long long f, long long V) {
      return L * (2 * h * h + 2 * h * kv + 3 * h * f + 2 * h) + 2 * V * h + h;
    };
    CHECK(load_model("llama3_70b")->params() == llama(80, 8192, 1024, 28672, 128256));
    CHECK(load_model("llama3_70b")->params() == 70'553'706'496);
    CHECK(load_model("llama3_405b")->params() == llama(126, 16384, 1024, 53248, 128256));
    CHECK(load_model("llama3_405b")->params() == 405'853'388'800);
  }
  SECTION("BLOOM-176B: 176,247,271,424 exactly (HF bigscience/bloom model card), ALiBi has no position table") {
    auto m = load_model("bloom_176b");
    CHECK(m->params() == 176'247'271'424);
    for (const Op& op : m->ops) CHECK(op.name != "wpe");
  }
  SECTION("Mixtral-8x7B: 46,702,792,704 in all, 12,879,925,248 active (HF; Jiang et al. 2024: 47B / 13B)") {
    auto m = load_model("mixtral_8x7b");
    CHECK(m->params() == 46'702'792'704);
    CHECK(m->active_params() == 12'879'925'248);
    CHECK(static_cast<double>(m->params()) == Approx(46.7e9).epsilon(0.001));
    CHECK(static_cast<double>(m->active_params()) == Approx(12.9e9).epsilon(0.002));
  }
  SECTION("DeepSeek-V3-like: MLA approximated by MHA, 672,149,632,000 against DeepSeek-V3's 671,026,419,200 (HF config, no MTP); active 38.68 B against 37.55 B") {
    auto m = load_model("deepseek_v3_like");
    // DeepSeek-V3 from its HF config, without the MTP module: MLA 187,107,328 a layer
    // (q 7168x1536 + 1536 + 1536x128x192, kv 7168x576 + 512 + 512x128x256, out 16384x7168).
    const long long L = 61, h = 7168, V = 129280, mla = 187'107'328, norms = 2 * h;
    const long long dense = 3 * h * 18432, expert = 3 * h * 2048, router = 256 * h;
    // The router's score-correction bias (256 a MoE layer) is an nn.Parameter in HF's
    // modeling_deepseek.py, a buffer in Megatron-Core, and left out here.
    const long long bias = 58 * 256;
    const long long real = L * (mla + norms) + 3 * dense + 58 * (router + 257 * expert) + 2 * V * h + h + bias;
    const long long real_active = L * (mla + norms) + 3 * dense + 58 * (router + 9 * expert) + 2 * V * h + h + bias;
    CHECK(real == 671'026'419'200);
    CHECK(real_active == 37'552'297'472);
    const long long gap = L * (4 * h * h - mla);
    CHECK(gap == 1'123'227'648);
    CHECK(m->params() == real + gap - bias);
    CHECK(m->params() == 672'149'632'000);
    CHECK(m->active_params() == real_active + gap - bias);
    CHECK(m->active_params() == 38'675'510'272);
    CHECK(static_cast<double>(m->params()) == Approx(671e9).epsilon(0.002));   // "671B total"
    CHECK(static_cast<double>(m->active_params()) == Approx(37e9).epsilon(0.05));  // "37B activated"
  }
  SECTION("OPT-175B and MT-NLG 530B are expressible: ReLU FFN, 2050 learned positions; 105 x 20480") {
    // OPT (Zhang et al. 2022 Table 1; metaseq): ReLU, learned positions with metaseq's offset of 2, vocab 50272, tied.
    auto opt = load_model_doc(YamlDoc::parse(
        "name: OPT-175B\nsource: test\ngenerator: transformer\ntransformer: {layers: 96, hidden: 12288, heads: 96,"
        " ffn_hidden: 49152, seq_len: 2048, max_positions: 2050, vocab: 50272, ffn: relu}\n", "inline.yaml"), "opt");
    const long long h = 12288;
    CHECK(opt->params() == 96 * (12 * h * h + 13 * h) + (50272 + 2050) * h + 2 * h);
    CHECK(static_cast<double>(opt->params()) == Approx(175e9).epsilon(0.003));
    // MT-NLG 530B (Smith et al. 2022: 105 layers, hidden 20480, 128 heads, seq 2048); vocab 51200 as Korthikanti et al.
    auto mt = load_model_doc(YamlDoc::parse(
        "name: MT-NLG\nsource: test\ngenerator: transformer\ntransformer: {layers: 105, hidden: 20480, heads: 128,"
        " ffn_hidden: 81920, seq_len: 2048, vocab: 51200}\n", "inline.yaml"), "mt");
    CHECK(static_cast<double>(mt->params()) == Approx(529.6e9).epsilon(0.0002));  // parallelism.yaml "GPT 529.6B"
  }
  SECTION("The validation's Megatron shapes: GPT 530B is Narayanan et al.'s P; NeMo GPT-3 5B/20B; Nemotron-4 15B/340B") {
    auto gpt = [](long long l, long long h, long long V, long long s) {
      return 12 * l * h * h + 13 * l * h + (V + s) * h + 2 * h;  // + the final LayerNorm
    };
    CHECK(load_model("mtnlg_530b")->params() == gpt(105, 20480, 51200, 2048));
    CHECK(load_model("mtnlg_530b")->params() == 529'600'819'200);
    CHECK(load_model("gpt3_5b")->params() == gpt(24, 4096, 50304, 2048));
    CHECK(load_model("gpt3_20b")->params() == gpt(44, 6144, 50304, 2048));
    // Nemotron-4: GQA with 8 KV heads, an ungated MLP of 4h, no linear biases, LayerNorms (2h),
    // untied embeddings. 15B: 3.15 B embedding + 12.48 B non-embedding (paper: 3.2 + 12.5).
    auto nemotron = [](long long L, long long h, long long kv, long long f, long long V) {
      return L * (2 * h * h + 2 * h * kv + 2 * h * f + 4 * h) + 2 * V * h + 2 * h;
    };
    CHECK(load_model("nemotron4_15b")->params() == nemotron(32, 6144, 8 * 128, 24576, 256000));
    CHECK(load_model("nemotron4_15b")->params() == 15'628'775'424);
    CHECK(load_model("nemotron4_340b")->params() == nemotron(96, 18432, 8 * 192, 73728, 256000));
    CHECK(load_model("nemotron4_340b")->params() == 341'029'195'776);
  }
  SECTION("GPT 1T: 1008 B as the FSDP blog lists it (12 L h^2 + embeddings)") {
    CHECK(static_cast<double>(load_model("gpt_1t")->params()) == Approx(1008e9).epsilon(0.002));
  }
  SECTION("ViT-L/16 with a 1000-class head: 304,326,632 exactly (torchvision vit_l_16)") {
    auto m = load_model("vit_large_16");
    CHECK(m->params() == 304'326'632);
    CHECK(m->seq_len == 197);  // 14x14 patches + class token
    // torchvision: 61.55 GMACs at 224x224
    const double macs =
        (flops_of(*m, OpKind::conv) + flops_of(*m, OpKind::gemm) + 4.0 * 24 * 197 * 197 * 1024) / 2;
    CHECK(macs == Approx(61.55e9).epsilon(0.01));
  }
}

TEST_CASE("decoder forward FLOPs per token are 2 x params plus the attention term", "[model]") {
  // Per token: matmuls = 2*(L*W + V*h) + 4*L*s*h, W the weights of one block
  // (GPT-2: 12 h^2; Llama: 4 h^2 + 3 h f). All ops (norms, softmax, loss) add a few percent,
  // so the total is close to 2*params + 4*L*s*h (Kaplan et al. 2020: C_fwd = 2N + 2 L s d_attn
  // counts only Q K^T; we count P V as well).
  SECTION("GPT-2 124M at 1024 tokens") {
    auto m = load_model("gpt2_124m");
    const double s = 1024, h = 768, L = 12, V = 50257;
    const double mm = flops_of(*m, OpKind::gemm) / s +
                      4 * L * s * h;  // attention matmuls, without the softmax
    CHECK(mm == Approx(matmul_flops_per_token(L, h, s, 12 * h * h, V)).epsilon(1e-12));
    const double total = m->fwd_flops_per_sample() / s;
    CHECK(total == Approx(2.0 * static_cast<double>(m->params()) + 4 * L * s * h).epsilon(0.02));
  }
  SECTION("Llama-2-7B at 4096 tokens") {
    auto m = load_model("llama2_7b");
    const double s = 4096, h = 4096, L = 32, f = 11008, V = 32000;
    const double mm = flops_of(*m, OpKind::gemm) / s + 4 * L * s * h;
    CHECK(mm == Approx(matmul_flops_per_token(L, h, s, 4 * h * h + 3 * h * f, V)).epsilon(1e-12));
    const double total = m->fwd_flops_per_sample() / s;
    CHECK(total == Approx(2.0 * static_cast<double>(m->params()) + 4 * L * s * h).epsilon(0.02));
  }
  SECTION("the attention op carries Q K^T and P V as two GEMMs of M = s*heads, N = s, K = d_head") {
    auto m = load_model("gpt2_124m");
    const Op& a = op_named(*m, "h.0.attn.core");
    CHECK(a.kind == OpKind::attention);
    CHECK(a.gemm_m == 1024 * 12);
    CHECK(a.gemm_n == 1024);
    CHECK(a.gemm_k == 64);
    CHECK(a.fwd_flops == Approx(2 * 2 * a.gemm_m * a.gemm_n * a.gemm_k).epsilon(0.02));
  }
}

TEST_CASE("activations kept for backward follow eager PyTorch, or FlashAttention", "[model]") {
  auto doc = [](bool flash) {
    return YamlDoc::parse(std::string("name: t\nsource: test\ngenerator: transformer\ntransformer:\n"
                                      "  {layers: 1, hidden: 64, heads: 4, ffn_hidden: 256, seq_len: 128,"
                                      " vocab: 100, flash_attention: ") +
                              (flash ? "true" : "false") + "}\n",
                          "inline.yaml");
  };
  auto eager = load_model_doc(doc(false), "t");
  auto flash = load_model_doc(doc(true), "t");
  const double s = 128, h = 64, heads = 4;
  SECTION("eager attention keeps q, k, v and the heads x seq^2 probabilities") {
    CHECK(op_named(*eager, "h.0.attn.core").act_elems_saved == 3 * s * h + heads * s * s);
  }
  SECTION("flash attention keeps q, k, v, the output and one log-sum-exp per row and head") {
    // The output is the out-projection's saved input: one tensor, counted there (autograd saves
    // it once; Korthikanti et al. 2022 count it once, as the projection's input).
    CHECK(op_named(*flash, "h.0.attn.core").act_elems_saved == 3 * s * h + heads * s);
    CHECK(op_named(*flash, "h.0.attn.out").act_elems_saved == s * h);
    // Per layer, flash keeps what eager keeps less the heads x seq^2 probabilities, plus the
    // softmax statistics.
    double eager_layer = 0, flash_layer = 0;
    for (const Op& op : eager->ops) eager_layer += op.block == 1 ? op.act_elems_saved : 0;
    for (const Op& op : flash->ops) flash_layer += op.block == 1 ? op.act_elems_saved : 0;
    CHECK(eager_layer - flash_layer == heads * s * s - heads * s);
  }
  SECTION("the FLOPs do not depend on the attention kernel") {
    CHECK(eager->fwd_flops_per_sample() == flash->fwd_flops_per_sample());
  }
  SECTION("ops are tagged with blocks: embeddings 0, transformer blocks 1..L, head L+1") {
    CHECK(op_named(*eager, "wte").block == 0);
    CHECK(op_named(*eager, "h.0.mlp.down").block == 1);
    CHECK(op_named(*eager, "lm_head").block == 2);
    CHECK(eager->ops.back().kind == OpKind::loss);
  }
}

TEST_CASE("bad model files are rejected with file:line:col", "[model][errors]") {
  SECTION("an unknown key, with a suggestion") {
    ScenarioError e = model_error([] { load_model(kData + "/bad_model_unknown_key.yaml"); });
    CHECK_THAT(e.file(), Catch::EndsWith("bad_model_unknown_key.yaml"));
    CHECK(e.line() == 8);
    CHECK(e.col() == 3);
    CHECK(e.key() == "transformer.ffn_hiden");
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'ffn_hidden'"));
  }
  SECTION("a negative layer count") {
    ScenarioError e = model_error([] { load_model(kData + "/bad_model_negative_layers.yaml"); });
    CHECK(e.line() == 5);
    CHECK(e.col() == 11);
    CHECK(e.key() == "transformer.layers");
    // The message states the whole range (limits.hpp), not just the lower bound.
    CHECK_THAT(e.what(), Catch::Contains("from 1 to 16384, got -3"));
  }
  SECTION("an unknown generator") {
    ScenarioError e = model_error([] { load_model(kData + "/bad_model_generator.yaml"); });
    CHECK(e.line() == 3);
    CHECK(e.col() == 12);
    CHECK(e.key() == "generator");
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'transformer'"));
  }
  SECTION("hidden not a multiple of heads") {
    ScenarioError e = model_error([] { load_model(kData + "/bad_model_heads.yaml"); });
    CHECK(e.line() == 6);
    CHECK(e.key() == "transformer.hidden");
  }
  SECTION("an unknown layer kind in an explicit list") {
    ScenarioError e = model_error([] { load_model(kData + "/bad_model_layer_kind.yaml"); });
    CHECK(e.line() == 6);
    CHECK(e.key() == "layers[1].kind");
    CHECK_THAT(e.what(), Catch::Contains("conv2d"));
  }
  SECTION("an unknown model name errors where the scenario named it, listing the shipped models") {
    auto doc = YamlDoc::parse("workload:\n  model: resnet51\n", "scenario.yaml");
    Field where = root_field(doc).at("workload").at("model");
    ScenarioError e = model_error([&] { load_model(where.as_string(), &where); });
    CHECK(e.file() == "scenario.yaml");
    CHECK(e.line() == 2);
    CHECK(e.col() == 10);
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'resnet50'"));
    CHECK_THAT(e.what(), Catch::Contains("llama2_7b"));
  }
}

TEST_CASE("every shipped model loads and is self-consistent", "[model]") {
  const auto names = shipped_models();
  CHECK(names.size() >= 10);
  for (const std::string& n : names) {
    INFO(n);
    auto m = load_model(n);
    CHECK(m->key == n);
    CHECK(!m->source.empty());
    CHECK(m->params() > 0);
    CHECK(m->fwd_flops_per_sample() > 0);
    CHECK(m->ops.front().block == 0);
    int prev = 0;
    for (const Op& op : m->ops) {
      CHECK(op.fwd_flops >= 0);
      CHECK(op.act_elems_saved >= 0);
      CHECK(op.block >= prev);  // blocks are contiguous in forward order
      prev = op.block;
      if (op.kind == OpKind::gemm || op.kind == OpKind::conv) {
        CHECK(op.fwd_flops == Approx(2 * op.gemm_groups * op.gemm_m * op.gemm_n * op.gemm_k));  // all dropless
      }
      // Transformer ops all have a tensor-parallel layout; CNN and layer-list ops have none.
      if (m->family == "transformer") CHECK(op.split != Split::none);
      if (m->family == "cnn") CHECK(op.split == Split::none);
    }
    CHECK(m->blocks() == prev + 1);
  }
}

TEST_CASE("activations a block keeps match Korthikanti et al. 2022, eq. 1", "[model]") {
  // Bytes per block at 16 bits: 34 s h + 5 a s^2 with dropout (minGPT, as the FSDP blog ran
  // GPT 175B), 32 s h + 2 a s^2 without (no masks). Per sample, so b = 1.
  auto block_bytes = [](const Model& m, int block) {
    double e = 0;
    for (const Op& op : m.ops)
      if (op.block == block) e += op.act_elems_saved;
    return 2 * e;
  };
  const double s = 512, h = 12288, a = 96;
  auto with = load_model("gpt_175b");
  CHECK(block_bytes(*with, 5) == Approx(34 * s * h + 5 * a * s * s).epsilon(1e-12));
  auto doc = YamlDoc::parse(R"(
name: GPT 175B without dropout
source: test
generator: transformer
transformer: {layers: 2, hidden: 12288, heads: 96, ffn_hidden: 49152, seq_len: 512, vocab: 50257}
)", "inline.yaml");
  auto without = load_model_doc(doc, "inline");
  CHECK(block_bytes(*without, 1) == Approx(32 * s * h + 2 * a * s * s).epsilon(1e-12));
}

TEST_CASE("fused FlashAttention kernels take their own efficiency, per GPU", "[model][cost]") {
  // compute.yaml: FlashAttention-2 forward, non-causal, on A100 0.590 of peak at its sustained
  // clock (liangan1/GPU_travel, seq 4096) and on H100 0.374 in a burst (flash-attention #1791),
  // 0.317 at the sustained clock (x 0.848).
  auto catalog = topo::Catalog::load(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml");
  const std::string cal_path = work::default_calibration_path(catalog->path());
  auto attention_time = [&](const std::string& gpu, bool flash) {
    const topo::GpuModel& g = catalog->gpus().at(gpu);
    work::CostModel cost(g, work::load_calibration(cal_path, gpu), work::Precision::amp_bf16);
    Op op{"attn", OpKind::attention};
    op.flash = flash;
    op.fwd_flops = 4.0 * 4096 * 4096 * 4096;  // one Llama-7B layer's attention at seq 4096
    op.gemm_m = 4096.0 * 32;
    op.gemm_n = 4096;
    op.gemm_k = 128;
    return ps_to_seconds(cost.forward(op, 1));
  };
  const double flops = 4.0 * 4096 * 4096 * 4096;
  // Large kernels run close to the curve's max (half_size 0.5 GFLOP against 275 GFLOP here).
  CHECK(flops / attention_time("h100_sxm5", true) / 989e12 == Approx(0.374 * 0.848).epsilon(0.01));
  CHECK(flops / attention_time("a100_sxm4_80gb", true) / 312e12 == Approx(0.590).epsilon(0.01));
  CHECK(attention_time("h100_sxm5", false) < attention_time("h100_sxm5", true));  // eager keeps 0.60 there
}

// --- The compute cost model by shape (work/cost.hpp): tiles, waves, contention, precision. ---
namespace {

struct CostFixture {
  std::shared_ptr<const topo::Catalog> catalog =
      topo::Catalog::load(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml");
  std::string cal_path = work::default_calibration_path(catalog->path());
  work::CostModel model(const std::string& gpu, Precision p, KernelChoices k = {}) const {
    return work::CostModel(catalog->gpus().at(gpu), work::load_calibration(cal_path, gpu), p, k);
  }
};

// fwd + bwd of every op at a batch, seconds.
double step_compute_s(const CostModel& cost, const Model& m, double batch) {
  double t = 0;
  for (const Op& op : m.ops) t += ps_to_seconds(cost.forward(op, batch) + cost.backward(op, batch));
  return t;
}

std::shared_ptr<const Model> decoder(long long seq, bool flash) {
  const std::string text = "name: d\nsource: test\ngenerator: transformer\ntransformer: {kind: decoder, layers: 2, "
                           "hidden: 4096, heads: 32, ffn_hidden: 11008, seq_len: " + std::to_string(seq) +
                           ", vocab: 32000, ffn: swiglu, norm: rmsnorm, bias: false, positional: rope, "
                           "flash_attention: " + (flash ? "true" : "false") + "}\n";
  return load_model_doc(YamlDoc::parse(text, "inline.yaml"), "inline");
}

}  // namespace

TEST_CASE("GEMMs reach the measured MAMF at its shape and never much above it", "[work][cost]") {
  // gemm-mamf-bf16-fp8: the best torch.matmul efficiency over a shape sweep, and its shape.
  CostFixture f;
  struct Row {
    const char* gpu;
    Precision p;
    double mamf, m, n, k;
  };
  const Row rows[] = {{"a100_sxm4_80gb", Precision::amp_bf16, 0.869, 1024, 10240, 5120},
                      {"a100_pcie_80gb", Precision::amp_bf16, 0.811, 2048, 5120, 6144},
                      {"h100_sxm5", Precision::amp_bf16, 0.803, 2048, 2048, 13312},
                      {"h100_sxm5", Precision::fp8, 0.709, 1024, 9216, 14336},
                      {"h200_sxm", Precision::fp8, 0.734, 1280, 4096, 12032}};
  for (const Row& r : rows) {
    const CostModel cost = f.model(r.gpu, r.p);
    INFO(r.gpu << " " << precision_name(r.p));
    CHECK(cost.gemm_efficiency(r.m, r.n, r.k) == Approx(r.mamf).epsilon(0.01));
    // A run sustains the burst MAMF x `sustained` (the power-limited clock; 1 where unmeasured).
    CHECK(cost.gemm_efficiency(r.m, r.n, r.k, true) == Approx(r.mamf * cost.calibration().sustained).epsilon(0.01));
    // The sweep's maximum is the measured one: no shape of a sweep does much better.
    double best = 0;
    for (double m = 256; m <= 16384; m *= 2)
      for (double n = 256; n <= 16384; n *= 2)
        for (double k = 256; k <= 16384; k *= 2) best = std::max(best, cost.gemm_efficiency(m, n, k));
    CHECK(best <= r.mamf * 1.04);
  }
}

TEST_CASE("GEMM efficiency falls for small M, N or K and in a partial last wave", "[work][cost]") {
  CostFixture f;
  const CostModel a100 = f.model("a100_sxm4_80gb", Precision::amp_bf16);
  const double big = a100.gemm_efficiency(8192, 8192, 8192);
  CHECK(big > 0.85);
  CHECK(a100.gemm_efficiency(256, 8192, 8192) < 0.9 * big);   // few tile rows
  CHECK(a100.gemm_efficiency(8192, 128, 8192) < 0.9 * big);   // few tile columns
  CHECK(a100.gemm_efficiency(8192, 8192, 256) < 0.9 * big);   // short K loop, memory-bound
  CHECK(a100.gemm_efficiency(8192, 8192, 64) < a100.gemm_efficiency(8192, 8192, 256));
  CHECK(a100.gemm_efficiency(512, 512, 512) < 0.5 * big);
  // Tail effect: one more tile row past a full last wave adds a nearly empty wave, so the
  // efficiency is a sawtooth in M, not monotone.
  const CostModel h100 = f.model("h100_sxm5", Precision::amp_bf16);
  double worst_drop = 1;
  for (double m = 1024; m < 8192; m += 64)
    worst_drop = std::min(worst_drop, h100.gemm_efficiency(m + 64, 4096, 8192) / h100.gemm_efficiency(m, 4096, 8192));
  CHECK(worst_drop < 0.9);
  // fp32 runs on CUDA cores with the SIMT tile at the fp32 peak.
  const CostModel fp32 = f.model("a100_sxm4_80gb", Precision::fp32);
  CHECK(fp32.gemm_efficiency(8192, 8192, 8192) == Approx(big).epsilon(0.05));
  CHECK(ps_to_seconds(fp32.gemm_time(8192, 8192, 8192)) > 10 * ps_to_seconds(a100.gemm_time(8192, 8192, 8192)));
}

TEST_CASE("GEMMs under NCCL's SMs run more waves: never faster, the 132-tile H100 GEMM doubles", "[work][cost]") {
  CostFixture f;
  const CostModel h100 = f.model("h100_sxm5", Precision::amp_bf16);
  // 1536 x 2816 = 12 x 11 tiles of 128x256 = 132: one wave on 132 SMs, two when an all-gather
  // holds 24 (NVIDIA developer forum: "Compute-Communication Overlap Causes Severe GEMM
  // Performance Degradation because of Tail Effect").
  const double alone = ps_to_seconds(h100.gemm_time(1536, 2816, 8192));
  const double shared = ps_to_seconds(h100.gemm_time(1536, 2816, 8192, {24, 0}));
  CHECK(shared / alone == Approx(2.0).epsilon(0.03));
  for (const char* gpu : {"a100_sxm4_80gb", "h100_sxm5", "rtx_4090", "v100_sxm2_32gb"}) {
    const CostModel cost = f.model(gpu, Precision::amp_fp16);
    for (double m : {128.0, 1000.0, 4096.0, 30000.0})
      for (double n : {64.0, 768.0, 4096.0})
        for (double k : {64.0, 1024.0, 8192.0})
          for (int held : {0, 1, 8, 24, 40}) {
            INFO(gpu << " " << m << "x" << n << "x" << k << " held " << held);
            CHECK(cost.gemm_time(m, n, k, {held, 0}) >= cost.gemm_time(m, n, k));
            CHECK(cost.gemm_time(m, n, k, {held, 500e9}) >= cost.gemm_time(m, n, k, {held, 0}));
          }
  }
  // Memory-bound kernels get the HBM bandwidth left.
  Op norm{"ln", OpKind::norm};
  norm.fwd_flops = 5 * 4096.0 * 4096;
  norm.fwd_elems_moved = 2 * 4096.0 * 4096;
  const double free_bw = ps_to_seconds(h100.forward(norm, 8)), half_bw = ps_to_seconds(h100.forward(norm, 8, {0, 0.4 * 3350e9}));
  CHECK(half_bw > 1.5 * free_bw);
}

TEST_CASE("fp8 runs only the linear layers in fp8: faster than bf16, never 2x, less with long sequences", "[work][cost]") {
  CostFixture f;
  const CostModel bf16 = f.model("h100_sxm5", Precision::amp_bf16), fp8 = f.model("h100_sxm5", Precision::fp8);
  auto speedup = [&](long long seq, double batch) {
    auto m = decoder(seq, true);
    return step_compute_s(bf16, *m, batch) / step_compute_s(fp8, *m, batch);
  };
  const double s2k = speedup(2048, 4), s32k = speedup(32768, 1);
  CHECK(s2k > 1.15);
  CHECK(s2k < 2.0);
  CHECK(s32k < s2k);  // attention (bf16) dominates long sequences
  CHECK(s32k > 1.0);
  // Activations stay bf16 for memory.
  CHECK(activation_bytes(Precision::fp8) == 2);
}

// The microscaling recipes (cost.hpp, docs/model/precision.md). On a B200 a Llama-3-8B-shaped
// step (seq 8192, TE's cuDNN attention) in nvfp4 runs its linear GEMMs at twice mxfp8's peak (9
// against 4.5 PFLOP/s), but attention stays bf16, NVFP4's quantization is heavier (an amax pass
// for the per-tensor scale) and its weights are quantized in every forward: faster, never 2x
// (Megatron-Bridge's Llama-3-70B on GB200 reads 4,458 against 3,613 tokens/s/GPU, 1.23x).
TEST_CASE("nvfp4 beats mxfp8 on Blackwell but never doubles it; mxfp8 keeps fp8's pace", "[work][cost][precision]") {
  CostFixture f;
  const KernelChoices te{AttentionKernel::cudnn, ConvLayout::nhwc};
  const CostModel bf16 = f.model("b200_sxm", Precision::amp_bf16, te), fp8 = f.model("b200_sxm", Precision::fp8, te);
  const CostModel mx = f.model("b200_sxm", Precision::mxfp8, te), nv = f.model("b200_sxm", Precision::nvfp4, te);
  auto m = decoder(8192, true);
  const double t_bf16 = step_compute_s(bf16, *m, 2), t_fp8 = step_compute_s(fp8, *m, 2);
  const double t_mx = step_compute_s(mx, *m, 2), t_nv = step_compute_s(nv, *m, 2);
  CHECK(t_nv < t_mx);
  CHECK(t_mx / t_nv < 2.0);
  CHECK(t_mx / t_nv > 1.1);
  // MXFP8 runs at the fp8 rate with the fp8 anchor; its weights need no per-forward cast, and its
  // operands carry 1/32 more bytes of scales: within a few percent of per-tensor fp8.
  CHECK(t_mx == Approx(t_fp8).epsilon(0.05));
  CHECK(t_bf16 / t_mx > 1.1);
  // One large linear GEMM alone (compute-bound, 16K tokens x 4096 x 14336): nvfp4's doubled peak
  // less its heavier quantization (5.1 B of HBM traffic per quantized element against 4.06 B).
  Op fc{"fc", OpKind::gemm};
  fc.gemm_m = 16384, fc.gemm_n = 14336, fc.gemm_k = 4096;
  fc.fwd_flops = 2 * fc.gemm_n * fc.gemm_k * fc.gemm_m;
  fc.params = static_cast<std::int64_t>(fc.gemm_n * fc.gemm_k);
  fc.fwd_elems_moved = fc.gemm_m * (fc.gemm_k + fc.gemm_n);
  const double g_mx = ps_to_seconds(mx.forward(fc, 1) + mx.backward(fc, 1));
  const double g_nv = ps_to_seconds(nv.forward(fc, 1) + nv.backward(fc, 1));
  CHECK(g_mx / g_nv > 1.3);
  CHECK(g_mx / g_nv < 2.0);
  // The GEMM's own rate: the fp4 peak, at the fp8 anchor's share of it (no fp4 measurement).
  CHECK(nv.tensor_peak_flops() == Approx(2 * mx.tensor_peak_flops()));
}

TEST_CASE("mxfp8 and nvfp4 need block-scaled tensor cores: refused before Blackwell and on AMD", "[work][cost][precision]") {
  CostFixture f;
  for (const char* gpu : {"h100_sxm5", "h200_sxm", "a100_sxm4_80gb", "mi300x", "mi325x"})
    for (Precision p : {Precision::mxfp8, Precision::nvfp4}) {
      INFO(gpu << " " << precision_name(p));
      CHECK_THROWS_WITH(f.model(gpu, p), Catch::Contains("needs block-scaled tensor cores") && Catch::Contains("sm_100"));
    }
  // Per-tensor fp8 stays where the card has an fp8 rate (Hopper, CDNA3).
  CHECK_NOTHROW(f.model("h100_sxm5", Precision::fp8));
  CHECK_NOTHROW(f.model("mi300x", Precision::fp8));
  // Every Blackwell part in the catalog takes both (sm_100, sm_103, sm_120).
  for (const char* gpu : {"b200_sxm", "gb200_b200", "b300_sxm", "rtx_5090", "rtx_pro_6000"}) {
    INFO(gpu);
    CHECK_NOTHROW(f.model(gpu, Precision::nvfp4));
    CHECK_NOTHROW(f.model(gpu, Precision::mxfp8));
  }
}

// cuDNN's fused attention on Blackwell (compute.yaml cudnn_attention, cudnn-frontend's SDPA
// benchmark: B200 causal forward 1197 TFLOPS at 8K against FA2's 400) where it is measured;
// a GPU without the measurement (H100) runs FA2 for it, as FA3 off Hopper does.
TEST_CASE("TE's cuDNN attention on Blackwell runs at its measured share, FA2 where not measured", "[work][cost][precision]") {
  CostFixture f;
  Op op{"attn", OpKind::attention};
  op.flash = op.causal = true;
  op.fwd_flops = 4.0 * 8192 * 8192 * 128 * 32;  // 32 heads of 128 at 8K tokens
  op.gemm_m = 8192.0 * 32, op.gemm_n = 8192, op.gemm_k = 128;
  const CostModel fa2 = f.model("b200_sxm", Precision::amp_bf16);
  const CostModel cudnn = f.model("b200_sxm", Precision::amp_bf16, {AttentionKernel::cudnn, ConvLayout::nhwc});
  const double speedup = ps_to_seconds(fa2.forward(op, 1)) / ps_to_seconds(cudnn.forward(op, 1));
  CHECK(speedup == Approx(0.532 / 0.178).epsilon(0.02));  // B200 at 8K: cuDNN 0.532 of peak, FA2 causal 0.178
  const CostModel h_fa2 = f.model("h100_sxm5", Precision::amp_bf16);
  const CostModel h_cudnn = f.model("h100_sxm5", Precision::amp_bf16, {AttentionKernel::cudnn, ConvLayout::nhwc});
  CHECK(h_fa2.forward(op, 1) == h_cudnn.forward(op, 1));
}

TEST_CASE("causal flash attention executes about half the s^2 work, FA3 on Hopper only", "[work][cost]") {
  CostFixture f;
  Op op{"attn", OpKind::attention};
  op.flash = true;
  op.fwd_flops = 4.0 * 4096 * 4096 * 4096;
  op.gemm_m = 4096.0 * 32;
  op.gemm_n = 4096;
  op.gemm_k = 128;
  Op causal = op;
  causal.causal = true;
  const CostModel h100 = f.model("h100_sxm5", Precision::amp_bf16);
  // 32 key blocks of 128: (32 + 1) / 64 of the work, at the causal kernel's lower share of peak
  // (H100 FA2 forward: 0.287 causal against 0.374).
  CHECK(ps_to_seconds(h100.forward(causal, 1)) / ps_to_seconds(h100.forward(op, 1)) ==
        Approx(33.0 / 64 * 0.374 / 0.287).epsilon(0.01));
  // Model FLOPs stay the full count: the decoder's attention op is causal with 4 s^2 h FLOPs.
  auto m = decoder(4096, true);
  CHECK(op_named(*m, "h.0.attn.core").causal);
  CHECK(op_named(*m, "h.0.attn.core").fwd_flops == Approx(4.0 * 4096 * 4096 * 4096 + 5.0 * 32 * 4096 * 4096));
  const CostModel fa3 = f.model("h100_sxm5", Precision::amp_bf16, {AttentionKernel::fa3, ConvLayout::nchw});
  CHECK(ps_to_seconds(h100.forward(op, 1)) / ps_to_seconds(fa3.forward(op, 1)) == Approx(0.666 / 0.374).epsilon(0.02));
  // No FA3 on Ampere: the choice falls back to FA2.
  const CostModel a100 = f.model("a100_sxm4_80gb", Precision::amp_bf16);
  const CostModel a100_fa3 = f.model("a100_sxm4_80gb", Precision::amp_bf16, {AttentionKernel::fa3, ConvLayout::nchw});
  CHECK(a100.forward(op, 1) == a100_fa3.forward(op, 1));
}

TEST_CASE("convs in NCHW pay cuDNN's transposes on tensor cores, channels-last does not", "[work][cost]") {
  CostFixture f;
  auto rn50 = load_model("resnet50");
  const KernelChoices nhwc{AttentionKernel::fa2, ConvLayout::nhwc};
  const CostModel nchw_amp = f.model("a100_sxm4_80gb", Precision::amp_fp16);
  const CostModel nhwc_amp = f.model("a100_sxm4_80gb", Precision::amp_fp16, nhwc);
  const double ratio = step_compute_s(nchw_amp, *rn50, 256) / step_compute_s(nhwc_amp, *rn50, 256);
  CHECK(ratio > 1.1);  // MosaicML/NVIDIA: channels-last ~30% faster on ResNet-50
  CHECK(ratio < 1.6);
  const CostModel nchw_fp32 = f.model("a100_sxm4_80gb", Precision::fp32);
  const CostModel nhwc_fp32 = f.model("a100_sxm4_80gb", Precision::fp32, nhwc);
  CHECK(step_compute_s(nchw_fp32, *rn50, 64) == step_compute_s(nhwc_fp32, *rn50, 64));
}

TEST_CASE("compute.yaml GEMM anchors: a malformed shape or two forms at once are errors at their line", "[work][cost][errors]") {
  auto parse = [](const std::string& text) {
    ComputeCalibration cal;
    read_compute_block(root_field(YamlDoc::parse(text, "c.yaml")), cal);
    return cal;
  };
  const ComputeCalibration ok = parse("gemm: {max: 0.9, at: 1024x2048x4096}\n");
  CHECK(ok.gemm.at_n == 2048);
  CHECK_FALSE(ok.gemm.size_curve());
  CHECK(parse("gemm_by_precision: {bf16: {max: 0.5, half_size: 2 GFLOP}}\n").gemm_by_precision.at("bf16").size_curve());
  CHECK_THROWS_WITH(parse("\ngemm: {max: 0.9, at: 1024x2048}\n"), Catch::Contains("c.yaml:2") && Catch::Contains("MxNxK"));
  CHECK_THROWS_WITH(parse("gemm: {max: 0.9, at: 8x8x8, half_size: 1 GFLOP}\n"), Catch::Contains("not both"));
  CHECK_THROWS_WITH(parse("conv: {max: 0.7}\n"), Catch::Contains("vs_gemm"));
}

TEST_CASE("FlashAttention's backward runs at a lower share of peak than its forward", "[work][cost]") {
  // compute.yaml: H100 hdim 128, seq 8k (flash-attention PR #1791): FA2 0.374 forward, 0.294
  // backward; FA3 0.666 / 0.560. Backward counts 2.5x the forward's FLOPs, as the benchmark does.
  CostFixture f;
  Op op{"attn", OpKind::attention};
  op.flash = true;
  op.fwd_flops = 4.0 * 8192 * 8192 * 2048;  // batch 2 x 16 heads x 128 at seq 8192, as the benchmark
  op.gemm_m = 8192.0 * 16;
  op.gemm_n = 8192;
  op.gemm_k = 128;
  auto share = [&](const CostModel& cost, bool bwd) {
    const double flops = (bwd ? 2.5 : 1.0) * op.fwd_flops;
    const double t = ps_to_seconds(bwd ? cost.backward(op, 1) : cost.forward(op, 1));
    return flops / t / cost.tensor_peak_flops() / cost.calibration().sustained;
  };
  SECTION("FA2 on H100: 0.374 forward, 0.294 backward of the burst peak") {
    const CostModel h100 = f.model("h100_sxm5", Precision::amp_bf16);
    CHECK(share(h100, false) == Approx(0.374).epsilon(0.01));
    CHECK(share(h100, true) == Approx(0.294).epsilon(0.01));
  }
  SECTION("FA3 on H100: 0.666 forward, 0.560 backward") {
    const CostModel fa3 = f.model("h100_sxm5", Precision::amp_bf16, {AttentionKernel::fa3, ConvLayout::nchw});
    CHECK(share(fa3, false) == Approx(0.666).epsilon(0.01));
    CHECK(share(fa3, true) == Approx(0.560).epsilon(0.01));
  }
  SECTION("every shipped GPU with a FlashAttention figure: backward never above forward, causal never above full") {
    for (const char* gpu : {"a100_sxm4_80gb", "a100_sxm4_40gb", "h100_sxm5", "h200_sxm"}) {
      INFO(gpu);
      const work::ComputeCalibration cal = work::load_calibration(f.cal_path, gpu);
      for (const KindCurve* c : {&cal.flash_attention, &cal.flash_attention_3}) {
        if (c->max <= 0) continue;
        CHECK(c->peak_share(true, false) < c->peak_share(false, false));
        CHECK(c->peak_share(false, true) < c->peak_share(false, false));
      }
    }
  }
  SECTION("a curve given only `max` (a calibration file's fit) keeps one share for every direction") {
    KindCurve c;
    c.max = 0.5;
    CHECK(c.peak_share(true, true) == 0.5);
    CHECK(c.peak_share(false, true) == 0.5);
  }
}

TEST_CASE("a long run sustains the power-limited rate: SM-bound kernels scale by `sustained`, HBM-bound ones do not",
          "[work][cost]") {
  // compute.yaml: H100 0.848 (mamf-finder MSMF 698.6 / MAMF 823.9, H200 bf16, all 8 GPUs busy).
  CostFixture f;
  const work::ComputeCalibration burst_cal = [&] {
    work::ComputeCalibration c = work::load_calibration(f.cal_path, "h100_sxm5");
    c.sustained = 1.0;
    return c;
  }();
  const topo::GpuModel& g = f.catalog->gpus().at("h100_sxm5");
  const CostModel burst(g, burst_cal, Precision::amp_bf16);
  const CostModel run = f.model("h100_sxm5", Precision::amp_bf16);
  REQUIRE(run.calibration().sustained == Approx(0.848));
  SECTION("a large GEMM: the burst MAMF at its shape alone (a benchmark), x 0.848 in a run (MSMF)") {
    CHECK(run.gemm_efficiency(2048, 2048, 13312) == Approx(0.803).epsilon(0.01));
    CHECK(run.gemm_efficiency(2048, 2048, 13312, true) == Approx(0.803 * 0.848).epsilon(0.01));
    CHECK(run.gemm_efficiency(8192, 4096, 4096, true) / burst.gemm_efficiency(8192, 4096, 4096, true) ==
          Approx(0.848).epsilon(0.01));
    // A linear layer of a step is timed at the run's clock.
    Op lin{"fc", OpKind::gemm};
    lin.fwd_flops = 2.0 * 8192 * 4096 * 4096;
    lin.gemm_m = 8192;
    lin.gemm_n = 4096;
    lin.gemm_k = 4096;
    lin.params = 4096LL * 4096;
    CHECK(ps_to_seconds(run.forward(lin, 1)) / ps_to_seconds(burst.forward(lin, 1)) == Approx(1 / 0.848).epsilon(0.02));
  }
  SECTION("a memory-bound GEMM (K = 64) is not slowed: HBM does not follow the SM clock") {
    CHECK(run.gemm_time(8192, 8192, 64, {}, true) == burst.gemm_time(8192, 8192, 64, {}, true));
  }
  SECTION("the optimizer step, HBM-bound, is unchanged") {
    CHECK(run.optimizer_step(1000000000, work::Optimizer::adamw) == burst.optimizer_step(1000000000, work::Optimizer::adamw));
  }
  SECTION("GPUs without a sustained measurement run at their burst figures") {
    CHECK(work::load_calibration(f.cal_path, "a100_pcie_80gb").sustained == 1.0);
  }
}
