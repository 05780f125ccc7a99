// Model parallelism: the layout's rank order, the pipeline schedules' closed forms, and the
// Megatron strategy's step (train/layout.hpp, train/pipeline_schedule.hpp, train/megatron.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "train/layout.hpp"
#include "train/megatron.hpp"
#include "train/pipeline_schedule.hpp"
#include "drive/run.hpp"
#include "work/model.hpp"

using namespace simtrain;
using namespace simtrain::train;
using simtrain::drive::run_scenario;
using simtrain::drive::RunOptions;

namespace {

std::vector<int> iota_gpus(int n) {
  std::vector<int> g(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) g[static_cast<std::size_t>(i)] = i;
  return g;
}

// Runs every stage's pass list with forward time f and backward time b per pass (a model
// chunk's share: f / v, b / v) and free, instant transfers; returns stage 0's busy share of
// the step (the list scheduling the engine does, written out: a pass starts when its stage
// is free and the tensor it needs has arrived).
double busy_share(PipeSchedule sched, int p, int m, int v, double f, double b) {
  std::vector<std::vector<PipePass>> order;
  for (int s = 0; s < p; ++s) order.push_back(pipe_order(sched, p, s, m, v));
  std::map<std::tuple<bool, int, int>, double> done;  // (forward, mb, virtual stage) -> end time
  std::vector<double> free_at(static_cast<std::size_t>(p), 0.0);
  std::vector<std::size_t> next(static_cast<std::size_t>(p), 0);
  const int V = p * v;
  std::size_t remaining = 0;
  for (const auto& o : order) remaining += o.size();
  while (remaining > 0) {
    bool progressed = false;
    for (int s = 0; s < p; ++s) {
      auto& i = next[static_cast<std::size_t>(s)];
      while (i < order[static_cast<std::size_t>(s)].size()) {
        const PipePass& x = order[static_cast<std::size_t>(s)][i];
        const int k = virtual_stage(x.chunk, s, p);
        double ready = 0;
        if (x.forward && k > 0) {
          auto it = done.find({true, x.micro_batch, k - 1});
          if (it == done.end()) break;
          ready = it->second;
        }
        if (!x.forward) {
          auto it = done.find(k < V - 1 ? std::make_tuple(false, x.micro_batch, k + 1) : std::make_tuple(true, x.micro_batch, k));
          if (it == done.end()) break;
          ready = it->second;
        }
        const double start = std::max(ready, free_at[static_cast<std::size_t>(s)]);
        const double end = start + (x.forward ? f : b) / v;
        free_at[static_cast<std::size_t>(s)] = end;
        done[{x.forward, x.micro_batch, k}] = end;
        ++i;
        --remaining;
        progressed = true;
      }
    }
    REQUIRE(progressed);  // a schedule never deadlocks
  }
  const double step = *std::max_element(free_at.begin(), free_at.end());
  return m * (f + b) / step;
}

}  // namespace

