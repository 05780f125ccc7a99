// The GPU shared by compute and NCCL kernels, and the host that issues the kernels
// (train/gpu_share.hpp, train/host.hpp, work/software.hpp).
#include <catch2/catch.hpp>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "work/software.hpp"

using namespace simtrain;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";
const std::string kHeadline = kScen + "8xA100_pcie_switch.yaml";

train::RunResult run(const std::string& path, std::vector<std::string> sets = {}) {
  ScenarioSpec s = load_scenario(path, sets);
  drive::RunOptions o;
  o.keep_trace = true;
  return drive::run_scenario(s, o);
}

// GPU 0's compute work in the measured window, as it would take with the GPU to itself.
double alone_compute_s(const train::RunResult& r) {
  const auto& sg = *r.graph;
  const std::size_t warm = static_cast<std::size_t>(r.warmup_steps);
  const TimePs lo = warm > 0 ? r.records[sg.step_end[warm - 1]].end : 0;
  const TimePs hi = r.records[sg.step_end.back()].end;
  double sum = 0;
  for (engine::TaskId t = 0; t < sg.graph.size(); ++t) {
    const auto& task = sg.graph.task(t);
    if (task.server == sg.compute[0] && r.records[t].start >= lo && r.records[t].start < hi)
      sum += ps_to_seconds(task.duration_ps);
  }
  return sum / static_cast<double>(r.steps);
}
}  // namespace

TEST_CASE("compute overlapped with communication never beats max(compute alone, communication)",
          "[train][gpu_share]") {
  // DDP on NVLink and PCIe boxes, FSDP with all-gathers and reduce-scatters on NVLink and PCIe.
  for (const char* s : {"4xdgx_a100_gpt2_1.5b.yaml", "dgx_a100_bert_large.yaml", "4xA100_pcie_bert_large.yaml",
                        "8xA100_llama2_7b_fsdp.yaml", "4x4090_gpt2_1.5b_fsdp.yaml"}) {
    INFO(s);
    train::RunResult r = run(kScen + s, {"steps=2"});
    const double alone = alone_compute_s(r);
    CHECK(r.step_time_s >= alone * (1 - 1e-9));
    CHECK(r.step_time_s >= r.comm_total_s * (1 - 1e-9));
    // Sharing the GPU only ever costs time: the kernels ran at least as long as alone.
    CHECK(r.compute_s >= alone * (1 - 1e-9));
    CHECK(r.compute_shared_s >= 0);
  }
}

TEST_CASE("NCCL kernels on the SMs slow the compute they overlap", "[train][gpu_share]") {
  // GPT-2 1.5B DDP on 4 DGX A100 nodes: the gradient all-reduces overlap backward and hold SMs
  // and HBM bandwidth there, so some compute time is lost; one GPU has no collective at all.
  train::RunResult r = run(kScen + "4xdgx_a100_gpt2_1.5b.yaml", {"steps=2"});
  CHECK(r.compute_shared_s > 0);
  train::RunResult one = run(kScen + "4xdgx_a100_gpt2_1.5b.yaml", {"steps=2", "nodes=1", "gpus_per_node=1"});
  CHECK(one.compute_shared_s == 0);
}

TEST_CASE("eager steps of short kernels are host-bound on a fast GPU, not under CUDA graphs", "[train][software]") {
  // ResNet-50 at 2 images per GPU on an H100: ~600 kernels per step issued at 5-10 us each
  // (topologies/software.yaml) take longer than the GPU needs to run them.
  const std::vector<std::string> small = {"system=dgx_h100", "gpus_per_node=1", "batch_per_gpu=2"};
  auto with = [&](const char* sw) {
    auto v = small;
    v.push_back(std::string("software=") + sw);
    return run(kHeadline, v);
  };
  train::RunResult eager = with("pytorch_eager");
  train::RunResult graphs = with("pytorch_cuda_graphs");
  CHECK(eager.bottleneck == "host");
  CHECK(eager.idle_s > 0.5 * eager.step_time_s);
  CHECK(graphs.bottleneck == "compute");
  CHECK(graphs.idle_s < 0.1 * graphs.step_time_s);
  CHECK(graphs.step_time_s < 0.6 * eager.step_time_s);
  // At batch 256 the kernels are long: the same eager script is compute-bound.
  auto big = small;
  big[2] = "batch_per_gpu=256";
  big.push_back("software=pytorch_eager");
  CHECK(run(kHeadline, big).bottleneck == "compute");
}

