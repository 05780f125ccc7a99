// Speed of `simtrain SCENARIO.yaml` itself: the headline scenario, and GPT-2 1.5B DDP on
// 8 .. 16,384 GPUs (DGX A100 nodes), from loading the YAML to the report's figures. Prints wall
// time (median of repeats), tasks, events and events per second. Nothing here asserts a time.
#include "bench_clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "drive/advise.hpp"
#include "drive/plan.hpp"
#include "drive/run.hpp"

using namespace simtrain;
using bench::cpu_s;
using bench::peak_rss_kib;

namespace {
// User + system CPU seconds of this process so far: on a shared machine wall time also counts
// other processes' turns, CPU time does not.
// Runs `f` `repeats` times; the median wall and CPU seconds.
struct Timing {
  double wall_s = 0, cpu_s = 0;
};
template <class F>
Timing median_of(int repeats, F&& f) {
  std::vector<double> walls, cpus;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_s();
    f();
    walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    cpus.push_back(cpu_s() - c0);
  }
  std::sort(walls.begin(), walls.end());
  std::sort(cpus.begin(), cpus.end());
  return {walls[walls.size() / 2], cpus[cpus.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 3;
  const std::string dir = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";
  struct Case {
    std::string label, file;
    std::vector<std::string> sets;
  };
  std::vector<Case> cases = {{"headline 8xA100 PCIe ResNet-50", "8xA100_pcie_switch.yaml", {}}};
  // 2048 nodes: the 16,384-GPU step where searching a route per NIC pair grew as N^2.
  for (int nodes : {1, 8, 64, 128, 2048})
    cases.push_back({"GPT-2 1.5B DDP " + std::to_string(nodes * 8) + " GPUs, 1 step", "4xdgx_a100_gpt2_1.5b.yaml",
                     {"nodes=" + std::to_string(nodes), "steps=1", "warmup_steps=0"}});
  // The full data pipeline (DataLoader workers, NVMe RAID0 reads, page cache, pinned H2D) on
  // 64 GPUs: 8 DGX A100 nodes training ResNet-50 on ImageNet, 100 measured steps.
  cases.push_back({"ImageNet+DataLoader 64 GPUs, 100 steps", "8xA100_imagenet_resnet50.yaml",
                   {"nodes=8", "steps=100"}});
  // FSDP at scale: Llama-2-13B on 64 DGX A100 nodes (512 GPUs), hybrid shard and full shard.
  cases.push_back({"Llama-2-13B FSDP hybrid 512 GPUs, 1 step", "4xdgx_a100_llama2_13b_hsdp.yaml",
                   {"nodes=64", "steps=1", "warmup_steps=0"}});
  cases.push_back({"Llama-2-13B FSDP full 512 GPUs, 1 step", "4xdgx_a100_llama2_13b_hsdp.yaml",
                   {"nodes=64", "steps=1", "warmup_steps=0", "fsdp.sharding=full_shard"}});
  // Per-linear units with block checkpointing and offload: the FSDP blog's GPT runs, 128 GPUs.
  cases.push_back({"GPT 175B FSDP per-linear 128 GPUs, 1 step", "128xA100_gpt175b_fsdp.yaml",
                   {"steps=1", "warmup_steps=0"}});
  cases.push_back({"GPT 1T FSDP per-linear+act offload 128 GPUs", "128xA100_gpt1t_fsdp.yaml",
                   {"steps=1", "warmup_steps=0"}});
  // Model parallelism: LLaMA-65B TP8 PP2 on 16 A100, BLOOM-176B TP4 PP12 DP8 on 384 (128
  // micro-batches), Llama 3 405B TP8 PP16 DP128 on 16,384 H100 (the goal: under 30 s).
  cases.push_back({"LLaMA-65B TP8 PP2 16 GPUs, 1 step", "16xA100_llama_65b_tp8_pp2.yaml", {}});
  cases.push_back({"BLOOM-176B TP4 PP12 DP8 384 GPUs", "384xA100_bloom176b_tp4_pp12.yaml", {}});
  // The current hardware: two GB200 NVL72 racks (a 72-GPU NVLink domain each, PXN
  // forwarding inside, InfiniBand between), Mixtral's expert parallelism across compute trays.
  cases.push_back({"Llama 3.1 405B TP8 PP8 2x NVL72 128 GPUs", "2xnvl72_llama3_405b.yaml", {}});
  cases.push_back({"Mixtral 8x7B EP8 PP4 1x NVL72 64 GPUs", "nvl72_mixtral_8x7b.yaml", {}});
  if (argc <= 2 || std::string(argv[2]) != "--quick")
    cases.push_back({"Llama 3 405B TP8 PP16 DP128 16384 GPUs", "16384xH100_llama3_405b_tp8_pp16.yaml", {}});
  std::printf("# simtrain bench: scenario runs (median of %d)\n", repeats);
  std::printf("# %-40s  %9s  %9s  %9s  %9s  %11s  %9s\n", "case", "wall_s", "cpu_s", "tasks", "events", "events/s",
              "rss_MiB");
  for (const Case& c : cases) {
    train::RunResult last;
    const Timing t = median_of(repeats, [&] { last = drive::run_scenario(load_scenario(dir + c.file, c.sets), {}); });
    const double w = t.wall_s;
    std::printf("  %-40s  %9.3f  %9.3f  %9llu  %9llu  %11.0f  %9.1f\n", c.label.c_str(), w, t.cpu_s,
                static_cast<unsigned long long>(last.tasks), static_cast<unsigned long long>(last.events),
                static_cast<double>(last.events) / w, static_cast<double>(peak_rss_kib()) / 1024.0);
  }
  // The layout search: every layout judged by the closed forms, the best 8 simulated.
  std::printf("# simtrain bench: plan (median of %d)\n", repeats);
  std::printf("# %-40s  %9s  %9s  %9s  %9s\n", "case", "wall_s", "cpu_s", "layouts", "simulated");
  struct PlanCase {
    std::string label, file;
    std::vector<std::string> sets;
  };
  for (const PlanCase& c : std::vector<PlanCase>{
           {"plan LLaMA-65B on 16 A100", "16xA100_llama_65b_tp8_pp2.yaml", {}},
           {"plan Llama 3 405B on 1024 H100", "16384xH100_llama3_405b_tp8_pp16.yaml", {"nodes=128"}},
           {"plan Mixtral 8x7B on 1 NVL72 rack", "nvl72_mixtral_8x7b.yaml", {}}}) {
    train::PlanResult last;
    const Timing t = median_of(repeats, [&] { last = drive::plan_layouts(load_scenario(dir + c.file, c.sets), c.sets, {}); });
    int simulated = 0;
    for (const auto& r : last.rows) simulated += r.simulated ? 1 : 0;
    std::printf("  %-40s  %9.3f  %9.3f  %9zu  %9d\n", c.label.c_str(), t.wall_s, t.cpu_s,
                last.rows.size(), simulated);
  }
  // advise (the goal: at least 200 configurations under 60 s on 2 cores): every shipped system
  // at 1, 2, 4 and 8 nodes x the nine strategies, on two worker threads; and the 13B question.
  std::printf("# simtrain bench: advise, 2 threads (median of %d)\n", repeats);
  std::printf("# %-40s  %9s  %9s  %9s  %9s\n", "case", "wall_s", "cpu_s", "configs", "ran");
  struct AdviseCase {
    std::string label, file;
  };
  for (const AdviseCase& c : std::vector<AdviseCase>{
           {"advise ResNet-50, every shipped system", "8xA100_pcie_switch.yaml"},
           {"advise Llama-2-13B 50B tokens question", "advise_llama2_13b_50b_tokens.yaml"},
           {"advise 70B: H200, B200, MI300X, NVL72", "advise_llama3_70b_h200_b200_mi300x_nvl72.yaml"}}) {
    report::AdviseResult last;
    drive::AdviseOptions o;
    o.jobs = 2;
    const Timing t = median_of(repeats, [&] { last = drive::advise(dir + c.file, {}, o); });
    std::size_t ran = 0;
    for (const auto& k : last.candidates) ran += k.result ? 1 : 0;
    std::printf("  %-40s  %9.3f  %9.3f  %9zu  %9zu\n", c.label.c_str(), t.wall_s, t.cpu_s, last.candidates.size(), ran);
  }
  return 0;
}