TEST_CASE("Layout: Megatron's rank order tp-cp-dp-pp, TP inside a node", "[parallel][layout]") {
  // 2 nodes of 8 GPUs, TP 4, PP 2, DP 2: TP groups are 4 consecutive GPUs, DP pairs sit 4
  // apart in the same node, the two stages are the two nodes.
  Layout l(Mesh{4, 1, 2, 2, 1}, iota_gpus(16), 8);
  CHECK(l.group(Dim::tp, 5) == std::vector<int>{4, 5, 6, 7});
  CHECK(l.group(Dim::dp, 5) == std::vector<int>{1, 5});
  CHECK(l.group(Dim::pp, 5) == std::vector<int>{5, 13});
  CHECK(l.stage(1) == std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15});
  CHECK(l.within_node(Dim::tp));
  CHECK(l.within_node(Dim::dp));
  CHECK_FALSE(l.within_node(Dim::pp));
  CHECK(l.groups(Dim::tp).size() == 4);
  // Every position has exactly one coordinate tuple and back.
  for (int r = 0; r < l.size(); ++r) CHECK(l.position(l.coord(r)) == r);
  // Expert parallelism splits the DP ranks: EP 2 of DP 4 -> experts over pairs, replicas 2 apart.
  Layout e(Mesh{2, 1, 4, 1, 2}, iota_gpus(8), 8);
  CHECK(e.group(Dim::ep, 0) == std::vector<int>{0, 2});
  CHECK(e.group(Dim::edp, 0) == std::vector<int>{0, 4});
  // Context-parallel ranks hold the same experts: CP 2 x DP 4 with EP 2 replicates each expert
  // shard over dp x cp / ep = 4 ranks, every cp coordinate of the dp ranks with its ep index.
  Layout ec(Mesh{1, 2, 4, 1, 2}, iota_gpus(8), 8);
  CHECK(ec.degree(Dim::edp) == 4);
  CHECK(ec.group(Dim::edp, 0) == std::vector<int>{0, 1, 4, 5});
  CHECK(ec.group(Dim::ep, 0) == std::vector<int>{0, 2});
  CHECK_THROWS_WITH(Layout(Mesh{4, 1, 3, 1, 1}, iota_gpus(16), 8), Catch::Contains("must equal the job's 16 GPUs"));
  CHECK_THROWS_WITH(Layout(Mesh{1, 1, 6, 1, 4}, iota_gpus(6), 8), Catch::Contains("must divide dp"));
}

TEST_CASE("Layout: where groups run over nodes and boxes; the closed form agrees with the layout", "[parallel][layout][box]") {
  // 2 nodes of 16 GPUs in trays of 4 (a GB200 NVL72 rack's shape, small): TP 8 spans 2 trays of
  // one node, TP 4 one tray; EP 4 over DP with TP 8 strides 8 apart: 4 members in 32 GPUs, 2 nodes.
  const int per_node = 16, per_box = 4;
  CHECK(group_span(Mesh{8, 1, 4, 1, 1}, Dim::tp, per_node, per_box).nodes == 1);
  CHECK(group_span(Mesh{8, 1, 4, 1, 1}, Dim::tp, per_node, per_box).boxes == 2);
  CHECK(group_span(Mesh{4, 1, 8, 1, 1}, Dim::tp, per_node, per_box).boxes == 1);
  const GroupSpan ep = group_span(Mesh{8, 1, 4, 1, 4}, Dim::ep, per_node, per_box);
  CHECK(ep.nodes == 2);
  CHECK(ep.boxes == 4);
  CHECK(span_text("TP", 8, GroupSpan{1, 2}, "compute tray") == "TP 8 over 2 compute trays, one NVLink domain");
  CHECK(span_text("EP", 4, ep, "compute tray") == "EP 4 across 2 nodes, over the fabric");
  CHECK(span_text("TP", 4, GroupSpan{1, 1}, "compute tray").empty());
  // 6 GPUs per node (no boxes): TP 4 groups straddle nodes though 4 < 6.
  CHECK(group_span(Mesh{4, 1, 3, 1, 1}, Dim::tp, 6, 6).nodes == 2);
  CHECK(group_span(Mesh{2, 1, 6, 1, 1}, Dim::tp, 6, 6).nodes == 1);
  // The closed form (one period of positions) is the layout's own span, group by group, for
  // every dimension over meshes of 96 GPUs on nodes of 12 or 16 and boxes of 2, 4 or the node.
  for (const Mesh& m : {Mesh{4, 2, 6, 2, 3}, Mesh{8, 1, 12, 1, 4}, Mesh{2, 4, 4, 3, 2}, Mesh{1, 1, 96, 1, 8}, Mesh{16, 3, 2, 1, 2}})
    for (const auto& [node, box] : std::vector<std::pair<int, int>>{{12, 4}, {12, 2}, {12, 12}, {16, 4}, {16, 16}}) {
      if (96 % node != 0) continue;
      const Layout l(m, iota_gpus(96), node, box);
      for (Dim d : {Dim::tp, Dim::cp, Dim::dp, Dim::pp, Dim::ep, Dim::edp, Dim::dp_cp}) {
        INFO(dim_name(d) << " mesh " << m.tp << "x" << m.cp << "x" << m.dp << "x" << m.pp << " ep " << m.ep << ", nodes of "
                         << node << ", boxes of " << box);
        const GroupSpan a = group_span(m, d, node, box), b = l.span(d);
        CHECK(a.nodes == b.nodes);
        CHECK(a.boxes == b.boxes);
      }
    }
}

