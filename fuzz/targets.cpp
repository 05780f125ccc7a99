// The fuzz entry points (fuzz/targets.hpp).
#include "targets.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <set>
#include <stdexcept>

#include "chakra/trace.hpp"
#include "drive/run.hpp"
#include "drive/search.hpp"
#include "report/search_record.hpp"
#include "engine/executor.hpp"
#include "drive/validate.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"
#include "topo/cluster.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "topo/nccl_xml.hpp"
#include "topo/topo_import.hpp"
#include "train/strategy.hpp"
#include "drive/net_fit.hpp"
#include "drive/profile_trace.hpp"
#include "work/calibration.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"

namespace simtrain::fuzz {
namespace {

namespace fs = std::filesystem;

// One temporary directory per process (removed at exit), a subdirectory per target so that a
// catalog target's devices.yaml is never "the catalog next to" another target's input.
class TempDir {
 public:
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "simtrain_fuzz.XXXXXX").string();
    if (!mkdtemp(templ.data())) throw std::runtime_error("fuzz: cannot create a temporary directory");
    root_ = templ;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  // Writes the bytes to <root>/<target>/<name> and returns the path.
  std::string write(const std::string& target, const std::string& name, const std::uint8_t* data, std::size_t size) {
    const fs::path dir = root_ / target;
    fs::create_directories(dir);
    const fs::path p = dir / name;
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    if (!out) throw std::runtime_error("fuzz: cannot write " + p.string());
    return p.string();
  }

