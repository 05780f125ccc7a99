#include "report/error_bands.hpp"
#include "scenario/limits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::report {

namespace {

// Units where more is better (a positive error is optimistic), and where less is.
const std::vector<std::string>& higher_better_units() {
  static const std::vector<std::string> u = {"GB/s",  "TFLOP/s", "TFLOP/s/GPU",  "img/s",       "seq/s",
                                             "samples/s", "tokens/s", "tokens/s/GPU", "samples/GPU"};
  return u;
}
const std::vector<std::string>& lower_better_units() {
  static const std::vector<std::string> u = {"s", "ms", "s/step", "s/iteration", "GiB", "GB"};
  return u;
}

// The arch's number: "sm_80" -> 80, -1 when it is not sm_N.
int arch_number(const std::string& arch) {
  if (arch.rfind("sm_", 0) != 0 || arch.size() < 4) return -1;
  const std::string digits = arch.substr(3);
  if (digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoi(digits);
}

// What a category's runs are called in a sentence ("12 public FSDP/ZeRO runs").
std::string category_what(const std::string& category) {
  static const std::map<std::string, std::string> what = {
      {"collective", "nccl-tests collectives"},
      {"gemm", "GEMM microbenchmarks"},
      {"cnn_1gpu", "single-GPU CNN runs"},
      {"transformer_1gpu", "single-GPU transformer runs"},
      {"ddp", "multi-GPU DDP runs"},
      {"fsdp", "FSDP/ZeRO runs"},
      {"parallel_3d", "tensor/pipeline-parallel (3-D) runs"},
      {"memory", "peak-memory and largest-batch cases"},
  };
  const auto it = what.find(category);
  return it == what.end() ? category + " cases" : it->second;
}

std::string scope_label(const std::string& scope) {
  return scope == "multi_node" ? "across nodes" : scope == "intra_node" ? "within a node" : "";
}

std::string group_what(const std::string& category, const std::string& size_class, const std::string& scope) {
  if (category != "collective" || (size_class.empty() && scope.empty())) return category_what(category);
  std::string s = "collectives";
  if (!size_class.empty()) s += " of " + size_class_label(size_class);
  if (!scope.empty()) s += " " + scope_label(scope);
  return s;
}

// Signed percent as the reports show it: +5.2%, -12%.
std::string signed_pct(double e) {
  const double p = e * 100;
  return std::fabs(p) >= 10 ? fmt::format("{:+.0f}%", p) : fmt::format("{:+.1f}%", p);
}
std::string abs_pct(double e) {
  const double p = std::fabs(e) * 100;
  return p >= 10 ? fmt::format("{:.0f}%", p) : fmt::format("{:.1f}%", p);
}

// A fraction as the bands file writes it: four decimals, never "-0.0000".
std::string yaml_num(double v) {
  std::string s = fmt::format("{:.4f}", v);
  if (s == "-0.0000") s = "0.0000";
  return s;
}

struct Counted {
  double abs_error, optimism;
  std::string generation, gpu;
  int arch;
};

BandGroup summarize_group(const std::string& category, const std::string& size_class, const std::string& scope,
                          const std::string& generation, const std::vector<Counted>& in) {
  BandGroup g;
  g.category = category;
  g.size_class = size_class;
  g.scope = scope;
  g.generation = generation;
  g.what = group_what(category, size_class, scope);
  g.cases = static_cast<int>(in.size());
  std::set<std::string> gpus;
  std::vector<double> abs_err;
  double opt_sum = 0;
  for (const Counted& c : in) {
    gpus.insert(c.gpu);
    abs_err.push_back(c.abs_error);
    opt_sum += c.optimism;
    g.worst_abs_error = std::max(g.worst_abs_error, c.abs_error);
  }
  g.gpus.assign(gpus.begin(), gpus.end());
  std::sort(abs_err.begin(), abs_err.end());
  const std::size_t n = abs_err.size();
  g.median_abs_error = n % 2 ? abs_err[n / 2] : (abs_err[n / 2 - 1] + abs_err[n / 2]) / 2;
  g.mean_optimism = opt_sum / static_cast<double>(n);
  return g;
}

// The "all" group, then one per generation in arch order.
void add_groups(std::vector<BandGroup>& out, const std::string& category, const std::string& size_class,
                const std::string& scope, const std::vector<Counted>& in) {
  if (in.empty()) return;
  out.push_back(summarize_group(category, size_class, scope, "all", in));
  std::map<std::string, int> first_arch;
  for (const Counted& c : in) {
    auto it = first_arch.find(c.generation);
    if (it == first_arch.end()) first_arch.emplace(c.generation, c.arch);
    else it->second = std::min(it->second, c.arch);
  }
  std::vector<std::pair<int, std::string>> gens;
  for (const auto& [gen, arch] : first_arch) gens.emplace_back(arch, gen);
  std::sort(gens.begin(), gens.end());
  for (const auto& [arch, gen] : gens) {
    std::vector<Counted> sub;
    for (const Counted& c : in)
      if (c.generation == gen) sub.push_back(c);
    out.push_back(summarize_group(category, size_class, scope, gen, sub));
  }
}

const BandGroup* find_group(const ErrorBands& bands, const RunKind& k, const std::string& generation) {
  for (const BandGroup& g : bands.groups)
    if (g.category == k.category && g.size_class == k.size_class && g.scope == k.scope && g.generation == generation)
      return &g;
  return nullptr;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

}  // namespace

int optimism_sign(const std::string& unit) {
  const auto& hi = higher_better_units();
  const auto& lo = lower_better_units();
  if (std::find(hi.begin(), hi.end(), unit) != hi.end()) return 1;
  if (std::find(lo.begin(), lo.end(), unit) != lo.end()) return -1;
  throw std::invalid_argument("unit '" + unit + "' is neither a rate nor a time or memory: expected one of " +
                              join(known_units()));
}

const std::vector<std::string>& known_units() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> v = higher_better_units();
    v.insert(v.end(), lower_better_units().begin(), lower_better_units().end());
    return v;
  }();
  return all;
}

