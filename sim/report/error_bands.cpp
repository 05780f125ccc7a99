#include "report/error_bands.hpp"
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <cctype>
#include <filesystem>
#include <optional>
#include <string_view>
#include <map>
#include <set>
#include <tuple>
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
      {"training", "training runs of every strategy"},
  };
  const auto it = what.find(category);
  return it == what.end() ? category + " cases" : it->second;
}

std::string group_what(const std::string& category, const std::string& size_class) {
  if (category != "collective" || size_class.empty()) return category_what(category);
  return "collectives of " + size_class_label(size_class);
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

const std::vector<std::string>& training_categories() {
  static const std::vector<std::string> c = {"cnn_1gpu", "transformer_1gpu", "ddp", "fsdp", "parallel_3d"};
  return c;
}
bool is_training(const std::string& category) {
  const auto& t = training_categories();
  return std::find(t.begin(), t.end(), category) != t.end();
}

// The scale classes, small to large, with how a report names them: the one list the lookup,
// the file's order, its reader and the sentences use.
struct ScaleClass {
  const char *key, *label;
};
const std::vector<ScaleClass>& scale_classes() {
  static const std::vector<ScaleClass> s = {{"one_gpu", "1 GPU"},
                                            {"one_node", "1 node"},
                                            {"up_to_64_nodes", "2 to 64 nodes"},
                                            {"over_64_nodes", "over 64 nodes"}};
  return s;
}

// A domain level: which of the kind's fields a group keeps (the others are open).
struct Level {
  bool family, generation, scale, software, size_class;
};

// The lookup's levels for a category, finest first (see the header's rule).
const std::vector<Level>& levels(const std::string& category) {
  static const std::vector<Level> training = {{false, true, true, true, false}, {false, true, true, false, false},
                                              {false, true, false, false, false}, {false, false, true, false, false},
                                              {false, false, false, false, false}, {true, true, false, false, false},
                                              {true, false, false, false, false}};
  static const std::vector<Level> memory = {{false, true, true, true, false}, {false, true, true, false, false},
                                            {false, true, false, false, false}, {false, false, true, false, false},
                                            {false, false, false, false, false}};
  static const std::vector<Level> collective = {{false, true, true, false, true}, {false, false, true, false, true},
                                                {false, true, false, false, true}, {false, false, false, false, true},
                                                {false, true, false, false, false}, {false, false, false, false, false}};
  static const std::vector<Level> plain = {{false, true, false, false, false}, {false, false, false, false, false}};
  if (is_training(category)) return training;
  if (category == "memory") return memory;
  if (category == "collective") return collective;
  return plain;
}

// One counted case, with its kind.
struct Counted {
  double abs_error = 0, optimism = 0;
  RunKind kind;
  std::string gpu, source;
  int arch = -1;
};

// The group a kind falls in at a level.
struct GroupKey {
  std::string category, generation, scale, software, size_class;
  bool operator<(const GroupKey& o) const {
    return std::tie(category, generation, scale, software, size_class) <
           std::tie(o.category, o.generation, o.scale, o.software, o.size_class);
  }
};

GroupKey key_at(const RunKind& k, const Level& l) {
  return {l.family ? "training" : k.category, l.generation ? k.generation : "all", l.scale ? k.scale : "",
          l.software ? k.software : "", l.size_class ? k.size_class : ""};
}

// Quantile q of values weighted by weight: linear between the values' midpoint ranks
// (cumulative weight before the value plus half its own, over the total); the extremes beyond.
// With equal weights the median of an even count is the mean of the middle two.
double weighted_quantile(std::vector<std::pair<double, double>> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  double total = 0;
  for (const auto& [x, w] : v) total += w;
  double before = 0, prev_pos = 0, prev_x = v.front().first;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double pos = (before + v[i].second / 2) / total;
    if (q <= pos) {
      if (i == 0 || pos <= prev_pos) return v[i].first;
      return prev_x + (v[i].first - prev_x) * (q - prev_pos) / (pos - prev_pos);
    }
    before += v[i].second;
    prev_pos = pos;
    prev_x = v[i].first;
  }
  return v.back().first;
}

// The level at which k sources' quantile bounds a new source's error with probability q: a new
// source is as likely to rank anywhere among k + 1, so q needs rank q (k + 1) of k (the
// split-conformal correction); past the last, the worst.
double predictive_level(double q, int sources) {
  const double k = std::max(1, sources);
  return std::min(1.0, q * (k + 1) / k);
}

BandGroup summarize_group(const GroupKey& key, const std::vector<const Counted*>& in) {
  BandGroup g;
  g.category = key.category;
  g.generation = key.generation;
  g.scale = key.scale;
  g.software = key.software;
  g.size_class = key.size_class;
  g.what = group_what(key.category, key.size_class);
  g.cases = static_cast<int>(in.size());
  std::map<std::string, int> per_source;
  for (const Counted* c : in) ++per_source[c->source];
  g.sources = static_cast<int>(per_source.size());
  std::set<std::string> gpus;
  std::vector<std::pair<double, double>> weighted;
  double opt_sum = 0, weight_sum = 0;
  for (const Counted* c : in) {
    const double w = 1.0 / per_source[c->source];
    gpus.insert(c->gpu);
    weighted.emplace_back(c->abs_error, w);
    opt_sum += w * c->optimism;
    weight_sum += w;
    g.worst_abs_error = std::max(g.worst_abs_error, c->abs_error);
    g.largest_gpus = std::max(g.largest_gpus, c->kind.gpus);
    g.oversubscribed = g.oversubscribed || c->kind.oversubscribed;
  }
  g.gpus.assign(gpus.begin(), gpus.end());
  g.median_abs_error = weighted_quantile(weighted, predictive_level(0.5, g.sources));
  g.p90_abs_error = weighted_quantile(weighted, predictive_level(0.9, g.sources));
  g.mean_optimism = opt_sum / weight_sum;
  return g;
}