 private:
  fs::path root_;
};

TempDir& temp_dir() {
  static TempDir dir;
  return dir;
}

std::string as_text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

std::string shipped(const std::string& rel) { return std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/" + rel; }

// Runs one load; the loaders' documented answers to bad input are not findings.
template <class F>
int expect_user_errors_only(F&& load) {
  try {
    load();
  } catch (const ScenarioError&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}

}  // namespace

int fuzz_scenario(const std::uint8_t* data, std::size_t size) {
  const std::string path = temp_dir().write("scenario", "scenario.yaml", data, size);
  return expect_user_errors_only([&] { (void)load_scenario(path, {}); });
}

int fuzz_scenario_run(const std::uint8_t* data, std::size_t size) {
  // A scenario that loads is also run, one measured step, so that values the loader accepts but
  // the step builder cannot take (a grad_accumulation of 2^31) are found. Runs of more than
  // kMaxNodes nodes are left out: a shipped 16,384-GPU scenario takes seconds under ASan and
  // would read as a hang. A large but legal run (5,000 warm-up steps: within the bounds and
  // the 50 M-task budget, tens of seconds under ASan) is stopped by the --max-seconds mechanism
  // at kRunSeconds, well inside libFuzzer's -timeout: that bound is the documented answer to a
  // long run, not a finding (CI's first fuzz run found such an input,
  // tests/fuzz_regressions/scenario_run/timeout-d04f67e3...).
  constexpr int kMaxNodes = 4;
  constexpr double kRunSeconds = 3;
  const std::string path = temp_dir().write("scenario_run", "scenario.yaml", data, size);
  return expect_user_errors_only([&] {
    const ScenarioSpec spec = load_scenario(path, {});
    if (spec.nodes > kMaxNodes) return;
    drive::RunOptions opt;
    opt.steps_override = 1;
    opt.max_seconds = kRunSeconds;
    try {
      (void)drive::run_scenario(spec, opt);
    } catch (const engine::DeadlineExceeded&) {
    }
  });
}

int fuzz_system(const std::uint8_t* data, std::size_t size) {
  // In memory, as a scenario's inline `system:` reaches the loader; the path only places the
  // (absent) devices.yaml and the files a `catalog:` names.
  const std::string path = temp_dir().write("system", "system.yaml", data, size);
  return expect_user_errors_only([&] {
    auto doc = YamlDoc::parse(as_text(data, size), path);
    (void)topo::load_system_from(root_field(doc), path, 1);
  });
}

int fuzz_catalog(const std::uint8_t* data, std::size_t size) {
  // Both ways a catalog file is read: as the base (a devices.yaml beside a system file) and as
  // an extension of the shipped one (a scenario's or system's `catalog:`).
  const std::string base = temp_dir().write("catalog", "devices.yaml", data, size);
  expect_user_errors_only([&] { (void)topo::Catalog::load(base); });
  return expect_user_errors_only([&] { (void)topo::Catalog::load(shipped("topologies/devices.yaml"), {base}); });
}

int fuzz_model(const std::uint8_t* data, std::size_t size) {
  return expect_user_errors_only([&] {
    auto doc = YamlDoc::parse(as_text(data, size), "fuzz_model.yaml");
    (void)work::load_model_doc(doc, "fuzz_model");
  });
}

int fuzz_cases(const std::uint8_t* data, std::size_t size) {
  const std::string path = temp_dir().write("cases", "cases.yaml", data, size);
  return expect_user_errors_only([&] { (void)drive::load_cases(path); });
}

int fuzz_calibration(const std::uint8_t* data, std::size_t size) {
  static const work::ComputeCalibration base = work::load_calibration(
      work::default_calibration_path(shipped("topologies/devices.yaml")), "a100_sxm4_80gb");
  const std::string path = temp_dir().write("calibration", "calibration.yaml", data, size);
  return expect_user_errors_only([&] { (void)work::apply_calibration_file(path, "a100_sxm4_80gb", base); });
}

int fuzz_topo_import(const std::uint8_t* data, std::size_t size) {
  // The models of the shipped example (tests/cli/topo_import_nps4.t); the matrix is the input.
  topo::TopoImportOptions opt;
  opt.gpu_model = "a100_sxm4_40gb";
  opt.cpu_model = "amd_epyc_7742";
  opt.nic_model = "connectx6_hdr";
  opt.name = "fuzz";
  return expect_user_errors_only([&] { (void)topo::import_topo_matrix(as_text(data, size), "fuzz_topo.txt", opt); });
}

int fuzz_nccl_xml(const std::uint8_t* data, std::size_t size) {
  // The models of the shipped example (tests/cli/topo_import_nccl_xml_h200.t); the XML is the input.
  topo::TopoImportOptions opt;
  opt.gpu_model = "h200_sxm";
  opt.cpu_model = "intel_xeon_8480c";
  opt.nic_model = "connectx7_ndr";
  opt.name = "fuzz";
  return expect_user_errors_only([&] { (void)topo::import_nccl_xml(as_text(data, size), "fuzz_topo.xml", opt); });
}

int fuzz_nccl_tests(const std::uint8_t* data, std::size_t size) {
  return expect_user_errors_only([&] { (void)parse_nccl_tests_log(as_text(data, size), "fuzz.log"); });
}

namespace {

// The checks the searches give read_journal (drive/sweep.cpp, advise.cpp, plan.cpp): a sweep
// point's and an advise configuration's figures, and a plan layout's, which a stored error stops.
std::vector<drive::CheckRecord> record_checks() {
  const auto failed = [](const nlohmann::json& r) {
    return r.contains("error") || r.contains("input_error") || r.contains("internal_error");
  };
  return {
      [failed](std::size_t, const nlohmann::json& r) {
        if (r.contains("error")) (void)report::stored_error(r);
        if (!failed(r)) (void)report::result_from_record(r, report::sweep_result_from_json);
      },
      [failed](std::size_t, const nlohmann::json& r) {
        if (r.contains("error")) return (void)report::stored_error(r);
        (void)report::advise_text_from_record(r);
        if (r.contains("result")) (void)report::result_from_record(r, report::advise_result_from_json);
      },
      drive::check_stopping_record([](std::size_t, const nlohmann::json& r) { (void)report::plan_result_from_json(r); }),
  };
}

bool shallow(const nlohmann::json& v, int depth) {
  if (!v.is_structured()) return true;
  if (depth <= 0) return false;
  for (const auto& x : v)
    if (!shallow(x, depth - 1)) return false;
  return true;
}

// The bytes as a part of the search `id`: each line that is a JSON object (nested at most 16
// deep) gets the search's fingerprint (the header) and its checksum recomputed, so that a
// mutation reaches the header's and records' checks past the checksum; the header's points
// are capped at 1,000 and returned (0 when the first line is no object with points).
std::size_t reseal(const std::string& text, const drive::SearchIdentity& id, std::string& out) {
  std::size_t points = 0, at = 0;
  for (bool first = true; at < text.size(); first = false) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    nlohmann::json v = nlohmann::json::parse(line, nullptr, false);
    if (v.is_object() && shallow(v, 16)) {
      if (first) {
        v["fingerprint"] = id.fingerprint;
        if (v.contains("points") && v["points"].is_number_unsigned())
          v["points"] = points = std::min<std::size_t>(v["points"].get<std::size_t>(), 1000);
      }
      v["checksum"] = drive::record_checksum(id.fingerprint, v);
      line = v.dump();
    }
    out += line + (end < text.size() ? "\n" : "");
  }
  return points;
}

}  // namespace

// A journal as written (each search's check), then resealed as a part of a known search and
// merged (drive/search.hpp: the header's and records' range and type checks, shares, points).
int fuzz_journal(const std::uint8_t* data, std::size_t size) {
  const std::string path = temp_dir().write("journal", "fuzz.jsonl", data, size);
  return expect_user_errors_only([&] {
    const std::vector<drive::CheckRecord> checks = record_checks();
    for (const drive::CheckRecord& check : checks) {
      try {
        (void)drive::read_journal(path, check);
      } catch (const ScenarioError&) {
      }
    }
    const drive::SearchIdentity id = drive::search_identity({{"command", "sweep"}}, path, "simtrain fuzz");
    std::string sealed;
    const std::size_t points = reseal(as_text(data, size), id, sealed);
    const std::string part = temp_dir().write("journal", "part.jsonl", reinterpret_cast<const std::uint8_t*>(sealed.data()),
                                              sealed.size());
    drive::SearchExecution ex;
    ex.identity = id;
    ex.parts = {part};
    ex.allow_missing = true;
    const drive::RunPoint never = [](std::size_t) -> nlohmann::json { throw std::logic_error("fuzz: a merge ran a point"); };
    for (const drive::CheckRecord& check : checks) {
      try {
        (void)drive::execute_search(points, never, ex, check);
      } catch (const ScenarioError&) {
      }
    }
  });
}

// Kineto (PyTorch profiler) traces: read, then split into steps on every device with kernels,
// so the step windows, the launch correlation and the interval unions all see the input (the
// split was once quadratic in steps x kernels; a timeout here is a finding).
int fuzz_profile(const std::uint8_t* data, std::size_t size) {
  const std::string path = temp_dir().write("profile", "fuzz_trace.json", data, size);
  return expect_user_errors_only([&] {
    const drive::ProfileTrace t = drive::load_profile_trace(path);
    std::set<int> devices;
    for (const drive::TraceKernel& k : t.kernels) devices.insert(k.device);
    for (int d : devices) {
      (void)drive::split_trace(t, d);
      (void)drive::traced_device(t, d);
    }
  });
}

// Chakra traces: the bytes as rank 0's file of a one-rank trace, and split at their middle into
// two ranks' files (so that the cross-rank matching of collectives and sends sees input too).
int fuzz_chakra(const std::uint8_t* data, std::size_t size) {
  return expect_user_errors_only([&] {
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    for (int parts : {1, 2}) {
      try {
        chakra::Trace t;
        t.dir = "fuzz";
        const std::size_t half = parts == 1 ? all.size() : all.size() / 2;
        const chakra::ReadOptions opt{parts == 2};  // the split also reads with missing dependencies dropped
        t.ranks.push_back(chakra::parse_rank_file("fuzz.0.et", 0, all.substr(0, half), opt, t.stats));
        if (parts == 2) t.ranks.push_back(chakra::parse_rank_file("fuzz.1.et", 1, all.substr(half), opt, t.stats));
        chakra::link_ranks(t, std::nullopt);
      } catch (const ScenarioError&) {
        if (parts == 2) throw;
      }
    }
  });
}

int fuzz_net_calibration(const std::uint8_t* data, std::size_t size) {
  const std::string path = temp_dir().write("net_calibration", "calibration.yaml", data, size);
  return expect_user_errors_only([&] {
    const auto cal = work::load_network_calibration(path);
    if (cal.empty()) return;
    auto cluster = topo::load_system(shipped("topologies/dgx_a100.yaml"), 1);
    coll::NcclParams params = coll::NcclParams::load_default(cluster->catalog().path());
    (void)drive::apply_network_calibration(cal, *cluster, params, cluster->first_gpus_of_each_node(cluster->gpus_per_node()));
    // The fitted constants in use: the tuner's choice and the LL bound at a small and a large size.
    coll::Planner planner(*cluster, params);
    for (double bytes : {32768.0, 1073741824.0}) {
      coll::Request req;
      req.bytes = bytes;
      (void)planner.plan(req);
    }
  });
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"scenario", &fuzz_scenario}, {"scenario_run", &fuzz_scenario_run}, {"system", &fuzz_system},   {"catalog", &fuzz_catalog},         {"model", &fuzz_model},
      {"cases", &fuzz_cases},       {"calibration", &fuzz_calibration}, {"topo_import", &fuzz_topo_import},
      {"nccl_xml", &fuzz_nccl_xml},         {"nccl_tests", &fuzz_nccl_tests},
      {"journal", &fuzz_journal},
      {"chakra", &fuzz_chakra},
      {"profile", &fuzz_profile},
      {"net_calibration", &fuzz_net_calibration},
  };
  return all;
}

}  // namespace simtrain::fuzz