TEST_CASE("Pipeline schedules: the bubble's closed forms (Narayanan et al. 2021 §2.2)", "[parallel][pipeline]") {
  // Uniform stages, free communication: 1F1B and GPipe idle (p-1)/(m+p-1) of the step;
  // interleaving with v chunks per stage divides the bubble by v.
  for (int p : {2, 4, 8})
    for (int m : {4, 8, 16, 32}) {
      const double f = 1.0, b = 2.0;
      CHECK(1 - busy_share(PipeSchedule::one_f_one_b, p, m, 1, f, b) == Approx(bubble_share(PipeSchedule::one_f_one_b, p, m, 1)));
      CHECK(bubble_share(PipeSchedule::one_f_one_b, p, m, 1) == Approx((p - 1.0) / (m + p - 1.0)));
      CHECK(1 - busy_share(PipeSchedule::gpipe, p, m, 1, f, b) == Approx((p - 1.0) / (m + p - 1.0)));
      if (m % p == 0)
        for (int v : {2, 4}) {
          CHECK(1 - busy_share(PipeSchedule::interleaved, p, m, v, f, b) ==
                Approx(((p - 1.0) / v) / (m + (p - 1.0) / v)));
        }
    }
  // More micro-batches never make the bubble's share larger.
  for (int m = 1; m < 64; ++m) CHECK(bubble_share(PipeSchedule::one_f_one_b, 8, m + 1, 1) <= bubble_share(PipeSchedule::one_f_one_b, 8, m, 1));
}

TEST_CASE("Pipeline schedules: 1F1B keeps at most p - s micro-batches in flight on stage s", "[parallel][pipeline]") {
  const int p = 4, m = 16;
  for (int s = 0; s < p; ++s) {
    int in_flight = 0, most = 0;
    for (const PipePass& x : pipe_order(PipeSchedule::one_f_one_b, p, s, m, 1)) {
      in_flight += x.forward ? 1 : -1;
      most = std::max(most, in_flight);
    }
    CHECK(most == p - s);
  }
  int most = 0, in_flight = 0;
  for (const PipePass& x : pipe_order(PipeSchedule::gpipe, p, 0, m, 1)) {
    in_flight += x.forward ? 1 : -1;
    most = std::max(most, in_flight);
  }
  CHECK(most == m);
  CHECK_THROWS_WITH(pipe_order(PipeSchedule::interleaved, 4, 0, 6, 2), Catch::Contains("multiple of the pipeline stages"));
}

TEST_CASE("Stage assignment: ends with the first and last stage, extra layers in the middle", "[parallel][pipeline]") {
  auto m = work::load_model("gpt2_1.5b");  // 48 layers: blocks 0 (embeddings) .. 49 (head)
  std::vector<int> s = stage_of_blocks(*m, 5);
  std::vector<int> count(5, 0);
  for (std::size_t b = 1; b + 1 < s.size(); ++b) ++count[static_cast<std::size_t>(s[b])];
  CHECK(s.front() == 0);
  CHECK(s.back() == 4);
  CHECK(count == std::vector<int>{9, 10, 10, 10, 9});  // 48 = 5 x 9 + 3, the 3 to the middle stages
  CHECK(std::is_sorted(s.begin(), s.end()));
  CHECK_THROWS_WITH(stage_of_blocks(*m, 64), Catch::Contains("48 layers"));
}