TEST_CASE("software: an unknown profile is an error at its key", "[train][software]") {
  try {
    run(kHeadline, {"software=pytorch_eagr"});
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find("unknown software profile 'pytorch_eagr'") != std::string::npos);
  }
}

TEST_CASE("software: a host time outside 0 s to 1 h is an error at its key, not an overflow", "[train][software]") {
  // 1e7 s of dispatch would overflow integer picoseconds a few steps later (and read as
  // "no dispatch"): the loader refuses it where it is written.
  const std::string path = std::string(SIMTRAIN_TEST_DATA) + "/bad_software_time.yaml";
  try {
    work::load_software(path, "pytorch_eager");
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    const std::string m = e.what();
    CHECK(m.find("bad_software_time.yaml:11:") != std::string::npos);
    CHECK(m.find("dispatch_forward") != std::string::npos);
    CHECK(m.find("from 0 s to 1 h") != std::string::npos);
  }
}

TEST_CASE("software: eager RMSNorm, SwiGLU and RoPE move more bytes than one fused kernel", "[train][software]") {
  // topologies/software.yaml: the reference Llama code's eager RMSNorm moves 36 bytes per bf16
  // element against a fused kernel's 4 (9x, 6 kernels); torch.compile fuses it (1x, 1 kernel).
  const std::string path = work::default_software_path(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml");
  const work::SoftwareProfile eager = work::load_software(path, "pytorch_eager");
  const work::SoftwareProfile compiled = work::load_software(path, "pytorch_compile");
  auto llama = work::load_model("llama2_7b");
  auto e = work::apply_software(llama, eager);
  auto c = work::apply_software(llama, compiled);
  CHECK(c == llama);  // fused: the model as generated
  std::size_t rms = 0, rope = 0;
  for (std::size_t i = 0; i < llama->ops.size(); ++i) {
    const work::Op& op = llama->ops[i];
    if (op.variant == work::OpVariant::rmsnorm) {
      ++rms;
      CHECK(e->ops[i].fwd_elems_moved == Approx(9 * op.fwd_elems_moved));
      CHECK(work::kernels_forward(e->ops[i], eager, false) == 6);
    }
    if (op.variant == work::OpVariant::rope) ++rope;
  }
  CHECK(rms == 2 * 32 + 1);  // two per block and the final norm
  CHECK(rope == 32);
  // SwiGLU: a fused kernel keeps its inputs, gate and up (2 x s x ffn a layer); eager autograd
  // keeps silu(gate) too (F.silu saves its input, the product both of its own): 3 x s x ffn.
  std::size_t swiglu = 0;
  for (std::size_t i = 0; i < llama->ops.size(); ++i) {
    const work::Op& op = llama->ops[i];
    if (op.variant != work::OpVariant::swiglu) continue;
    ++swiglu;
    CHECK(op.act_elems_saved == Approx(2 * 4096.0 * 11008));
    CHECK(e->ops[i].act_elems_saved == Approx(3 * 4096.0 * 11008));
  }
  CHECK(swiglu == 32);
  // GPT-2 has LayerNorm (one ATen kernel eagerly too) and GELU: those do not change; its
  // unfused attention pays the eager scale and mask: 4 more passes over the s x s scores.
  auto gpt2 = work::load_model("gpt2_1.5b");
  auto g = work::apply_software(gpt2, eager);
  for (std::size_t i = 0; i < gpt2->ops.size(); ++i) {
    const work::Op& op = gpt2->ops[i];
    if (op.kind == work::OpKind::attention && !op.flash)
      CHECK(g->ops[i].fwd_elems_moved == Approx(op.fwd_elems_moved + 4 * op.gemm_m * op.gemm_n));
    else
      CHECK(g->ops[i].fwd_elems_moved == op.fwd_elems_moved);
  }
  CHECK(work::apply_software(gpt2, compiled) == gpt2);
}