std::string gpu_generation(const std::string& arch) {
  const int n = arch_number(arch);
  if (n >= 70 && n <= 72) return "Volta";
  if (n == 75) return "Turing";
  if (n >= 80 && n <= 87) return "Ampere";
  if (n == 89) return "Ada";
  if (n == 90) return "Hopper";
  if (n >= 100 && n <= 129) return "Blackwell";
  return arch;
}

std::string short_gpu_name(const std::string& name) {
  std::string s = name;
  for (const char* prefix : {"NVIDIA ", "Tesla ", "GeForce "})
    if (s.rfind(prefix, 0) == 0) s = s.substr(std::string(prefix).size());
  return s;
}

std::string collective_size_class(double bytes) {
  constexpr double mib = 1024.0 * 1024.0;
  if (bytes < 1 * mib) return "small";
  if (bytes < 64 * mib) return "medium";
  return "large";
}

std::string size_class_label(const std::string& size_class) {
  if (size_class == "small") return "< 1 MiB (latency-bound)";
  if (size_class == "medium") return "1 MiB to 64 MiB";
  if (size_class == "large") return ">= 64 MiB (bandwidth-bound)";
  return size_class;
}

std::vector<BandGroup> compute_bands(const std::vector<ValidationResult>& results) {
  std::vector<BandGroup> out;
  for (const std::string& cat : validation_categories()) {
    std::vector<Counted> all;
    std::map<std::pair<std::string, std::string>, std::vector<Counted>> fine;  // (size class, scope)
    for (const ValidationResult& r : results) {
      if (r.c.category != cat || !r.c.bound.empty() || r.c.anchor) continue;
      int sign = 0;
      try {
        sign = optimism_sign(r.c.unit);
      } catch (const std::invalid_argument& e) {
        throw ScenarioError("", r.c.line, 0, r.c.key() + ": measured.unit", e.what());
      }
      const Counted c{std::fabs(r.error), sign * r.error, gpu_generation(r.gpu_arch), short_gpu_name(r.gpu),
                      arch_number(r.gpu_arch)};
      all.push_back(c);
      if (r.c.collective)
        fine[{collective_size_class(r.c.collective->size_bytes), r.c.collective->nodes > 1 ? "multi_node" : "intra_node"}]
            .push_back(c);
    }
    add_groups(out, cat, "", "", all);
    for (const char* size : {"small", "medium", "large"})
      for (const char* scope : {"intra_node", "multi_node"}) {
        const auto it = fine.find({size, scope});
        if (it != fine.end()) add_groups(out, cat, size, scope, it->second);
      }
  }
  return out;
}