namespace {
const std::string kGpt = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/4xdgx_a100_gpt2_1.5b.yaml";
RunResult mrun(std::vector<std::string> sets) {
  sets.insert(sets.begin(), {"strategy=megatron", "steps=1"});
  return run_scenario(load_scenario(kGpt, sets), {});
}
}  // namespace

TEST_CASE("Megatron PP: the step's idle share follows the bubble's closed form", "[parallel][megatron]") {
  // GPT-2 1.5B, 32 GPUs: PP 4 x DP 8, 8 micro-batches of 2. The stages are near-uniform (12
  // layers each; the first also embeds, the last runs the head), so stage 0 idles about
  // (p-1)/(m+p-1) = 27% of the step, plus the time its transfers and gradient reduction take.
  RunResult r = mrun({"parallel.pp=4", "grad_accumulation=8", "batch_per_gpu=2"});
  const double idle = (r.step_time_s - r.compute_s) / r.step_time_s;
  CHECK(idle > 3.0 / 11 - 0.02);
  CHECK(idle < 3.0 / 11 + 0.08);
  // Samples per step: dp x micro-batch x micro-batches, not GPUs x batch.
  CHECK(r.samples_per_s * r.step_time_s == Approx(8 * 2 * 8));
  // More micro-batches: a smaller idle share.
  RunResult more = mrun({"parallel.pp=4", "grad_accumulation=32", "batch_per_gpu=2"});
  CHECK((more.step_time_s - more.compute_s) / more.step_time_s < idle);
  // 1F1B holds fewer micro-batches in flight than GPipe.
  RunResult gpipe = mrun({"parallel.pp=4", "grad_accumulation=8", "batch_per_gpu=2", "parallel.schedule=gpipe"});
  CHECK(gpipe.memory_peak_bytes > r.memory_peak_bytes);
  // Interleaving (2 chunks per stage) shrinks the bubble.
  RunResult inter = mrun({"parallel.pp=4", "grad_accumulation=8", "batch_per_gpu=2", "parallel.schedule=interleaved",
                          "parallel.virtual_stages=2"});
  CHECK(inter.step_time_s < r.step_time_s);
}

TEST_CASE("Megatron: degrees that do not fit the job are errors at their key", "[parallel][megatron][errors]") {
  CHECK_THROWS_WITH(mrun({"parallel.pp=3"}), Catch::Contains("parallel.pp") && Catch::Contains("does not divide"));
  CHECK_THROWS_WITH(mrun({"parallel.pp=64", "nodes=8"}), Catch::Contains("48 layers"));
  CHECK_THROWS_WITH(mrun({"parallel.dp=4"}), Catch::Contains("parallel.dp"));
  CHECK_THROWS_WITH(mrun({"parallel.pp=4", "grad_accumulation=6", "parallel.schedule=interleaved", "parallel.virtual_stages=2"}),
                    Catch::Contains("multiple of the pipeline stages"));
  CHECK_THROWS_WITH(load_scenario(kGpt, {"parallel.pp=2"}), Catch::Contains("needs `strategy: megatron`"));
}

namespace {
const std::string k7b = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";
RunResult trun(std::vector<std::string> sets) {
  sets.insert(sets.begin(), {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                             "fsdp.activation_checkpointing=false"});
  return run_scenario(load_scenario(k7b, sets), {});
}
}  // namespace