// The order groups are written in: categories as validation_categories() then training; "all"
// before generations in arch order; open fields before set ones; scales small to large.
struct GroupOrder {
  std::map<std::string, int> arch;  // generation -> its lowest arch number among the cases
  std::tuple<int, int, int, std::string, int> rank(const BandGroup& g) const {
    const auto& cats = validation_categories();
    const auto ci = std::find(cats.begin(), cats.end(), g.category) - cats.begin();
    const auto ai = arch.find(g.generation);
    const int gen = g.generation == "all" ? -1 : ai == arch.end() ? 100000 : ai->second;
    static const std::vector<std::string> sizes = {"", "small", "medium", "large"};
    const auto& scales = scale_classes();
    const auto si = g.scale.empty() ? 0
                                    : 1 + (std::find_if(scales.begin(), scales.end(),
                                                        [&](const ScaleClass& c) { return g.scale == c.key; }) -
                                           scales.begin());
    const auto zi = std::find(sizes.begin(), sizes.end(), g.size_class) - sizes.begin();
    return {static_cast<int>(ci), gen, static_cast<int>(si), g.software, static_cast<int>(zi)};
  }
};

std::vector<BandGroup> groups_of(const std::vector<Counted>& counted) {
  std::map<GroupKey, std::vector<const Counted*>> members;
  GroupOrder order;
  for (const Counted& c : counted) {
    auto it = order.arch.find(c.kind.generation);
    if (it == order.arch.end()) order.arch.emplace(c.kind.generation, c.arch);
    else it->second = std::min(it->second, c.arch);
    std::set<GroupKey> keys;  // a level that repeats another's group (an open field) counts once
    for (const Level& l : levels(c.kind.category)) keys.insert(key_at(c.kind, l));
    for (const GroupKey& k : keys) members[k].push_back(&c);
  }
  std::vector<BandGroup> out;
  for (const auto& [key, in] : members) out.push_back(summarize_group(key, in));
  std::stable_sort(out.begin(), out.end(),
                   [&](const BandGroup& a, const BandGroup& b) { return order.rank(a) < order.rank(b); });
  return out;
}