std::string format_bands_yaml(const std::vector<BandGroup>& groups) {
  std::string o;
  o += "# How far to trust simtrain's headline figures: the error of `simtrain validate` on public runs of\n"
       "# each kind (validation/cases.yaml). GENERATED: do not edit by hand. Regenerate with\n"
       "#   simtrain validate --bands > validation/error_bands.yaml\n"
       "# after any change to the model or the cases; the test cli.validate (`simtrain validate\n"
       "# --check-bands`) fails while this file differs from what the current model gives.\n"
       "# report/error_bands.hpp states the rule; in short:\n"
       "#   cases             counted cases (bounds and calibration anchors left out, as validate's summary)\n"
       "#   median_abs_error  median |simulated - measured| / measured\n"
       "#   worst_abs_error   the largest of them\n"
       "#   mean_optimism     mean signed error seen from the user: > 0 the model is optimistic (faster,\n"
       "#                     more throughput, less memory, a larger batch than measured), < 0 pessimistic\n"
       "#   generation        the GPUs' generation from the catalog's arch, or all\n"
       "#   size_class, scope collectives only: small < 1 MiB, medium 1 MiB to < 64 MiB, large >= 64 MiB;\n"
       "#                     intra_node or multi_node\n"
       "bands:\n";
  for (const BandGroup& g : groups) {
    o += fmt::format("  - category: {}\n", g.category);
    if (!g.size_class.empty()) o += fmt::format("    size_class: {}\n", g.size_class);
    if (!g.scope.empty()) o += fmt::format("    scope: {}\n", g.scope);
    o += fmt::format("    generation: {}\n", g.generation);
    std::string gpus;
    for (const std::string& n : g.gpus) gpus += (gpus.empty() ? "" : ", ") + fmt::format("\"{}\"", n);
    o += fmt::format("    gpus: [{}]\n", gpus);
    o += fmt::format("    what: \"{}\"\n", g.what);
    o += fmt::format("    cases: {}\n", g.cases);
    o += fmt::format("    median_abs_error: {}\n", yaml_num(g.median_abs_error));
    o += fmt::format("    worst_abs_error: {}\n", yaml_num(g.worst_abs_error));
    const std::string lean = g.mean_optimism > 0 ? "optimistic" : g.mean_optimism < 0 ? "pessimistic" : "no lean";
    o += fmt::format("    mean_optimism: {}   # {}\n", yaml_num(g.mean_optimism), lean);
  }
  return o;
}

namespace {
ErrorBands parse_bands_doc(const std::shared_ptr<const YamlDoc>& doc) {
  ErrorBands b;
  b.path = doc->path();
  Field root = root_field(doc);
  if (!root.is_map()) throw root.error("expected a mapping with a 'bands' list (simtrain validate --bands writes it)");
  root.check_keys({"bands"});
  const Field list = root.at("bands");
  if (!list.is_sequence()) throw list.error("expected a list of bands");
  std::set<std::string> seen;
  for (const Field& item : list.items()) {
    if (!item.is_map()) throw item.error("expected a band: a mapping with category, generation, cases and the errors");
    item.check_keys({"category", "size_class", "scope", "generation", "gpus", "what", "cases", "median_abs_error",
                     "worst_abs_error", "mean_optimism"});
    BandGroup g;
    g.line = item.line();
    g.category = item.at("category").as_choice(validation_categories());
    if (auto s = item.get("size_class")) g.size_class = s->as_choice({"small", "medium", "large"});
    if (auto s = item.get("scope")) g.scope = s->as_choice({"intra_node", "multi_node"});
    if ((!g.size_class.empty() || !g.scope.empty()) && g.category != "collective")
      throw item.error("size_class and scope are for collective bands only");
    g.generation = item.at("generation").as_string();
    const Field gpus = item.at("gpus");
    if (!gpus.is_sequence()) throw gpus.error("expected a list of GPU names");
    for (const Field& n : gpus.items()) g.gpus.push_back(n.as_string());
    g.what = item.at("what").as_string();
    g.cases = static_cast<int>(item.at("cases").as_int_in(1, limits::max_units));
    g.median_abs_error = item.at("median_abs_error").as_number_in(0, 100);
    g.worst_abs_error = item.at("worst_abs_error").as_number_in(0, 100);
    if (g.worst_abs_error < g.median_abs_error)
      throw item.at("worst_abs_error").error("the worst error is below the median: regenerate the file");
    g.mean_optimism = item.at("mean_optimism").as_number_in(-100, 100);
    const std::string key = g.category + "/" + g.size_class + "/" + g.scope + "/" + g.generation;
    if (!seen.insert(key).second) throw item.error("a second band for the same group: regenerate the file");
    b.groups.push_back(std::move(g));
  }
  return b;
}
}  // namespace

ErrorBands load_error_bands(const std::string& path) {
  if (!std::filesystem::is_regular_file(path))
    throw ScenarioError(path, 0, 0, "",
                        "cannot open the error bands file; `simtrain validate --bands > validation/error_bands.yaml` writes it");
  return parse_bands_doc(YamlDoc::load_shared(path));
}

ErrorBands parse_error_bands(const std::string& text, const std::string& name) {
  return parse_bands_doc(YamlDoc::parse(text, name));
}