TEST_CASE("Megatron TP: inside NVLink never slower than across nodes, memory falls with tp", "[parallel][megatron]") {
  // Llama-2-7B, TP 2, one micro-batch of one 4096-token sequence: the four all-reduces per
  // block of s h bf16 values go over NVLink inside a DGX A100, over HDR InfiniBand between two.
  RunResult inside = trun({"parallel.tp=2", "gpus_per_node=2"});
  RunResult across = trun({"parallel.tp=2", "nodes=2", "gpus_per_node=1"});
  CHECK(inside.step_time_s < across.step_time_s);
  CHECK(inside.comm_exposed_s < across.comm_exposed_s);
  // TP 8 holds an eighth of the block weights per GPU (plus the replicated norms).
  RunResult tp1 = trun({"gpus_per_node=1"});
  RunResult tp8 = trun({"parallel.tp=8"});
  const auto part = [](const RunResult& r, const std::string& k) {
    for (const auto& [name, v] : r.memory_breakdown)
      if (name == k) return v;
    return 0.0;
  };
  CHECK(part(tp8, "weights") == Approx(part(tp1, "weights") / 8).epsilon(0.01));
  CHECK(tp8.memory_peak_bytes < tp1.memory_peak_bytes);
  // One sample per step on one GPU or eight: the same model FLOPs per step.
  CHECK(tp8.samples_per_s * tp8.step_time_s == Approx(1));
}

TEST_CASE("Megatron TP: a degree the heads cannot take is an error at parallel.tp", "[parallel][megatron][errors]") {
  CHECK_THROWS_WITH(trun({"parallel.tp=8", "model=gpt2_1.5b", "nodes=1"}),
                    Catch::StartsWith("--set parallel.tp=8") && Catch::Contains("heads 25 is not a multiple of 8"));
  CHECK_THROWS_WITH(run_scenario(load_scenario(k7b, {"strategy=megatron", "parallel.tp=8", "model=resnet50"}), {}),
                    Catch::Contains("cannot be split by tensor parallelism"));
}

namespace {
// A small MoE decoder (8 experts of a 1024-wide FFN, top-k as given) in a temporary file.
std::string moe_model(int top_k) {
  const auto path = std::filesystem::temp_directory_path() / ("simtrain_moe_top" + std::to_string(top_k) + ".yaml");
  std::ofstream f(path);
  f << "name: MoE test top-" << top_k << "\nsource: a test model\ngenerator: transformer\ntransformer:\n  kind: decoder\n  layers: 4\n"
    << "  hidden: 1024\n  heads: 8\n  ffn_hidden: 4096\n  seq_len: 2048\n  vocab: 32000\n  ffn: swiglu\n"
    << "  norm: rmsnorm\n  bias: false\n  positional: rope\n  tied_embeddings: false\n"
    << "  moe: {experts: 8, top_k: " << top_k << ", expert_ffn_hidden: 1024}\n";
  return path.string();
}
}  // namespace

TEST_CASE("Megatron EP: all-to-all time and bytes grow with top-k, experts split over EP ranks", "[parallel][megatron][moe]") {
  auto run_moe = [&](int top_k, int ep) {
    RunOptions keep;
    keep.keep_trace = true;
    return run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                            "fsdp.activation_checkpointing=false", "model=" + moe_model(top_k),
                                            "parallel.ep=" + std::to_string(ep), "batch_per_gpu=4"}),
                        keep);
  };
  auto a2a_time = [](const RunResult& r) {
    double t = 0;
    for (engine::TaskId i = 0; i < r.graph->graph.size(); ++i)
      if (r.graph->graph.task(i).label.rfind("ep all_to_all", 0) == 0) t += ps_to_seconds(r.records[i].end - r.records[i].start);
    return t;
  };
  RunResult k1 = run_moe(1, 8), k2 = run_moe(2, 8), k4 = run_moe(4, 8);
  // Each rank sends its tokens' top-k copies: twice the bytes for top-2, four times for top-4.
  // On NVSwitch the time is bytes / link rate + a per-call latency that does not grow, so it
  // grows by between 1.5x and 2x per doubling here (16 MiB calls: 1.78x).
  CHECK(a2a_time(k2) > 1.5 * a2a_time(k1));
  CHECK(a2a_time(k2) < 2.0 * a2a_time(k1));
  CHECK(a2a_time(k4) > 1.5 * a2a_time(k2));
  // EP 8 holds one expert per rank: less memory than every rank holding all eight.
  RunResult all = run_moe(2, 1);
  CHECK(a2a_time(all) == 0);
  CHECK(k2.memory_peak_bytes < all.memory_peak_bytes);
  CHECK_THROWS_WITH(run_moe(2, 3), Catch::Contains("parallel.ep"));
}