const BandGroup* find_group(const ErrorBands& bands, const GroupKey& k) {
  for (const BandGroup& g : bands.groups)
    if (g.category == k.category && g.generation == k.generation && g.scale == k.scale && g.software == k.software &&
        g.size_class == k.size_class)
      return &g;
  return nullptr;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// "Hopper, 2 to 64 nodes, software megatron_te"; "all GPUs" when every generation.
std::string domain_where(const BandGroup& g) {
  std::vector<std::string> parts = {g.generation == "all" ? std::string("all GPUs") : g.generation};
  if (!g.scale.empty()) parts.push_back(scale_label(g.scale));
  if (!g.software.empty()) parts.push_back("software " + g.software);
  return join(parts);
}
// "FSDP/ZeRO runs on Hopper, 2 to 64 nodes, software megatron_te".
std::string domain_text(const BandGroup& g) { return g.what + " on " + domain_where(g); }

// The cross-validated coverage of the run's category on its generation (else on all GPUs).
const CoverageRow* coverage_of(const ErrorBands& bands, const RunKind& kind) {
  const CoverageRow* all = nullptr;
  for (const CoverageRow& r : bands.coverage) {
    if (r.category != kind.category) continue;
    if (r.generation == kind.generation) return &r;
    if (r.generation == "all") all = &r;
  }
  return all;
}

// Why a run of this kind lies outside every validated domain, or "" when it does not.
std::string not_validated_reason(const ErrorBands& bands, const RunKind& k) {
  const std::string what = category_what(k.category);
  const BandGroup* all = find_group(bands, {k.category, "all", "", "", ""});
  if (!all) return "no public " + what + " validated";
  if (!find_group(bands, {k.category, k.generation, "", "", ""}))
    return what + " never validated on " + (k.generation.empty() ? std::string("this GPU") : k.generation);
  if (k.gpus > all->largest_gpus)
    return fmt::format("{} GPUs, above the largest validated of the {} ({} GPUs)", k.gpus, what, all->largest_gpus);
  if (k.oversubscribed && !all->oversubscribed)
    return "an oversubscribed fabric, where every validated run of the " + what + " had a non-blocking one";
  return "";
}

// Counted cases of the results (bounds and anchors left out), with their kinds.
std::vector<Counted> count_cases(const std::vector<ValidationResult>& results) {
  std::vector<Counted> out;
  for (const ValidationResult& r : results) {
    if (!r.c.bound.empty() || r.c.anchor) continue;
    int sign = 0;
    try {
      sign = optimism_sign(r.c.unit);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError("", r.c.line, 0, r.c.key() + ": measured.unit", e.what());
    }
    Counted c;
    c.abs_error = std::fabs(r.error);
    c.optimism = sign * r.error;
    c.kind = case_kind(r);
    c.gpu = short_gpu_name(r.gpu);
    c.source = source_key(r.c.source);
    c.arch = arch_number(r.gpu_arch);
    out.push_back(std::move(c));
  }
  return out;
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
  // AMD's gfx targets by architecture (LLVM AMDGPU processor table): gfx942 (MI300X, MI325X)
  // is CDNA 3, gfx950 (MI350X, MI355X) CDNA 4.
  if (arch == "gfx942") return "CDNA3";
  if (arch == "gfx950") return "CDNA4";
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

std::string scale_class(int gpus, int nodes) {
  const auto& c = scale_classes();
  return c[gpus <= 1 ? 0 : nodes <= 1 ? 1 : nodes <= 64 ? 2 : 3].key;
}

std::string scale_label(const std::string& scale) {
  for (const ScaleClass& c : scale_classes())
    if (scale == c.key) return c.label;
  return scale;
}

std::string source_key(const nlohmann::json& source) {
  if (source.is_object() && source.contains("url") && source["url"].is_string()) {
    std::string u = source["url"].get<std::string>();
    for (const char* scheme : {"https://", "http://"})
      if (u.rfind(scheme, 0) == 0) u = u.substr(std::string(scheme).size());
    if (u.rfind("www.", 0) == 0) u = u.substr(4);
    const auto hash = u.find('#');
    if (hash != std::string::npos) u = u.substr(0, hash);
    while (!u.empty() && u.back() == '/') u.pop_back();
    return u;
  }
  if (source.is_object() && source.contains("repo") && source["repo"].is_string()) return source["repo"].get<std::string>();
  return "unnamed source";
}

RunKind case_kind(const ValidationResult& r) {
  RunKind k;
  k.category = r.c.category;
  k.generation = gpu_generation(r.gpu_arch);
  k.gpus = r.gpus;
  k.scale = k.category == "gemm" ? "" : scale_class(r.gpus, r.nodes);
  k.software = r.software;
  if (r.c.collective) k.size_class = collective_size_class(r.c.collective->size_bytes);
  k.oversubscribed = r.nodes > 1 && r.oversubscription > 1;
  return k;
}

std::vector<BandGroup> compute_bands(const std::vector<ValidationResult>& results) {
  return groups_of(count_cases(results));
}

namespace {

// One left-out case and the band the other sources gave it.
struct Outcome {
  const Counted* c;
  bool found;
  double median, p90;
};

CoverageRow coverage_row(const std::string& category, const std::string& generation, const std::vector<Outcome>& in) {
  CoverageRow row;
  row.category = category;
  row.generation = generation;
  row.cases = static_cast<int>(in.size());
  std::set<std::string> sources;
  std::vector<std::pair<double, double>> errors, medians, p90s;
  int inside_median = 0, inside_p90 = 0;
  for (const Outcome& o : in) {
    sources.insert(o.c->source);
    errors.emplace_back(o.c->abs_error, 1.0);
    if (!o.found) {
      ++row.without_band;
      continue;
    }
    medians.emplace_back(o.median, 1.0);
    p90s.emplace_back(o.p90, 1.0);
    inside_median += o.c->abs_error <= o.median;
    inside_p90 += o.c->abs_error <= o.p90;
  }
  row.sources = static_cast<int>(sources.size());
  row.median_abs_error = weighted_quantile(errors, 0.5);
  row.band_median = weighted_quantile(medians, 0.5);
  row.band_p90 = weighted_quantile(p90s, 0.5);
  row.inside_median = static_cast<double>(inside_median) / row.cases;
  row.inside_p90 = static_cast<double>(inside_p90) / row.cases;
  return row;
}

}  // namespace

std::vector<CoverageRow> cross_validate(const std::vector<ValidationResult>& results) {
  const std::vector<Counted> counted = count_cases(results);
  std::set<std::string> sources;
  for (const Counted& c : counted) sources.insert(c.source);
  std::vector<Outcome> outcomes;
  for (const std::string& left_out : sources) {
    std::vector<Counted> rest;
    for (const Counted& c : counted)
      if (c.source != left_out) rest.push_back(c);
    ErrorBands others;
    others.groups = groups_of(rest);
    for (const Counted& c : counted) {
      if (c.source != left_out) continue;
      const train::ErrorBand b = lookup_band(others, c.kind, "");
      outcomes.push_back({&c, b.found, b.median_abs_error, b.p90_abs_error});
    }
  }
  // In file order within each slice (outcomes are by source): sort by the case's place.
  std::stable_sort(outcomes.begin(), outcomes.end(), [](const Outcome& a, const Outcome& b) { return a.c < b.c; });
  std::vector<CoverageRow> rows;
  for (const std::string& cat : validation_categories()) {
    std::vector<Outcome> in_cat;
    for (const Outcome& o : outcomes)
      if (o.c->kind.category == cat) in_cat.push_back(o);
    if (in_cat.empty()) continue;
    rows.push_back(coverage_row(cat, "all", in_cat));
    std::vector<std::pair<int, std::string>> gens;
    for (const Outcome& o : in_cat) {
      const std::pair<int, std::string> g{o.c->arch, o.c->kind.generation};
      const bool seen = std::any_of(gens.begin(), gens.end(), [&](const auto& x) { return x.second == g.second; });
      if (!seen) gens.push_back(g);
    }
    std::sort(gens.begin(), gens.end());
    for (const auto& [arch, gen] : gens) {
      std::vector<Outcome> in_gen;
      for (const Outcome& o : in_cat)
        if (o.c->kind.generation == gen) in_gen.push_back(o);
      rows.push_back(coverage_row(cat, gen, in_gen));
    }
  }
  if (!outcomes.empty()) rows.push_back(coverage_row("all", "all", outcomes));
  return rows;
}

namespace {

void format_group_yaml(std::string& o, const BandGroup& g) {
  o += fmt::format("  - category: {}\n", g.category);
  o += fmt::format("    generation: {}\n", g.generation);
  if (!g.scale.empty()) o += fmt::format("    scale: {}\n", g.scale);
  if (!g.software.empty()) o += fmt::format("    software: {}\n", g.software);
  if (!g.size_class.empty()) o += fmt::format("    size_class: {}\n", g.size_class);
  std::string gpus;
  for (const std::string& n : g.gpus) gpus += (gpus.empty() ? "" : ", ") + fmt::format("\"{}\"", n);
  o += fmt::format("    gpus: [{}]\n", gpus);
  o += fmt::format("    what: \"{}\"\n", g.what);
  o += fmt::format("    cases: {}\n", g.cases);
  o += fmt::format("    sources: {}\n", g.sources);
  o += fmt::format("    median_abs_error: {}\n", yaml_num(g.median_abs_error));
  o += fmt::format("    p90_abs_error: {}\n", yaml_num(g.p90_abs_error));
  o += fmt::format("    worst_abs_error: {}\n", yaml_num(g.worst_abs_error));
  const std::string lean = g.mean_optimism > 0 ? "optimistic" : g.mean_optimism < 0 ? "pessimistic" : "no lean";
  o += fmt::format("    mean_optimism: {}   # {}\n", yaml_num(g.mean_optimism), lean);
  o += fmt::format("    largest_gpus: {}\n", g.largest_gpus);
  o += fmt::format("    oversubscribed: {}\n", g.oversubscribed ? "true" : "false");
}

}  // namespace

std::string format_bands_yaml(const std::vector<BandGroup>& groups, const std::vector<CoverageRow>& coverage) {
  std::string o;
  o += "# How far to trust simtrain's headline figures: the error of `simtrain validate` on public runs of\n"
       "# each kind (validation/cases.yaml), and how well these bands predicted cases of a source left\n"
       "# out. GENERATED: do not edit by hand. Regenerate with\n"
       "#   simtrain validate --bands > validation/error_bands.yaml\n"
       "# after any change to the model or the cases; the test cli.validate (`simtrain validate\n"
       "# --check-bands`) fails while this file differs from what the current model gives.\n"
       "# report/error_bands.hpp states the rule; in short:\n"
       "#   category, generation, scale, software, size_class   the domain (an absent field: all)\n"
       "#   cases, sources    counted cases (bounds and calibration anchors left out) and the\n"
       "#                     independent publications behind them; each source weighs the same\n"
       "#   median_abs_error  weighted median |simulated - measured| / measured\n"
       "#   p90_abs_error     weighted 90th percentile of it\n"
       "#   worst_abs_error   the largest of them\n"
       "#   mean_optimism     weighted mean signed error seen from the user: > 0 the model is optimistic\n"
       "#                     (faster, more throughput, less memory, a larger batch than measured)\n"
       "#   largest_gpus      the largest validated run; oversubscribed: a case ran on such a fabric\n"
       "# coverage: leave one source out, its cases given the bands of the others: the share of them\n"
       "#   inside the median band and inside the 90% band (simtrain validate --cross-validate)\n"
       "bands:\n";
  for (const BandGroup& g : groups) format_group_yaml(o, g);
  o += "coverage:\n";
  for (const CoverageRow& r : coverage) {
    o += fmt::format("  - {{category: {}, generation: {}, cases: {}, sources: {}, median_abs_error: {}, band_median: {}, "
                     "band_p90: {}, inside_median: {}, inside_p90: {}, without_band: {}}}\n",
                     r.category, r.generation, r.cases, r.sources, yaml_num(r.median_abs_error), yaml_num(r.band_median),
                     yaml_num(r.band_p90), yaml_num(r.inside_median), yaml_num(r.inside_p90), r.without_band);
  }
  return o;
}

std::string format_cross_validation(const std::vector<CoverageRow>& rows) {
  std::string o =
      "Cross-validation: each source left out in turn, its cases given the bands the other sources make\n"
      "(median and 90th percentile of |error|; report/error_bands.hpp). A band predicts new runs when\n"
      "about 50% of the left-out cases fall inside its median and 90% inside its 90th percentile.\n\n";
  o += fmt::format("{:<17} {:<10} {:>5} {:>7} {:>10} {:>10} {:>10} {:>8} {:>8} {:>7}\n", "category", "generation",
                   "cases", "sources", "median|e|", "band med", "band p90", "in med", "in p90", "no band");
  for (const CoverageRow& r : rows)
    o += fmt::format("{:<17} {:<10} {:>5} {:>7} {:>9.1f}% {:>9.1f}% {:>9.1f}% {:>7.0f}% {:>7.0f}% {:>7}\n", r.category,
                     r.generation, r.cases, r.sources, 100 * r.median_abs_error, 100 * r.band_median,
                     100 * r.band_p90, 100 * r.inside_median, 100 * r.inside_p90, r.without_band);
  return o;
}

nlohmann::json cross_validation_to_json(const std::vector<CoverageRow>& rows) {
  nlohmann::json a = nlohmann::json::array();
  for (const CoverageRow& r : rows)
    a.push_back({{"category", r.category},
                 {"generation", r.generation},
                 {"cases", r.cases},
                 {"sources", r.sources},
                 {"median_abs_error", r.median_abs_error},
                 {"band_median", r.band_median},
                 {"band_p90", r.band_p90},
                 {"inside_median", r.inside_median},
                 {"inside_p90", r.inside_p90},
                 {"without_band", r.without_band}});
  return a;
}

namespace {

std::vector<std::string> band_categories() {
  std::vector<std::string> c = validation_categories();
  c.push_back("training");
  return c;
}

// A figure from 0 to hi, both included (an error or a share may be exactly 0).
double from_zero(const Field& f, double hi) {
  const double v = f.as_number();
  if (!(v >= 0 && v <= hi)) throw f.error(fmt::format("expected a number from 0 to {}, got {}", hi, f.as_string()));
  return v;
}

BandGroup parse_group(const Field& item) {
  if (!item.is_map()) throw item.error("expected a band: a mapping with category, generation, cases and the errors");
  item.check_keys({"category", "generation", "scale", "software", "size_class", "gpus", "what", "cases", "sources",
                   "median_abs_error", "p90_abs_error", "worst_abs_error", "mean_optimism", "largest_gpus",
                   "oversubscribed"});
  BandGroup g;
  g.line = item.line();
  g.category = item.at("category").as_choice(band_categories());
  g.generation = item.at("generation").as_string();
  if (auto s = item.get("scale")) {
    std::vector<std::string> keys;
    for (const ScaleClass& c : scale_classes()) keys.push_back(c.key);
    g.scale = s->as_choice(keys);
  }
  if (auto s = item.get("software")) g.software = s->as_name();
  if (auto s = item.get("size_class")) g.size_class = s->as_choice({"small", "medium", "large"});
  if (!g.size_class.empty() && g.category != "collective") throw item.error("size_class is for collective bands only");
  const Field gpus = item.at("gpus");
  if (!gpus.is_sequence()) throw gpus.error("expected a list of GPU names");
  for (const Field& n : gpus.items()) g.gpus.push_back(n.as_string());
  g.what = item.at("what").as_string();
  g.cases = static_cast<int>(item.at("cases").as_int_in(1, limits::max_units));
  g.sources = static_cast<int>(item.at("sources").as_int_in(1, g.cases));
  g.median_abs_error = from_zero(item.at("median_abs_error"), 100);
  g.p90_abs_error = from_zero(item.at("p90_abs_error"), 100);
  g.worst_abs_error = from_zero(item.at("worst_abs_error"), 100);
  if (g.p90_abs_error < g.median_abs_error)
    throw item.at("p90_abs_error").error("the 90th percentile is below the median: regenerate the file");
  if (g.worst_abs_error < g.p90_abs_error)
    throw item.at("worst_abs_error").error("the worst error is below the 90th percentile: regenerate the file");
  g.mean_optimism = item.at("mean_optimism").as_number_in(-100, 100);
  g.largest_gpus = static_cast<int>(item.at("largest_gpus").as_int_in(1, limits::max_units));
  g.oversubscribed = item.at("oversubscribed").as_bool();
  return g;
}

CoverageRow parse_coverage(const Field& item) {
  if (!item.is_map()) throw item.error("expected a coverage row: a mapping with category, generation and the shares");
  item.check_keys({"category", "generation", "cases", "sources", "median_abs_error", "band_median", "band_p90",
                   "inside_median", "inside_p90", "without_band"});
  CoverageRow r;
  r.line = item.line();
  std::vector<std::string> cats = validation_categories();
  cats.push_back("all");
  r.category = item.at("category").as_choice(cats);
  r.generation = item.at("generation").as_string();
  r.cases = static_cast<int>(item.at("cases").as_int_in(1, limits::max_units));
  r.sources = static_cast<int>(item.at("sources").as_int_in(1, r.cases));
  r.median_abs_error = from_zero(item.at("median_abs_error"), 100);
  r.band_median = from_zero(item.at("band_median"), 100);
  r.band_p90 = from_zero(item.at("band_p90"), 100);
  r.inside_median = from_zero(item.at("inside_median"), 1);
  r.inside_p90 = from_zero(item.at("inside_p90"), 1);
  r.without_band = static_cast<int>(item.at("without_band").as_int_in(0, r.cases));
  return r;
}

ErrorBands parse_bands_doc(const std::shared_ptr<const YamlDoc>& doc) {
  ErrorBands b;
  b.path = doc->path();
  Field root = root_field(doc);
  if (!root.is_map()) throw root.error("expected a mapping with a 'bands' list (simtrain validate --bands writes it)");
  root.check_keys({"bands", "coverage"});
  const Field list = root.at("bands");
  if (!list.is_sequence()) throw list.error("expected a list of bands");
  std::set<GroupKey> seen;
  for (const Field& item : list.items()) {
    BandGroup g = parse_group(item);
    if (!seen.insert({g.category, g.generation, g.scale, g.software, g.size_class}).second)
      throw item.error("a second band for the same domain: regenerate the file");
    b.groups.push_back(std::move(g));
  }
  if (auto cov = root.get("coverage")) {
    if (!cov->is_sequence()) throw cov->error("expected a list of coverage rows");
    for (const Field& item : cov->items()) b.coverage.push_back(parse_coverage(item));
  }
  return b;
}

}  // namespace

// ---- The bands file as the generator writes it, read without a YAML parser.
//
// `simtrain validate --bands` writes the file (format_bands_yaml) and nobody edits it by hand;
// reading its 55 kB through yaml-cpp was 40% of the headline run's instructions. A text is read
// here only when (1) every value is in the part of YAML where what is written is what is read:
// words of [A-Za-z0-9_.+/-] (no "null"), whole numbers, plain decimals, double-quoted text
// without '"', '\', control characters or invalid UTF-8; (2) every check parse_group and
// parse_coverage make passes; and (3) writing the groups read gives the text back byte for byte.
// Then the YAML reader would read the same groups from it. Any other text, and every error,
// goes through the YAML reader, which says where.
namespace {

struct BandLine {
  std::string_view text;
  int line = 0;  // 1-based
};

std::vector<BandLine> band_lines(std::string_view t) {
  std::vector<BandLine> out;
  int n = 0;
  for (std::size_t i = 0; i < t.size();) {
    const std::size_t e = t.find('\n', i);
    const std::size_t end = e == std::string_view::npos ? t.size() : e;
    out.push_back({t.substr(i, end - i), ++n});
    i = end + 1;
  }
  return out;
}

bool plain_word(std::string_view v) {
  if (v.empty() || v == "null" || v == "Null" || v == "NULL") return false;
  for (const char c : v)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_.+/-", c))) return false;
  return true;
}

bool quoted_text(std::string_view v, std::string& out) {
  if (v.size() < 2 || v.front() != '"' || v.back() != '"') return false;
  v = v.substr(1, v.size() - 2);
  for (const char c : v)
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
  if (!valid_utf8(v)) return false;
  out.assign(v);
  return true;
}

// As Field::as_int_in and Field::as_number read them (strtoll, strtod over the whole text).
bool whole_in(std::string_view v, long long lo, long long hi, int& out) {
  if (!plain_word(v)) return false;
  const std::string s(v);
  char* end = nullptr;
  errno = 0;
  const long long x = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno != 0 || x < lo || x > hi) return false;
  out = static_cast<int>(x);
  return true;
}
bool number(std::string_view v, double& out) {
  if (!plain_word(v)) return false;
  const std::string s(v);
  char* end = nullptr;
  errno = 0;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && errno == 0 && std::isfinite(out);
}
bool from_zero_to(std::string_view v, double hi, double& out) { return number(v, out) && out >= 0 && out <= hi; }

// "key: value" pairs of one group (its lines after "  - ") or one coverage row ("{...}").
using Pairs = std::map<std::string, std::string_view, std::less<>>;
bool add_pair(std::string_view kv, Pairs& pairs) {
  const std::size_t colon = kv.find(": ");
  if (colon == std::string_view::npos) return false;
  return pairs.emplace(std::string(kv.substr(0, colon)), kv.substr(colon + 2)).second;
}
std::string_view pair(const Pairs& p, const char* key) {
  const auto it = p.find(key);
  return it == p.end() ? std::string_view() : it->second;
}

bool read_gpus(std::string_view v, std::vector<std::string>& gpus) {
  if (v.size() < 2 || v.front() != '[' || v.back() != ']') return false;
  v = v.substr(1, v.size() - 2);
  while (!v.empty()) {
    const std::size_t comma = v.find("\", \"");
    const std::string_view item = comma == std::string_view::npos ? v : v.substr(0, comma + 1);
    if (!quoted_text(item, gpus.emplace_back())) return false;
    v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 3);
  }
  return true;
}

bool optional_word(const Pairs& p, const char* key, std::string& out) {
  const std::string_view v = pair(p, key);
  if (p.count(key) == 0) return true;
  if (!plain_word(v)) return false;
  out.assign(v);
  return true;
}

// parse_group's reading and checks.
bool band_group(const Pairs& p, BandGroup& g) {
  const auto cats = band_categories();
  const std::string_view cat = pair(p, "category");
  if (!plain_word(cat) || std::find(cats.begin(), cats.end(), cat) == cats.end()) return false;
  g.category.assign(cat);
  if (!plain_word(pair(p, "generation"))) return false;
  g.generation.assign(pair(p, "generation"));
  if (!optional_word(p, "scale", g.scale) || !optional_word(p, "software", g.software) ||
      !optional_word(p, "size_class", g.size_class))
    return false;
  const auto& scales = scale_classes();
  if (!g.scale.empty() &&
      std::none_of(scales.begin(), scales.end(), [&](const ScaleClass& c) { return g.scale == c.key; }))
    return false;
  bool name_ok = true;
  if (!g.software.empty()) check_name_text(g.software, [&](const std::string&) { name_ok = false; });
  if (!name_ok) return false;
  if (!g.size_class.empty() && ((g.size_class != "small" && g.size_class != "medium" && g.size_class != "large") ||
                                g.category != "collective"))
    return false;
  const std::string_view lean = pair(p, "mean_optimism");
  const std::size_t hash = lean.find("   # ");
  return read_gpus(pair(p, "gpus"), g.gpus) && quoted_text(pair(p, "what"), g.what) &&
         whole_in(pair(p, "cases"), 1, limits::max_units, g.cases) &&
         whole_in(pair(p, "sources"), 1, g.cases, g.sources) &&
         from_zero_to(pair(p, "median_abs_error"), 100, g.median_abs_error) &&
         from_zero_to(pair(p, "p90_abs_error"), 100, g.p90_abs_error) &&
         from_zero_to(pair(p, "worst_abs_error"), 100, g.worst_abs_error) && g.p90_abs_error >= g.median_abs_error &&
         g.worst_abs_error >= g.p90_abs_error && hash != std::string_view::npos &&
         number(lean.substr(0, hash), g.mean_optimism) && g.mean_optimism > -100 && g.mean_optimism <= 100 &&
         whole_in(pair(p, "largest_gpus"), 1, limits::max_units, g.largest_gpus) &&
         (pair(p, "oversubscribed") == "true" || pair(p, "oversubscribed") == "false") &&
         ((g.oversubscribed = pair(p, "oversubscribed") == "true"), true);
}

// parse_coverage's reading and checks, of "  - {category: ..., without_band: N}".
bool coverage_row(std::string_view text, CoverageRow& r) {
  if (text.size() < 6 || text.substr(0, 5) != "  - {" || text.back() != '}') return false;
  text = text.substr(5, text.size() - 6);
  Pairs p;
  for (std::size_t i = 0; i <= text.size();) {
    const std::size_t comma = std::min(text.find(", ", i), text.size());
    if (!add_pair(text.substr(i, comma - i), p)) return false;
    i = comma + 2;
  }
  std::vector<std::string> cats = validation_categories();
  cats.push_back("all");
  const std::string_view cat = pair(p, "category");
  if (!plain_word(cat) || std::find(cats.begin(), cats.end(), cat) == cats.end()) return false;
  if (!plain_word(pair(p, "generation"))) return false;
  r.category.assign(cat);
  r.generation.assign(pair(p, "generation"));
  return whole_in(pair(p, "cases"), 1, limits::max_units, r.cases) && whole_in(pair(p, "sources"), 1, r.cases, r.sources) &&
         from_zero_to(pair(p, "median_abs_error"), 100, r.median_abs_error) &&
         from_zero_to(pair(p, "band_median"), 100, r.band_median) && from_zero_to(pair(p, "band_p90"), 100, r.band_p90) &&
         from_zero_to(pair(p, "inside_median"), 1, r.inside_median) &&
         from_zero_to(pair(p, "inside_p90"), 1, r.inside_p90) && whole_in(pair(p, "without_band"), 0, r.cases, r.without_band);
}

// The groups of "bands:" up to "coverage:"; `at` is left at the "coverage:" line.
bool band_groups(const std::vector<BandLine>& lines, std::size_t& at, std::vector<BandGroup>& groups) {
  std::set<GroupKey> seen;
  while (at < lines.size() && lines[at].text.substr(0, 4) == "  - ") {
    Pairs p;
    const int first = lines[at].line;
    if (!add_pair(lines[at++].text.substr(4), p)) return false;
    while (at < lines.size() && lines[at].text.substr(0, 4) == "    ")
      if (!add_pair(lines[at++].text.substr(4), p)) return false;
    BandGroup g;
    g.line = first;
    if (!band_group(p, g) || !seen.insert({g.category, g.generation, g.scale, g.software, g.size_class}).second)
      return false;
    groups.push_back(std::move(g));
  }
  return !groups.empty();
}

std::optional<ErrorBands> read_written_bands(const std::string& text, const std::string& path) {
  const std::vector<BandLine> lines = band_lines(text);
  std::size_t at = 0;
  while (at < lines.size() && lines[at].text != "bands:") ++at;
  ErrorBands b;
  b.path = path;
  if (++at > lines.size() || !band_groups(lines, at, b.groups)) return std::nullopt;
  if (at >= lines.size() || lines[at++].text != "coverage:") return std::nullopt;
  for (; at < lines.size(); ++at) {
    CoverageRow r;
    r.line = lines[at].line;
    if (!coverage_row(lines[at].text, r)) return std::nullopt;
    b.coverage.push_back(std::move(r));
  }
  if (b.coverage.empty() || format_bands_yaml(b.groups, b.coverage) != text) return std::nullopt;
  return b;
}

}  // namespace

