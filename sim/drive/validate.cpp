#include "drive/validate.hpp"
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>

#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "drive/collective.hpp"
#include "drive/run.hpp"
#include "report/error_bands.hpp"
#include "report/run_report.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"
#include "scenario/scenario.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"
#include "topo/cluster.hpp"
#include "work/calibration.hpp"
#include "work/cost.hpp"
#include "scenario/files.hpp"

namespace simtrain::drive {

using report::CollectiveCase;
using report::GemmCase;
using report::ScenarioCase;
using report::ValidationCase;
using report::ValidationResult;

namespace fs = std::filesystem;

namespace {

// A path named in the cases file: relative to the data folder the file sits in
// (validation/cases.yaml -> ..), then to the file's folder, then as given, then on the data path.
std::string resolve_project_file(const std::string& name, const std::string& cases_path) {
  fs::path p(name);
  if (p.is_absolute()) return name;
  const fs::path dir = fs::path(cases_path).parent_path();
  for (const fs::path& c : {dir.parent_path() / p, dir / p, p})
    if (is_file(c)) return c.string();
  return data_path::find(name);
}

// A system: a file (as above) or a shipped system's name ("dgx_a100").
std::string resolve_system(const std::string& name, const std::string& cases_path) {
  std::string r = resolve_project_file(name, cases_path);
  if (!r.empty()) return r;
  if (fs::path(name).filename() == fs::path(name)) {
    const fs::path root = fs::path(cases_path).parent_path().parent_path();
    for (const fs::path& c : {root / "topologies" / name, root / "topologies" / (name + ".yaml")})
      if (is_file(c)) return c.string();
    return data_path::find_named(data_path::Kind::system, name);
  }
  return "";
}

nlohmann::json yaml_to_json(const Field& f) {
  if (f.is_map()) {
    nlohmann::json o = nlohmann::json::object();
    for (const Field& e : f.entries()) {
      const std::string& k = e.key();
      o[k.substr(k.rfind('.') + 1)] = yaml_to_json(e);  // entries' keys are dotted paths
    }
    return o;
  }
  if (f.is_sequence()) {
    nlohmann::json a = nlohmann::json::array();
    for (const Field& e : f.items()) a.push_back(yaml_to_json(e));
    return a;
  }
  return f.as_string();
}

CollectiveCase parse_collective(const Field& f, const std::string& cases_path) {
  f.check_keys({"system", "nodes", "gpus", "op", "algo", "ring_order", "fabric", "size"});
  CollectiveCase c;
  const Field sys = f.at("system");
  c.system = resolve_system(sys.as_string(), cases_path);
  if (c.system.empty()) throw sys.error("no such system file or shipped system '" + sys.as_string() + "'");
  if (auto n = f.get("nodes")) c.nodes = static_cast<int>(n->as_int_in(1, limits::max_nodes));
  if (auto g = f.get("gpus")) c.gpus = static_cast<int>(g->as_int_in(1, limits::max_parallel_degree));
  if (auto o = f.get("op")) c.op = o->as_choice(coll::training_op_names());
  if (auto a = f.get("algo")) c.algo = a->as_choice(coll::kAlgoNames.names());
  if (auto r = f.get("ring_order")) c.ring_order = r->as_choice({"auto", "given"});
  if (auto fb = f.get("fabric")) c.fabric = fb->as_choice({"single_switch", "fat_tree", "rail_optimized"});
  const Field size = f.at("size");
  try {
    c.size_bytes = parse_cli_size(size.as_string());
  } catch (const UnitError& e) {
    throw size.error(e.what());
  }
  if (c.size_bytes <= 0) throw size.error("expected a size above 0 (8, 64K, 1M, 1G)");
  return c;
}

ScenarioCase parse_scenario(const Field& f, const std::string& cases_path) {
  f.check_keys({"file", "set", "report", "field", "per_gpu", "divide_by"});
  ScenarioCase s;
  const Field file = f.at("file");
  s.file_as_written = file.as_string();
  s.file = resolve_project_file(s.file_as_written, cases_path);
  if (s.file.empty()) throw file.error("no such scenario file '" + s.file_as_written + "'");
  if (auto set = f.get("set")) {
    if (!set->is_sequence()) throw set->error("expected a list of key.path=value overrides");
    for (const Field& item : set->items()) {
      const std::string v = item.as_string();
      if (v.find('=') == std::string::npos) throw item.error("expected key.path=value, got '" + v + "'");
      s.set.push_back(v);
    }
  }
  if (auto r = f.get("report")) s.report = r->as_choice({"run", "memory"});
  const Field field = f.at("field");
  s.field = field.as_string();
  // A dotted path of names and list indices (throughput.samples_per_s, largest_batch.0.peak_bytes).
  const bool path_chars = !s.field.empty() && s.field.find_first_not_of(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") == std::string::npos;
  if (!path_chars || s.field.front() == '.' || s.field.back() == '.' || s.field.find("..") != std::string::npos)
    throw field.error("expected a dotted path into the report's JSON (throughput.samples_per_s, "
                      "largest_batch.0.peak_bytes), got '" + s.field + "'");
  const ScenarioError at = field.error("");
  s.field_path = at.file();
  s.field_line = at.line();
  s.field_col = at.col();
  s.field_context = at.context();
  if (auto pg = f.get("per_gpu")) s.per_gpu = pg->as_bool();
  if (auto d = f.get("divide_by")) {
    s.divide_by = d->as_number();
    if (!(s.divide_by > 0)) throw d->error("expected a number above 0 (1073741824 turns bytes into GiB)");
  }
  return s;
}

GemmCase parse_gemm(const Field& f) {
  f.check_keys({"gpu", "precision", "m", "n", "k"});
  GemmCase g;
  g.gpu = f.at("gpu").as_string();
  {
    auto catalog = topo::Catalog::load(data_path::require("topologies/devices.yaml"));
    if (!catalog->gpus().count(g.gpu)) {
      std::vector<std::string> names;
      for (const auto& [k, v] : catalog->gpus()) names.push_back(k);
      throw f.at("gpu").error("no GPU '" + g.gpu + "' in topologies/devices.yaml" + did_you_mean(g.gpu, names));
    }
    const std::string prec = f.at("precision").as_string();
    const auto& peaks = catalog->gpus().at(g.gpu).peak_flops;
    if (!peaks.count(prec)) throw f.at("precision").error(g.gpu + " has no " + prec + " rate in topologies/devices.yaml");
  }
  g.precision = f.at("precision").as_choice({"fp32", "tf32", "fp16", "bf16", "fp8"});
  g.m = static_cast<double>(f.at("m").as_int_at_least(1));
  g.n = static_cast<double>(f.at("n").as_int_at_least(1));
  g.k = static_cast<double>(f.at("k").as_int_at_least(1));
  return g;
}

ValidationCase parse_case(const Field& f, const std::string& cases_path) {
  if (!f.is_map()) throw f.error("expected a case: a mapping with id, source, what, measured and collective, gemm or scenario");
  f.check_keys({"id", "case", "category", "anchor", "source", "what", "measured", "collective", "scenario", "gemm",
                "tolerance", "note"});
  ValidationCase c;
  c.line = f.line();
  c.id = f.at("id").as_name();
  if (auto l = f.get("case")) c.label = l->as_name();
  c.what = f.at("what").as_string();
  const Field src = f.at("source");
  if (!src.is_map()) throw src.error("expected a mapping: repo/path/commit or url, provenance, confidence");
  src.check_keys({"repo", "path", "commit", "url", "section", "title", "author", "where", "provenance", "confidence"});
  if (!src.has("url") && !(src.has("repo") && src.has("path")))
    throw src.error("a source names a url, or a repo and a path");
  src.at("provenance").as_choice({"vendor", "independent", "community"});
  src.at("confidence").as_choice({"high", "medium", "low"});
  c.source = yaml_to_json(src);
  const Field m = f.at("measured");
  m.check_keys({"value", "unit", "bound"});
  c.measured = m.at("value").as_number();
  if (!(c.measured > 0)) throw m.at("value").error("expected a measured value above 0");
  // A known unit: its direction says whether a positive error is optimistic (report/error_bands.hpp).
  c.unit = m.at("unit").as_choice(report::known_units());
  if (auto b = m.get("bound")) c.bound = b->as_choice({"at_least", "at_most"});
  if (auto t = f.get("tolerance")) {
    if (!c.bound.empty()) throw t->key_error("a bound case holds or not: it takes no tolerance");
    c.tolerance = t->as_number_in(0, 100);
  }
  if (auto n = f.get("note")) c.note = n->as_string();
  const auto coll = f.get("collective");
  const auto scen = f.get("scenario");
  const auto gemm = f.get("gemm");
  if (int(coll.has_value()) + int(scen.has_value()) + int(gemm.has_value()) != 1)
    throw f.error("a case is reproduced by exactly one of 'collective', 'gemm' or 'scenario'");
  if (coll) c.collective = parse_collective(*coll, cases_path);
  if (scen) c.scenario = parse_scenario(*scen, cases_path);
  if (gemm) c.gemm = parse_gemm(*gemm);
  if (auto cat = f.get("category")) {
    c.category = cat->as_choice(report::validation_categories());
  } else if (coll) {
    c.category = "collective";
  } else if (gemm) {
    c.category = "gemm";
  } else if (c.scenario->report == "memory") {
    c.category = "memory";
  } else {
    std::string names;
    for (const std::string& cat : report::validation_categories())
      if (cat != "collective" && cat != "gemm" && cat != "memory") names += (names.empty() ? "" : ", ") + cat;
    throw f.error("a scenario case names its category: one of " + names);
  }
  if (auto a = f.get("anchor")) c.anchor = a->as_bool();
  return c;
}

// The error band's domain of a scenario case: the run's GPU, size, software and fabric.
void set_domain(ValidationResult& r, const train::RunResult& res) {
  r.gpu = res.gpu_name;
  r.gpu_arch = res.gpu_arch;
  r.gpus = std::max(1, res.gpus);
  r.nodes = std::max(1, res.nodes);
  r.software = res.software;
  r.oversubscription = res.fabric_oversubscription;
}

}  // namespace

std::string default_cases_path() { return data_path::require("validation/cases.yaml"); }

std::vector<ValidationCase> load_cases(const std::string& path) {
  auto doc = YamlDoc::load(path);
  Field root = root_field(doc);
  if (!root.is_map()) throw root.error("expected a mapping with a 'cases' list");
  root.check_keys({"cases"});
  const Field list = root.at("cases");
  if (!list.is_sequence()) throw list.error("expected a list of cases");
  std::vector<ValidationCase> out;
  std::set<std::string> keys;
  for (const Field& item : list.items()) {
    ValidationCase c = parse_case(item, path);
    if (!keys.insert(c.key()).second)
      throw item.error("case '" + c.key() + "' appears twice (give each case of one measurement its own 'case')");
    out.push_back(std::move(c));
  }
  return out;
}

ValidationResult run_case(const ValidationCase& c) {
  ValidationResult r;
  r.c = c;
  if (c.gemm) {
    const GemmCase& gc = *c.gemm;
    auto catalog = topo::Catalog::load(data_path::require("topologies/devices.yaml"));
    const auto it = catalog->gpus().find(gc.gpu);
    if (it == catalog->gpus().end()) throw ScenarioError("", 0, 0, c.key() + ": gemm.gpu", "no GPU '" + gc.gpu + "' in the catalog");
    const topo::GpuModel* gpu = &it->second;
    r.gpu = gpu->name;
    r.gpu_arch = gpu->arch;
    work::Precision prec;
    work::parse_precision(gc.precision == "fp16" ? "amp_fp16" : gc.precision == "bf16" ? "amp_bf16" : gc.precision, prec);
    work::ComputeCalibration cal = work::load_calibration(work::default_calibration_path(catalog->path()), gpu->key);
    try {
      work::CostModel cost(*gpu, cal, prec);
      r.simulated = 2.0 * gc.m * gc.n * gc.k / ps_to_seconds(cost.gemm_time(gc.m, gc.n, gc.k)) / 1e12;
    } catch (const std::invalid_argument& e) {
      throw ScenarioError("", 0, 0, c.key() + ": gemm.precision", e.what());
    }
    r.detail = fmt::format("{}x{}x{}", gc.m, gc.n, gc.k);
  } else if (c.collective) {
    const CollectiveCase& cc = *c.collective;
    auto cluster = topo::load_system(cc.system, cc.nodes, "", cc.fabric);
    coll::Planner planner(*cluster, coll::NcclParams::load_default(cluster->catalog().path()));
    coll::Request req;
    req.op = coll::kOpNames.parse(cc.op).value_or(coll::Op::all_reduce);
    req.algo = coll::kAlgoNames.parse(cc.algo).value_or(coll::Algo::automatic);
    req.ring_order_auto = cc.ring_order == "auto";
    req.bytes = cc.size_bytes;
    const int gpn = cluster->gpus_per_node();
    r.gpu = cluster->gpu_model(0).name;
    r.gpu_arch = cluster->gpu_model(0).arch;
    const int per_node = cc.gpus > 0 ? cc.gpus : gpn;
    if (per_node > gpn)
      throw ScenarioError("", 0, 0, c.key() + ": collective.gpus",
                          "the system has " + std::to_string(gpn) + " GPUs per node, not " + std::to_string(per_node));
    req.ranks = cluster->first_gpus_of_each_node(per_node);
    r.gpus = per_node * cc.nodes;
    r.nodes = cc.nodes;
    r.oversubscription = cc.nodes > 1 ? cluster->fabric().oversubscription : 1;
    report::SweepRow row = simulate_one(*cluster, planner, req, false, 0);
    r.simulated = row.busbw_gbps;
    r.detail = row.algo + "/" + row.protocol;
  } else {
    const ScenarioCase& sc = *c.scenario;
    ScenarioSpec spec = load_scenario(sc.file, sc.set);
    RunOptions ro;
    nlohmann::json j;
    const bool memory = sc.report == "memory";
    if (memory) {
      ro.steps_override = 1;  // as `simtrain memory`
      train::RunResult res = run_scenario(spec, ro);
      set_domain(r, res);
      // The largest batch of the scenario's own strategy only (the first row of the full search).
      if (sc.field.rfind("largest_batch", 0) == 0) res.fits = largest_batches(spec, true);
      // A search cut short (the run budget) has no figure to compare: said, not compared as 0.
      for (const train::RunResult::FitRow& f : res.fits)
        if (!f.not_searched.empty() || !f.stopped.empty())
          throw std::invalid_argument("the largest-batch search did not finish: " +
                                      (f.not_searched.empty() ? f.stopped : f.not_searched));
      j = report::memory_to_json(res);
      j["gpus"] = res.gpus;
    } else {
      const train::RunResult res = run_scenario(spec, ro);
      set_domain(r, res);
      j = report::run_to_json(res);
    }
    const std::string report_name = memory ? "the memory report" : "the run report";
    const nlohmann::json* v = &j;
    std::stringstream ss(sc.field);
    std::string part;
    while (std::getline(ss, part, '.')) {
      const bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
      if (v->is_array() && index && std::stoul(part) < v->size()) {
        v = &(*v)[std::stoul(part)];
        continue;
      }
      if (!v->is_object() || !v->contains(part))
        throw ScenarioError(sc.field_path, sc.field_line, sc.field_col, c.key() + ": scenario.field",
                            report_name + " has no field '" + sc.field +
                                (memory ? "' (e.g. peak_bytes_per_gpu, largest_batch.0.largest_batch_per_gpu)"
                                        : "' (e.g. throughput.samples_per_s)"),
                            sc.field_context);
      v = &(*v)[part];
    }
    if (!v->is_number())
      throw ScenarioError(sc.field_path, sc.field_line, sc.field_col, c.key() + ": scenario.field",
                          "'" + sc.field + "' is not a number in " + report_name, sc.field_context);
    r.simulated = v->get<double>();
    if (sc.per_gpu) r.simulated /= std::max(1, j.at("gpus").get<int>());
    r.simulated /= sc.divide_by;
    for (const std::string& s : sc.set) r.detail += (r.detail.empty() ? "" : " ") + s;
  }
  r.error = (r.simulated - c.measured) / c.measured;
  r.within = !c.tolerance || std::fabs(r.error) <= *c.tolerance;
  if (c.bound == "at_least") r.within = r.simulated >= c.measured;
  if (c.bound == "at_most") r.within = r.simulated <= c.measured;
  return r;
}

std::vector<ValidationResult> run_validation(const std::vector<ValidationCase>& cases,
                                             const std::vector<std::string>& only) {
  SearchExecution one;
  one.jobs = 1;  // one case at a time, as validate has always run in one process
  return *validation_search(cases, only, one);
}

std::vector<std::size_t> selected_cases(const std::vector<ValidationCase>& cases, const std::vector<std::string>& only) {
  for (const std::string& name : only) {
    const bool known = std::any_of(cases.begin(), cases.end(),
                                   [&](const ValidationCase& c) { return c.key() == name || c.id == name; });
    if (!known) {
      std::vector<std::string> names;
      for (const auto& c : cases) names.push_back(c.key());
      throw ScenarioError("", 0, 0, "--only", "no case '" + name + "'" + did_you_mean(name, names) +
                                                  "; `simtrain validate` lists them");
    }
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const ValidationCase& c = cases[i];
    if (only.empty() || std::any_of(only.begin(), only.end(),
                                    [&](const std::string& n) { return n == c.key() || n == c.id; }))
      out.push_back(i);
  }
  return out;
}

std::optional<std::vector<ValidationResult>> validation_search(const std::vector<ValidationCase>& cases,
                                                               const std::vector<std::string>& only,
                                                               const SearchExecution& ex) {
  const std::vector<std::size_t> chosen = selected_cases(cases, only);
  const RunPoint run_point = [&](std::size_t i) {
    return point_outcome(i, [&] { return report::validation_result_to_json(run_case(cases[chosen[i]])); });
  };
  const std::optional<std::vector<nlohmann::json>> records =
      execute_search(chosen.size(), run_point, ex, check_stopping_record([&](std::size_t i, const nlohmann::json& r) {
        report::validation_result_from_json(r, cases[chosen[i]]);
      }));
  if (!records) return std::nullopt;
  // The cases in file order; the first that failed stops validate with its error, as it ran.
  std::vector<ValidationResult> out;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const nlohmann::json& rec = (*records)[i];
    const ValidationCase& c = cases[chosen[i]];
    try {
      rethrow_point_failure(rec);
      out.push_back(report::result_from_record(
          rec, [&](const nlohmann::json& r) { return report::validation_result_from_json(r, c); }));
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error("the record of case " + c.key() + " is malformed: " + e.what());
    }
  }
  return out;
}

}  // namespace simtrain::drive