TEST_CASE("Megatron EP x CP: expert state is sharded and reduced over the CP ranks too", "[parallel][megatron][moe]") {
  // 8 GPUs, EP 2, distributed optimizer. CP 1: DP 8, each expert shard on 8 / 2 = 4 ranks. CP 2:
  // DP 4, but the CP ranks hold the same experts (Megatron-Core's expert data-parallel group,
  // world / (ETP x EP x PP) = 4): the optimizer's expert shard is the same size, not twice it.
  auto run_cp = [&](int cp) {
    return run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                            "fsdp.activation_checkpointing=false", "model=" + moe_model(2),
                                            "parallel.ep=2", "parallel.distributed_optimizer=true",
                                            "parallel.cp=" + std::to_string(cp)}),
                        {});
  };
  auto part = [](const RunResult& r, const std::string& name) {
    for (const auto& [k, v] : r.memory_breakdown)
      if (k == name) return v;
    return -1.0;
  };
  const RunResult one = run_cp(1), two = run_cp(2);
  CHECK(part(two, "optimizer_state") == Approx(part(one, "optimizer_state")));
  // The expert gradients are reduced over those 4 ranks (the layout's expert-DP group, above).
  CHECK_THAT(two.strategy_detail, Catch::Contains("expert DP 4"));
}

TEST_CASE("Megatron memory: selective recompute drops Korthikanti's 5as/h term, per layer and TP rank", "[parallel][megatron][memory]") {
  // GPT-3 175B (dropout on, eager attention), TP 8 with SP, PP 8 on 64 GPUs, one micro-batch:
  // Korthikanti et al. 2022 Table 2, activations per layer s b h (34/t + 5 a s/(h t)) bytes
  // with SP; selective recomputation keeps s b h 34/t. At the peak (the micro-batch's backward)
  // one layer's s^2 tensors are live again while its attention is recomputed (Korthikanti §4.3
  // counts the recomputed layer likewise), so none - selective = (L_stage - 1) x 5 a s^2 b / t.
  auto mem = [&](const std::string& rc) {
    RunResult r = run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "model=gpt3_175b", "nodes=8",
                                                   "parallel.tp=8", "parallel.pp=8", "parallel.sequence_parallel=true",
                                                   "parallel.recompute=" + rc, "flash_attention=false", "grad_accumulation=1",
                                                   "fsdp.activation_checkpointing=false", "software=megatron_te"}),
                               {});
    for (const auto& [k, v] : r.memory_breakdown)
      if (k == "activations") return v;
    return 0.0;
  };
  const double s = 2048, a = 96, t = 8, b = 1;
  const double stage0_layers = 12;  // 96 layers over 8 stages
  CHECK(mem("none") - mem("selective") == Approx((stage0_layers - 1) * 5 * a * s * s * b / t).epsilon(0.01));
}

TEST_CASE("Megatron memory: the distributed optimizer's model state per rank (Megatron's 6 + 12/d bytes)", "[parallel][megatron][memory]") {
  // Megatron-LM docs (distributed optimizer): bf16 parameters with fp32 gradients take 18 bytes
  // per parameter, 6 + 12/d when the fp32 master weights and Adam's moments are sharded over d.
  auto state = [&](bool dist, int nodes) {
    RunResult r = run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                                   "fsdp.activation_checkpointing=false", "nodes=" + std::to_string(nodes),
                                                   std::string("parallel.distributed_optimizer=") + (dist ? "true" : "false")}),
                               {});
    double s = 0;
    for (const auto& [k, v] : r.memory_breakdown)
      if (k == "weights" || k == "gradients" || k == "optimizer_state") s += v;
    return std::make_pair(s, static_cast<double>(r.params));
  };
  const auto [plain, P] = state(false, 1);
  CHECK(plain == Approx(18 * P));
  for (int nodes : {1, 2}) {
    const double d = 8.0 * nodes;
    CHECK(state(true, nodes).first == Approx((6 + 12 / d) * P));
  }
}