ErrorBands load_error_bands(const std::string& path) {
  if (!std::filesystem::is_regular_file(path))
    throw ScenarioError(path, 0, 0, "",
                        "cannot open the error bands file; `simtrain validate --bands > validation/error_bands.yaml` writes it");
  if (std::optional<ErrorBands> b = read_written_bands(read_input_file(path), path)) return std::move(*b);
  return parse_bands_doc(YamlDoc::load_shared(path));
}

ErrorBands parse_error_bands(const std::string& text, const std::string& name) {
  if (std::optional<ErrorBands> b = read_written_bands(text, name)) return std::move(*b);
  return parse_error_bands_yaml(text, name);
}

ErrorBands parse_error_bands_yaml(const std::string& text, const std::string& name) {
  return parse_bands_doc(YamlDoc::parse(text, name));
}

std::string default_error_bands_path() { return data_path::require("validation/error_bands.yaml"); }

RunKind planned_kind(const PlannedRun& p, bool memory) {
  RunKind k;
  k.generation = gpu_generation(p.gpu_arch);
  k.gpus = p.gpus;
  k.scale = scale_class(p.gpus, p.nodes);
  k.software = p.software;
  k.oversubscribed = p.nodes > 1 && p.fabric_oversubscription > 1;
  if (memory) k.category = "memory";
  else if (p.gpus == 1) k.category = p.seq_len == 0 ? "cnn_1gpu" : "transformer_1gpu";
  else if (p.strategy == "ddp") k.category = "ddp";
  else if (p.strategy == "fsdp" || p.strategy.rfind("zero", 0) == 0) k.category = "fsdp";
  else if (p.strategy == "megatron") k.category = "parallel_3d";
  return k;
}

