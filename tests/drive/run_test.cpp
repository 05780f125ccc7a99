#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "drive/chakra_export.hpp"
#include "drive/run.hpp"
#include "engine/executor.hpp"
#include "train/pipeline_schedule.hpp"
#include "report/run_report.hpp"

using namespace simtrain;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";
const std::string kHeadline = kScen + "8xA100_pcie_switch.yaml";

train::RunResult run(const std::string& path, std::vector<std::string> sets = {}, double scale = 1.0) {
  ScenarioSpec s = load_scenario(path, sets);
  drive::RunOptions o;
  o.link_scale = scale;
  return drive::run_scenario(s, o);
}

ScenarioError scenario_error(const std::string& path, std::vector<std::string> sets) {
  try {
    ScenarioSpec s = load_scenario(path, sets);
    drive::run_scenario(s, {});
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("every shipped scenario runs, with sane shares of the step", "[train]") {
  for (const auto& entry : std::filesystem::directory_iterator(kScen)) {
    if (entry.path().extension() != ".yaml") continue;
    if (entry.path().stem().string().rfind("serve_", 0) == 0) continue;  // serving: tests/serve/
    INFO(entry.path().string());
    train::RunResult r = run(entry.path().string());
    CHECK(r.step_time_s > 0);
    // Exposed communication is never negative and never more than all communication.
    CHECK(r.comm_exposed_s >= 0);
    CHECK(r.comm_exposed_s <= r.comm_total_s + 1e-12);
    // Scaling efficiency never exceeds 1; the shares add up to the step.
    CHECK(r.scaling_efficiency <= 1.0);
    CHECK(r.compute_s + r.comm_exposed_s + r.data_stall_s + r.idle_s + r.bubble_s == Approx(r.step_time_s).epsilon(1e-6));
  }
}

TEST_CASE("more bandwidth is never slower", "[train]") {
  for (const char* s : {"8xA100_pcie_switch.yaml", "4xA100_pcie_bert_large.yaml", "4xdgx_a100_gpt2_1.5b.yaml"}) {
    INFO(s);
    train::RunResult base = run(kScen + s, {"steps=2"});
    train::RunResult wide = run(kScen + s, {"steps=2"}, 2.0);
    CHECK(wide.step_time_s <= base.step_time_s);
  }
}

TEST_CASE("a bigger batch never lowers samples/s on one GPU unless memory says OOM", "[train]") {
  double last = 0;
  for (int b : {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}) {
    train::RunResult r = run(kHeadline, {"gpus_per_node=1", "batch_per_gpu=" + std::to_string(b), "steps=1"});
    if (r.oom) break;
    INFO("batch " << b);
    CHECK(r.samples_per_s >= last);
    last = r.samples_per_s;
  }
  CHECK(last > 0);
}

TEST_CASE("4x A100 on NVLink scales better than 4x A100 over PCIe only", "[train][validation]") {
  train::RunResult nv = run(kScen + "4xA100_nvlink_bert_large.yaml");
  train::RunResult pcie = run(kScen + "4xA100_pcie_bert_large.yaml");
  CHECK(nv.scaling_efficiency > pcie.scaling_efficiency);
  CHECK(nv.comm_exposed_s < pcie.comm_exposed_s);
}

TEST_CASE("8x A100 on a DGX A100, ResNet-50: scaling above 90% as MLPerf-class systems", "[train][validation]") {
  train::RunResult r = run(kHeadline, {"system=dgx_a100"});
  CHECK(r.gpus == 8);
  CHECK(r.scaling_efficiency > 0.9);
}

TEST_CASE("single-GPU throughputs near the published ones", "[train][validation]") {
  // dle-resnet50-pytorch-dgxa100-dgx1: A100 TF32 938 img/s, V100-32GB AMP 1156 img/s.
  // lambda-resnet50-amp-1gpu: RTX 4090 AMP 1301 img/s. Bands as the README reports them.
  // NVIDIA's code (and Lambda's, which runs it) is channels-last with fused optimizers: the
  // nvidia_dle software profile (topologies/software.yaml).
  auto one = [](std::vector<std::string> sets) {
    sets.push_back("gpus_per_node=1");
    sets.push_back("software=nvidia_dle");
    sets.push_back("steps=1");
    return run(kHeadline, sets).samples_per_s;
  };
  CHECK(one({"system=dgx_a100", "precision=tf32"}) == Approx(938).epsilon(0.15));
  CHECK(one({"system=dgx1_v100"}) == Approx(1156).epsilon(0.15));
  CHECK(one({"system=workstation_4x4090"}) == Approx(1301).epsilon(0.15));
  // dle-bert-large-pretrain-dgxa100: 210 seq/s at seq 512, AMP, fused kernels; the model
  // (unfused attention and element-wise kernels) is ~42% below it (~39% before SM-bound kernels
  // ran at the A100's power-limited clock, compute.yaml `sustained`): kept here so a change is seen.
  CHECK(one({"system=dgx_a100", "model=bert_large", "batch_per_gpu=32", "optimizer=adam"}) ==
        Approx(210).epsilon(0.45));
}

TEST_CASE("same scenario, same report, byte for byte, full and incremental solvers agree", "[train]") {
  ScenarioSpec s = load_scenario(kScen + "4xdgx_a100_gpt2_1.5b.yaml", {"steps=2"});
  drive::RunOptions inc, full;
  full.full_solve = true;
  std::string a = report::run_to_json(drive::run_scenario(s, inc)).dump();
  std::string b = report::run_to_json(drive::run_scenario(s, inc)).dump();
  std::string c = report::run_to_json(drive::run_scenario(s, full)).dump();
  CHECK(a == b);
  CHECK(a == c);
}

TEST_CASE("bad scenarios name file, line, column", "[train][errors]") {
  const std::string d = std::string(SIMTRAIN_TEST_DATA) + "/";
  SECTION("unknown model") {
    ScenarioError e = scenario_error(d + "bad_scenario_model.yaml", {});
    CHECK(e.line() == 3);
    CHECK_THAT(e.what(), Catch::Contains("resnet50"));
  }
  SECTION("unknown key") {
    ScenarioError e = scenario_error(d + "bad_scenario_key.yaml", {});
    CHECK(e.line() == 5);
    CHECK(e.key() == "bacth_per_gpu");
  }
  SECTION("negative batch") {
    ScenarioError e = scenario_error(d + "bad_scenario_batch.yaml", {});
    CHECK(e.line() == 4);
    CHECK(e.key() == "batch_per_gpu");
  }
  SECTION("a strategy option that does not exist") {
    ScenarioError e = scenario_error(d + "bad_scenario_ddp.yaml", {});
    CHECK(e.line() == 6);
    CHECK(e.key() == "ddp.bucket_size");
    CHECK_THAT(e.what(), Catch::Contains("bucket_mb"));
  }
  SECTION("a --set path that does not exist") {
    ScenarioError e = scenario_error(kHeadline, {"ddp.bucketmb=10"});
    CHECK(e.key() == "ddp.bucketmb");
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'ddp.bucket_mb'"));
  }
  SECTION("a bad value given by --set names the override") {
    ScenarioError e = scenario_error(kHeadline, {"batch_per_gpu=-4"});
    CHECK_THAT(e.file(), Catch::Contains("--set batch_per_gpu=-4"));
  }
}

TEST_CASE("the Chrome trace has one track per GPU stream and one for the collectives", "[train]") {
  ScenarioSpec s = load_scenario(kHeadline, {"steps=1"});
  drive::RunOptions o;
  o.keep_trace = true;
  train::RunResult r = drive::run_scenario(s, o);
  nlohmann::json t = nlohmann::json::parse(report::chrome_trace(r));
  std::set<std::string> tracks;
  std::size_t spans = 0;
  for (const auto& e : t["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") tracks.insert(e["args"]["name"].get<std::string>());
    if (e["ph"] == "X") {
      ++spans;
      CHECK(e["dur"].get<double>() >= 0);
    }
  }
  CHECK(tracks.size() == 10);  // 8 compute streams + the NCCL stream + the host's kernel issue
  CHECK(tracks.count("nccl") == 1);
  CHECK(tracks.count("host: kernel issue (every rank)") == 1);
  CHECK(spans > 8);
}

TEST_CASE("trace files: the size estimated from the graph bounds the files written, closely", "[train][trace]") {
  // The estimates (report::chrome_trace_bytes, drive::chakra_bytes) count the slices and nodes
  // the writers write, with each time at its widest (18 characters; 12 varint bytes a node):
  // never under the bytes written, and within a quarter above them, so that the 1 GB refusal
  // (limits::max_trace_bytes) neither lets a far larger trace through nor refuses a much smaller one.
  ScenarioSpec s = load_scenario(kScen + "4x4090_gpt2_1.5b_fsdp.yaml", {"steps=10"});
  drive::RunOptions o;
  o.keep_trace = true;
  const train::RunResult r = drive::run_scenario(s, o);
  const double json = static_cast<double>(report::chrome_trace(r).size());
  const double json_estimate = report::chrome_trace_bytes(*r.graph);
  CHECK(json_estimate >= json);
  CHECK(json_estimate <= 1.25 * json);
  double chakra = 0;
  const drive::ChakraSummary sum = drive::ChakraExport(*r.graph).write(
      r.records, r.gpu_name, [&](const std::string&, const std::string& b) { chakra += static_cast<double>(b.size()); });
  chakra += static_cast<double>(sum.comm_group_json.size());
  const double chakra_estimate = drive::chakra_bytes(*r.graph);
  CHECK(chakra_estimate >= chakra);
  CHECK(chakra_estimate <= 1.25 * chakra);
}

TEST_CASE("hostile scenario input is refused up front with the key and the estimate", "[errors]") {
  const std::string a = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/tests/data/attack/";
  SECTION("65,536 DGX A100 nodes of DDP ResNet-50 (524,288 GPUs) is refused at 'nodes' before any graph is "
          "built: the estimate is hundreds of millions of tasks, past the 50 M bound") {
    ScenarioError e = scenario_error(a + "nodes_65536.yaml", {});
    CHECK(e.key() == "nodes");
    CHECK_THAT(e.what(), Catch::Contains("M engine tasks") && Catch::Contains("more than the 50 M"));
  }
  SECTION("10,000 warm-up steps of FSDP Llama-2-7B on 8 GPUs is refused at 'warmup_steps'") {
    ScenarioError e = scenario_error(a + "warmup_10000.yaml", {});
    CHECK(e.key() == "warmup_steps");
  }
  SECTION("a 16M-sample batch on a 7B model would span more simulated time than the clock holds: refused "
          "at 'batch_per_gpu' (it used to end in 'event scheduled in the past')") {
    ScenarioError e = scenario_error(a + "batch_16m_7b.yaml", {});
    CHECK(e.key() == "batch_per_gpu");
    CHECK_THAT(e.what(), Catch::Contains("s of GPU time"));
  }
  SECTION("a --set value is one scalar: '{a: 1}' is text, not a mapping, and not a number") {
    ScenarioError e = scenario_error(kHeadline, {"batch_per_gpu={a: 1}"});
    CHECK(e.key() == "batch_per_gpu");
    CHECK_THAT(e.what(), Catch::Contains("expected a whole number"));
  }
  SECTION("a --set value that is not valid UTF-8 is refused before it can reach a report") {
    ScenarioError e = scenario_error(kHeadline, {"name=bad\xff"});
    CHECK_THAT(e.what(), Catch::Contains("not valid UTF-8"));
  }
}

TEST_CASE("names with quotes and backslashes and non-ASCII text come back intact through the JSON report", "[report]") {
  // nlohmann::json escapes '"' and '\\' and throws on invalid UTF-8; names are validated UTF-8
  // at the edge, so the dump succeeds and parses back to the same name.
  const std::string name = "q\"uote \\ back caf\xc3\xa9 \xe8\xae\xad\xe7\xbb\x83";
  train::RunResult r = run(kHeadline, {"steps=1", "name=" + name});
  const std::string text = report::run_to_json(r).dump();
  CHECK(text.find("\\\"uote \\\\ back") != std::string::npos);
  CHECK(nlohmann::json::parse(text).at("scenario").get<std::string>() == name);
}

TEST_CASE("a step's peak memory stops growing with the micro-batches past the schedule's warm-up", "[train][memory]") {
  // The memory search simulates min(m, p + 1) micro-batches under 1F1B, 3p interleaved, 2 with
  // no pipeline (train/pipeline_schedule.hpp peak_memory_micro_batches): a 1F1B stage holds at
  // most p - s micro-batches' activations (Narayanan et al. 2021 §2.2), and the accumulated
  // gradients are held from the first backward on, so every later micro-batch repeats the
  // state of the one after the warm-up. Each pair below gives the same simulated peak.
  auto peak = [](const std::string& file, std::vector<std::string> sets, int m) {
    sets.push_back("grad_accumulation=" + std::to_string(m));
    ScenarioSpec s = load_scenario(kScen + file, sets);
    drive::RunOptions o;
    o.steps_override = 1;
    return drive::run_scenario(s, o).memory_peak_bytes;
  };
  using train::PipeSchedule;
  SECTION("LLaMA-65B tp8 pp2 1F1B at batch 18 (79.8 GiB): 3 micro-batches hold what 40 do") {
    CHECK(train::peak_memory_micro_batches(PipeSchedule::one_f_one_b, 2, 40, 1) == 3);
    CHECK(peak("16xA100_llama_65b_tp8_pp2.yaml", {"batch_per_gpu=18"}, 3) ==
          peak("16xA100_llama_65b_tp8_pp2.yaml", {"batch_per_gpu=18"}, 40));
  }
  SECTION("LLaMA-65B tp8 pp2 interleaved v2: 6 micro-batches (3p) hold what 40 do") {
    CHECK(train::peak_memory_micro_batches(PipeSchedule::interleaved, 2, 40, 2) == 6);
    const std::vector<std::string> il = {"parallel.schedule=interleaved", "parallel.virtual_stages=2", "batch_per_gpu=4"};
    CHECK(peak("16xA100_llama_65b_tp8_pp2.yaml", il, 6) == peak("16xA100_llama_65b_tp8_pp2.yaml", il, 40));
  }
  SECTION("GPT-2 1.5B on 4 RTX 4090, DDP, FSDP full_shard and ZeRO-1: 2 micro-batches hold what 9 do") {
    CHECK(train::peak_memory_micro_batches(PipeSchedule::one_f_one_b, 1, 9, 1) == 2);
    for (const char* st : {"strategy=ddp", "strategy=fsdp", "strategy=zero1"}) {
      INFO(st);
      CHECK(peak("4x4090_gpt2_1.5b_fsdp.yaml", {st, "batch_per_gpu=1"}, 2) ==
            peak("4x4090_gpt2_1.5b_fsdp.yaml", {st, "batch_per_gpu=1"}, 9));
    }
  }
  SECTION("GPipe holds every micro-batch at its peak: no fewer are simulated") {
    CHECK(train::peak_memory_micro_batches(PipeSchedule::gpipe, 4, 40, 1) == 40);
  }
}

TEST_CASE("the memory search under a time limit keeps what it found and names what it did not search", "[train][memory]") {
  // A deadline already passed when the search starts (engine/executor.hpp: nested deadlines keep
  // the outer one): GPT-175B under FSDP on 128 A100s builds more than 4,096 tasks a candidate,
  // so the first poll stops the first candidate and the rest are not searched.
  const engine::Deadline limit(1e-9);
  const auto rows = drive::largest_batches(load_scenario(kScen + "128xA100_gpt175b_fsdp.yaml", {}));
  REQUIRE(rows.size() >= 2);
  CHECK(rows[0].not_searched.rfind("stopped at the --max-seconds limit", 0) == 0);
  CHECK(rows[1].not_searched.find("the --max-seconds limit (1e-09 s) passed before its search") != std::string::npos);
}