TEST_CASE("Megatron memory: bf16 main gradients take Megatron's 20-byte row (2 + 2 + 16, 4 + 16/d distributed)", "[parallel][megatron][memory]") {
  // Megatron-LM docs (distributed optimizer): 16-bit parameters with 16-bit gradients take 20
  // bytes per parameter (the optimizer keeps an fp32 copy of the gradients beside the master
  // weights and moments), 4 + 16/d with the distributed optimizer. NeMo's grad_sync_dtype: bf16.
  auto run = [&](bool dist) {
    RunResult r = run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                                   "fsdp.activation_checkpointing=false", "parallel.grad_dtype=bf16",
                                                   std::string("parallel.distributed_optimizer=") + (dist ? "true" : "false")}),
                               {});
    double s = 0, grads = 0;
    for (const auto& [k, v] : r.memory_breakdown) {
      if (k == "weights" || k == "gradients" || k == "optimizer_state") s += v;
      if (k == "gradients") grads = v;
    }
    return std::make_tuple(s, grads, static_cast<double>(r.params), r.step_time_s);
  };
  const auto [plain, grads, P, t_bf16] = run(false);
  CHECK(plain == Approx(20 * P));
  CHECK(grads == Approx(2 * P));
  CHECK(std::get<0>(run(true)) == Approx((4 + 16 / 8.0) * P));
  // Half the bytes through the data-parallel all-reduce: never slower than fp32 gradients.
  RunResult fp32 = run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                                    "fsdp.activation_checkpointing=false"}),
                                {});
  CHECK(t_bf16 <= fp32.step_time_s);
}

TEST_CASE("Megatron CP: a CP group shares its samples, each rank computes a cp-th of the tokens", "[parallel][megatron]") {
  auto run_cp = [&](int cp) {
    return run_scenario(load_scenario(k7b, {"strategy=megatron", "steps=1", "software=megatron_te", "flash_attention=true",
                                            "fsdp.activation_checkpointing=false", "grad_accumulation=4",
                                            "parallel.cp=" + std::to_string(cp)}),
                        {});
  };
  RunResult one = run_cp(1), two = run_cp(2);
  // 8 GPUs: DP 8 without CP, DP 4 x CP 2 with it; the step trains dp x 1 x 4 samples.
  CHECK(one.samples_per_s * one.step_time_s == Approx(32));
  CHECK(two.samples_per_s * two.step_time_s == Approx(16));
  // Each rank runs the same 4 micro-batches of one sample, but half of each sample's tokens
  // (attention: its queries against all the keys, a cp-th of the s^2 work): half the compute.
  CHECK(two.compute_s == Approx(one.compute_s / 2).epsilon(0.1));
  CHECK(two.memory_peak_bytes < one.memory_peak_bytes);
}

TEST_CASE("Megatron with a data pipeline: the first stage reads, one stage is DDP's data-bound step", "[parallel][megatron][data]") {
  const std::string video = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_video_nvme.yaml";
  RunResult ddp = run_scenario(load_scenario(video, {}), {});
  RunResult one = run_scenario(load_scenario(video, {"strategy=megatron"}), {});
  // The clip decode from one NVMe bounds both: the same loaders feed the same 8 ranks.
  CHECK(one.bottleneck == "data");
  CHECK(one.step_time_s == Approx(ddp.step_time_s).epsilon(0.03));
  // Two stages: only the 4 first-stage ranks read, half the samples a step come off the drive.
  RunResult two = run_scenario(load_scenario(video, {"strategy=megatron", "parallel.pp=2"}), {});
  CHECK(two.data.enabled);
  CHECK(two.data.stall_s_per_gpu.size() == 4);
}