RunKind run_kind(const train::RunResult& r, bool memory) {
  return planned_kind({r.gpu_arch, r.gpus, r.nodes, r.software, r.fabric_oversubscription, r.strategy, r.seq_len}, memory);
}

namespace {

// The level of the first group with kMinSources sources, else of the finest group with a case;
// levels().size() when none has a case.
std::size_t nearest_level(const ErrorBands& bands, const RunKind& kind) {
  const std::vector<Level>& ls = levels(kind.category);
  std::size_t first = ls.size();
  for (std::size_t i = 0; i < ls.size(); ++i) {
    const BandGroup* g = find_group(bands, key_at(kind, ls[i]));
    if (g && g->sources >= kMinSources) return i;
    if (g && first == ls.size()) first = i;
  }
  return first;
}

// A domain of k sources says little about the next source on its own: its quantiles are pooled
// with those of the first wider domain that has more sources, weighing k against kPriorSources
// (partial pooling: a domain of many sources keeps its own figures, one of two leans on its kind).
void shrink_to_wider(const ErrorBands& bands, const RunKind& kind, std::size_t level, const BandGroup& g,
                     double& median, double& p90) {
  median = g.median_abs_error;
  p90 = g.p90_abs_error;
  const std::vector<Level>& ls = levels(kind.category);
  for (std::size_t i = level + 1; i < ls.size(); ++i) {
    const BandGroup* w = find_group(bands, key_at(kind, ls[i]));
    if (!w || w->sources <= g.sources) continue;
    const double k = g.sources, k0 = kPriorSources;
    median = (k * median + k0 * w->median_abs_error) / (k + k0);
    p90 = (k * p90 + k0 * w->p90_abs_error) / (k + k0);
    return;
  }
}

// The 90% band is never narrower than a wider domain's: a domain of few sources cannot show a
// thinner tail than the kinds around it.
double p90_floor(const ErrorBands& bands, const RunKind& kind, std::size_t level) {
  const std::vector<Level>& ls = levels(kind.category);
  double p90 = 0;
  for (std::size_t i = level + 1; i < ls.size(); ++i)
    if (const BandGroup* g = find_group(bands, key_at(kind, ls[i]))) p90 = std::max(p90, g->p90_abs_error);
  return p90;
}

}  // namespace

