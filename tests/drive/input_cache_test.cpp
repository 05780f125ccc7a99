// Caches of objects built from input files (scenario/input_cache.hpp): two runs that
// differ only in a cached input get different answers, and the same inputs the same object.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "scenario/input_cache.hpp"
#include "topo/catalog.hpp"
#include "train/strategy.hpp"

using namespace simtrain;
namespace fs = std::filesystem;

namespace {

const fs::path kTopo = fs::path(SIMTRAIN_TEST_SOURCE_DIR) / "topologies";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
// `text` with every occurrence of `from` replaced by `to` (at least one).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  std::size_t n = 0;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()), ++n)
    text.replace(at, from.size(), to);
  REQUIRE(n > 0);
  return text;
}
void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
// `text` with its one occurrence of `from` replaced by `to` (a test edit that must hit).
std::string edited(const std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  return text.substr(0, at) + to + text.substr(at + from.size());
}

// A private copy of the shipped topologies/ (catalog, prices, software, compute, NCCL files
// and the systems) and of the headline scenario, so a test may edit any of them.
struct Sandbox {
  fs::path dir;
  Sandbox() {
    dir = fs::temp_directory_path() / ("simtrain_input_cache_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& e : fs::directory_iterator(kTopo))
      if (e.path().extension() == ".yaml") fs::copy_file(e.path(), dir / e.path().filename());
    fs::copy_file(fs::path(SIMTRAIN_TEST_SOURCE_DIR) / "scenarios" / "8xA100_pcie_switch.yaml", dir / "scenario.yaml");
  }
  ~Sandbox() { fs::remove_all(dir); }
  double step_s() const {
    // The system by its path: a bare name would find the shipped file first.
    const std::string system = "system=" + (dir / "pcie_switch_8gpu.yaml").string();
    return drive::run_scenario(load_scenario((dir / "scenario.yaml").string(), {"steps=1", "warmup_steps=0", system}),
                               {})
        .step_time_s;
  }
};

}  // namespace

TEST_CASE("a catalog is built once per file text and afresh when a file changes", "[drive][cache]") {
  Sandbox box;
  const std::string devices = (box.dir / "devices.yaml").string();
  const std::string text = slurp(devices);
  const auto first = topo::Catalog::load(devices);
  CHECK(topo::Catalog::load(devices) == first);  // the same texts: this thread's same object
  // PCIe Gen4 x16 at 16 GB/s instead of 31.5: only the number in the file differs.
  write(devices, edited(text, "bandwidth: 31.5 GB/s", "bandwidth: 16 GB/s"));
  const auto slow = topo::Catalog::load(devices);
  CHECK(slow != first);
  CHECK(slow->link_kind("pcie4x16").bandwidth_bytes_per_s == Approx(16e9));
  CHECK(first->link_kind("pcie4x16").bandwidth_bytes_per_s == Approx(31.5e9));  // handed out: unchanged
  // prices.yaml beside the catalog is an input too: without it the catalog has no prices.
  write(devices, text);
  CHECK(topo::Catalog::load(devices) == first);
  fs::rename(box.dir / "prices.yaml", box.dir / "prices.moved");
  const auto unpriced = topo::Catalog::load(devices);
  CHECK(unpriced != first);
  CHECK(unpriced->prices().path.empty());
  CHECK(!first->prices().path.empty());
  fs::rename(box.dir / "prices.moved", box.dir / "prices.yaml");
  // A file that cannot be parsed is an error every time (failures are never cached).
  write(devices, text + "\nlink_kinds: {}\n");
  CHECK_THROWS_AS(topo::Catalog::load(devices), ScenarioError);
  CHECK_THROWS_AS(topo::Catalog::load(devices), ScenarioError);
}

TEST_CASE("two runs differing only in a cached input get different answers", "[drive][cache]") {
  Sandbox box;
  const double base = box.step_s();
  REQUIRE(base > 0);
  SECTION("the catalog (PCIe link bandwidth)") {
    // Halving every Gen4 x16 link slows the gradient all-reduce, which crosses the PCIe
    // switches and the root complex on this system: the step can only get longer.
    const fs::path devices = box.dir / "devices.yaml";
    const std::string text = slurp(devices);
    write(devices, edited(text, "bandwidth: 31.5 GB/s", "bandwidth: 15.75 GB/s"));
    const double slow = box.step_s();
    CHECK(slow > base);
    write(devices, text);
    CHECK(box.step_s() == base);  // the first file's text again: its answer again
  }
  SECTION("the software profile (host dispatch per kernel)") {
    // 10 ms of host time to issue each forward kernel instead of 10 us: ResNet-50's forward
    // pass issues over a hundred kernels, so the host, not the GPU, sets the step.
    const fs::path software = box.dir / "software.yaml";
    const std::string text = slurp(software);
    write(software, replaced(text, "    dispatch_forward: 10 us\n", "    dispatch_forward: 10 ms\n"));
    CHECK(box.step_s() > base + 0.5);
    write(software, text);
    CHECK(box.step_s() == base);
  }
  SECTION("the NCCL parameters (collectives.yaml beside the catalog)") {
    // 5 ms instead of 6 us of host enqueue per NCCL call: every gradient bucket's all-reduce
    // waits that much longer, so the step can only get longer.
    const fs::path nccl = box.dir / "collectives.yaml";
    const std::string text = slurp(nccl);
    write(nccl, edited(text, "call_overhead: 6 us", "call_overhead: 5 ms"));
    CHECK(box.step_s() > base);
    write(nccl, text);
    CHECK(box.step_s() == base);
  }
  SECTION("the scenario (a checked text is not re-checked, but a changed one is)") {
    const fs::path scenario = box.dir / "scenario.yaml";
    const std::string text = slurp(scenario);
    write(scenario, text + "\nbatch_per_gpu: 128\n");  // the key given twice: an error
    CHECK_THROWS_AS(box.step_s(), ScenarioError);
    write(scenario, edited(text, "batch_per_gpu: 256", "batch_per_gpu: 128"));
    CHECK(box.step_s() < base);  // half the samples per step: less compute
  }
}

TEST_CASE("an input key names the file's text and an absent file", "[drive][cache]") {
  Sandbox box;
  const std::string f = (box.dir / "x.yaml").string();
  write(f, "a: 1\n");
  const std::string one = InputKey("t").file(f).str();
  CHECK(InputKey("t").file(f).str() == one);
  write(f, "a: 2\n");
  CHECK(InputKey("t").file(f).str() != one);
  CHECK(InputKey("u").file(f).str() != InputKey("t").file(f).str());  // the builder's tag
  CHECK(InputKey("t").value("ab").value("c").str() != InputKey("t").value("a").value("bc").str());
  CHECK(InputKey("t").optional_file(f).str() != InputKey("t").optional_file(f + ".none").str());
  CHECK(!InputKey("t").file(f + ".none").usable());  // unreadable: the builder runs uncached
}