std::string default_error_bands_path() { return std::string(SIMTRAIN_SOURCE_DIR) + "/validation/error_bands.yaml"; }

RunKind run_kind(const train::RunResult& r, bool memory) {
  RunKind k;
  k.generation = gpu_generation(r.gpu_arch);
  if (memory) k.category = "memory";
  else if (r.gpus == 1) k.category = r.seq_len == 0 ? "cnn_1gpu" : "transformer_1gpu";
  else if (r.strategy == "ddp") k.category = "ddp";
  else if (r.strategy == "fsdp" || r.strategy.rfind("zero", 0) == 0) k.category = "fsdp";
  else if (r.strategy == "megatron") k.category = "parallel_3d";
  return k;
}

train::ErrorBand lookup_band(const ErrorBands& bands, const RunKind& kind, const std::string& figure) {
  train::ErrorBand b;
  b.figure = figure;
  b.category = kind.category;
  b.generation = kind.generation;
  b.kind = kind.category.empty() ? "runs of this kind" : group_what(kind.category, kind.size_class, kind.scope);
  const BandGroup* g = kind.category.empty() ? nullptr : find_group(bands, kind, kind.generation);
  if (!g && !kind.category.empty()) {
    g = find_group(bands, kind, "all");
    b.fallback = g != nullptr;
  }
  if (!g) {
    b.description = kind.category.empty() ? "no public run of this kind validated"
                                          : "no public run of this kind validated (" + b.kind + ")";
    return b;
  }
  b.found = true;
  b.cases = g->cases;
  b.median_abs_error = g->median_abs_error;
  b.worst_abs_error = g->worst_abs_error;
  b.mean_optimism = g->mean_optimism;
  b.gpus = join(g->gpus);
  b.description = b.fallback ? fmt::format("no public {} on {}: median error of {} on other GPUs ({})", b.kind,
                                           kind.generation, g->cases, b.gpus)
                             : fmt::format("median error of {} public {} on {} ({})", g->cases, b.kind,
                                           kind.generation, b.gpus);
  return b;
}

std::vector<train::ErrorBand> bands_for_run(const ErrorBands& bands, const train::RunResult& r) {
  std::vector<train::ErrorBand> out;
  out.push_back(lookup_band(bands, run_kind(r, false), "step_time"));
  train::ErrorBand throughput = out.front();
  throughput.figure = "throughput";
  out.push_back(throughput);
  out.push_back(lookup_band(bands, run_kind(r, true), "peak_memory"));
  if (r.whole_run.enabled) {
    train::ErrorBand w = out.front();
    w.figure = "run_time";
    out.push_back(w);
  }
  return out;
}

std::vector<train::ErrorBand> bands_for_collective(const ErrorBands& bands, const SweepResult& r,
                                                   const std::string& generation, bool multi_node) {
  std::vector<train::ErrorBand> out;
  for (const char* size : {"small", "medium", "large"}) {
    const bool present = std::any_of(r.rows.begin(), r.rows.end(),
                                     [&](const SweepRow& row) { return collective_size_class(row.size_bytes) == size; });
    if (!present) continue;
    RunKind k;
    k.category = "collective";
    k.size_class = size;
    k.scope = multi_node ? "multi_node" : "intra_node";
    k.generation = generation;
    out.push_back(lookup_band(bands, k, size));
  }
  return out;
}

std::string band_text(const train::ErrorBand& b) {
  if (!b.found) return b.description;
  std::string lean;
  if (b.mean_optimism > 0) lean = fmt::format(", model tends optimistic ({} on average)", signed_pct(b.mean_optimism));
  else if (b.mean_optimism < 0) lean = fmt::format(", model tends pessimistic ({} on average)", signed_pct(b.mean_optimism));
  return fmt::format("+-{}: {}; worst {}{}", abs_pct(b.median_abs_error), b.description, abs_pct(b.worst_abs_error), lean);
}

nlohmann::json band_to_json(const train::ErrorBand& b) {
  auto num = [&](double v) { return b.found ? nlohmann::json(v) : nlohmann::json(); };
  return {{"found", b.found},
          {"median_abs_error", num(b.median_abs_error)},
          {"worst_abs_error", num(b.worst_abs_error)},
          {"mean_optimism", num(b.mean_optimism)},
          {"cases", b.cases},
          {"category", b.category.empty() ? nlohmann::json() : nlohmann::json(b.category)},
          {"kind", b.kind},
          {"generation", b.generation},
          {"gpus", b.gpus},
          {"fallback", b.fallback},
          {"description", b.description}};
}

}  // namespace simtrain::report