train::ErrorBand lookup_band(const ErrorBands& bands, const RunKind& kind, const std::string& figure) {
  train::ErrorBand b;
  b.figure = figure;
  b.category = kind.category;
  b.generation = kind.generation;
  b.kind = kind.category.empty() ? "runs of this kind" : group_what(kind.category, kind.size_class);
  const std::size_t level = kind.category.empty() ? 0 : nearest_level(bands, kind);
  const BandGroup* g = kind.category.empty() || level == levels(kind.category).size()
                           ? nullptr
                           : find_group(bands, key_at(kind, levels(kind.category)[level]));
  b.fallback = level > 0;
  if (!g) {
    b.description = kind.category.empty() ? "no public run of this kind validated"
                                          : "no public run of this kind validated (" + b.kind + ")";
    return b;
  }
  b.found = true;
  b.cases = g->cases;
  b.sources = g->sources;
  shrink_to_wider(bands, kind, level, *g, b.median_abs_error, b.p90_abs_error);
  b.p90_abs_error = std::max({b.p90_abs_error, p90_floor(bands, kind, level), b.median_abs_error});
  b.worst_abs_error = std::max(g->worst_abs_error, b.p90_abs_error);
  b.mean_optimism = g->mean_optimism;
  b.gpus = join(g->gpus);
  b.domain = domain_text(*g);
  b.not_validated = not_validated_reason(bands, kind);
  b.validated = b.not_validated.empty();
  if (const CoverageRow* cov = coverage_of(bands, kind)) {
    b.coverage_cases = cov->cases;
    b.inside_median = cov->inside_median;
    b.inside_p90 = cov->inside_p90;
  }
  b.description = fmt::format("median error of {} public {} ({}) on {} ({})", g->cases, g->what,
                              g->sources == 1 ? std::string("1 source") : fmt::format("{} sources", g->sources),
                              domain_where(*g),
                              b.gpus);
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
                                                   const std::string& generation, int gpus, int nodes,
                                                   bool oversubscribed) {
  std::vector<train::ErrorBand> out;
  for (const char* size : {"small", "medium", "large"}) {
    const bool present = std::any_of(r.rows.begin(), r.rows.end(),
                                     [&](const SweepRow& row) { return collective_size_class(row.size_bytes) == size; });
    if (!present) continue;
    RunKind k;
    k.category = "collective";
    k.size_class = size;
    k.scale = scale_class(gpus, nodes);
    k.generation = generation;
    k.gpus = gpus;
    k.oversubscribed = nodes > 1 && oversubscribed;
    out.push_back(lookup_band(bands, k, size));
  }
  return out;
}

std::string band_text(const train::ErrorBand& b) {
  if (!b.found) return b.description;
  std::string lean;
  if (b.mean_optimism > 0) lean = fmt::format(", model tends optimistic ({} on average)", signed_pct(b.mean_optimism));
  else if (b.mean_optimism < 0) lean = fmt::format(", model tends pessimistic ({} on average)", signed_pct(b.mean_optimism));
  const std::string band = fmt::format("+-{} (90%: +-{}): {}; worst {}{}", abs_pct(b.median_abs_error),
                                       abs_pct(b.p90_abs_error), b.description, abs_pct(b.worst_abs_error), lean);
  std::string warning;
  if (b.coverage_cases > 0 && (b.inside_median < kMinMedianCoverage || b.inside_p90 < kMinP90Coverage))
    warning = fmt::format("; beware: with each source left out, {:.0f}% of its {} fell inside their median band and "
                          "{:.0f}% inside their 90% band (validate --cross-validate)",
                          100 * b.inside_median, b.kind, 100 * b.inside_p90);
  return (b.validated ? band : "not validated for this kind of run (" + b.not_validated + "); nearest band " + band) +
         warning;
}

nlohmann::json band_to_json(const train::ErrorBand& b) {
  auto num = [&](double v) { return b.found ? nlohmann::json(v) : nlohmann::json(); };
  return {{"found", b.found},
          {"median_abs_error", num(b.median_abs_error)},
          {"p90_abs_error", num(b.p90_abs_error)},
          {"worst_abs_error", num(b.worst_abs_error)},
          {"mean_optimism", num(b.mean_optimism)},
          {"cases", b.cases},
          {"sources", b.sources},
          {"category", b.category.empty() ? nlohmann::json() : nlohmann::json(b.category)},
          {"kind", b.kind},
          {"generation", b.generation},
          {"gpus", b.gpus},
          {"fallback", b.fallback},
          {"domain", b.domain},
          {"validated", b.validated},
          {"not_validated", b.not_validated.empty() ? nlohmann::json() : nlohmann::json(b.not_validated)},
          {"cross_validation",
           b.coverage_cases > 0 ? nlohmann::json{{"cases", b.coverage_cases},
                                                 {"inside_median", b.inside_median},
                                                 {"inside_p90", b.inside_p90}}
                                : nlohmann::json()},
          {"description", b.description}};
}

}  // namespace simtrain::report
