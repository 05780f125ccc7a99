#include "report/validation_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "report/error_bands.hpp"
#include "report/run_report.hpp"

namespace simtrain::report {

namespace fs = std::filesystem;

namespace {

// A number as the table shows it: grouped whole numbers from 1,000, else two decimals.
std::string num(double v) {
  if (std::fabs(v) >= 1000) return thousands(v);
  if (std::fabs(v) >= 100) return fmt::format("{:.1f}", v);
  return fmt::format("{:.2f}", v);
}

// A measured figure as the source gives it: grouped from 1,000, else its shortest form.
std::string measured_num(double v) {
  if (std::fabs(v) >= 1000) return num(v);
  return fmt::format("{}", v);
}

std::string pct(double e) {
  const double p = e * 100;
  return std::fabs(p) >= 10 ? fmt::format("{:+.0f}%", p) : fmt::format("{:+.1f}%", p);
}

}  // namespace

const std::vector<std::string>& validation_categories() {
  static const std::vector<std::string> c = {"collective", "gemm", "cnn_1gpu", "transformer_1gpu", "ddp", "fsdp", "parallel_3d", "memory"};
  return c;
}

ValidationSummary summarize(const std::vector<ValidationResult>& results) {
  ValidationSummary s;
  s.cases = static_cast<int>(results.size());
  std::vector<double> abs_err;
  double signed_sum = 0;
  for (const auto& r : results) {
    if (r.c.bound.empty() && !r.c.anchor) {
      abs_err.push_back(std::fabs(r.error));
      signed_sum += r.error;
      s.worst_abs_error = std::max(s.worst_abs_error, std::fabs(r.error));
    }
    if (r.c.tolerance || !r.c.bound.empty()) {
      ++s.with_tolerance;
      if (r.within) ++s.within;
    }
  }
  s.counted = static_cast<int>(abs_err.size());
  if (!abs_err.empty()) {
    s.mean_signed_error = signed_sum / static_cast<double>(abs_err.size());
    std::sort(abs_err.begin(), abs_err.end());
    const std::size_t n = abs_err.size();
    s.median_abs_error = n % 2 ? abs_err[n / 2] : (abs_err[n / 2 - 1] + abs_err[n / 2]) / 2;
  }
  return s;
}

std::vector<std::pair<std::string, ValidationSummary>> summarize_by_category(const std::vector<ValidationResult>& results) {
  std::vector<std::pair<std::string, ValidationSummary>> out;
  for (const std::string& cat : validation_categories()) {
    std::vector<ValidationResult> in;
    for (const auto& r : results)
      if (r.c.category == cat) in.push_back(r);
    if (!in.empty()) out.emplace_back(cat, summarize(in));
  }
  return out;
}

namespace {

// `text` cut to `width` bytes ("..." at the end), never inside a UTF-8 character.
std::string cut(const std::string& text, std::size_t width) {
  if (text.size() <= width || width < 4) return text;
  std::size_t n = width - 3;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "...";
}

}  // namespace

std::string format_validation(const std::vector<ValidationResult>& results, const std::string& cases_name,
                              std::size_t width) {
  std::size_t wid = 4, wwhat = 4, wmeas = 8, wwithin = 16;
  std::vector<std::string> meas;
  for (const auto& r : results) {
    wid = std::max(wid, r.c.key().size());
    wwhat = std::max(wwhat, r.c.what.size());
    const std::string bound = r.c.bound == "at_least" ? ">= " : r.c.bound == "at_most" ? "<= " : "";
    meas.push_back(bound + measured_num(r.c.measured) + " " + r.c.unit);
    wmeas = std::max(wmeas, meas.back().size());
  }
  std::vector<std::string> within(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    within[i] = !r.c.bound.empty() ? fmt::format("{:<3} (bound)", r.within ? "yes" : "NO")
                : r.c.anchor       ? fmt::format("{:<3} (anchor: a constant was read from it)", r.within ? "yes" : "NO")
                : r.c.tolerance    ? fmt::format("{:<3} (+-{:.0f}%)", r.within ? "yes" : "NO", *r.c.tolerance * 100)
                                   : "-";
    wwithin = std::max(wwithin, within[i].size());
  }
  // Wider than the terminal (width > 0 only when stdout is one): each case's `what` on a line
  // of its own under its figures, cut to the width. A file or a pipe gets the one-line table.
  const bool split = width > 0 && wid + wwhat + wmeas + 10 + 7 + wwithin + 10 > width;
  std::string out = fmt::format("simtrain validate: {} cases from {} (measured: public figures, sources in the file)\n\n",
                                results.size(), cases_name);
  if (split)
    out += fmt::format("{:<{}}  {:>{}}  {:>10}  {:>7}  {}\n    what\n", "id", wid, "measured", wmeas, "simulated",
                       "error", "within tolerance");
  else
    out += fmt::format("{:<{}}  {:<{}}  {:>{}}  {:>10}  {:>7}  {}\n", "id", wid, "what", wwhat, "measured", wmeas,
                       "simulated", "error", "within tolerance");
  std::string last_category;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    if (r.c.category != last_category) {
      out += fmt::format("[{}]\n", r.c.category);
      last_category = r.c.category;
    }
    const std::string error = r.c.bound.empty() ? pct(r.error) : "";
    if (split)
      out += fmt::format("{:<{}}  {:>{}}  {:>10}  {:>7}  {}\n    {}\n", r.c.key(), wid, meas[i], wmeas, num(r.simulated),
                         error, within[i], cut(r.c.what, width - 4));
    else
      out += fmt::format("{:<{}}  {:<{}}  {:>{}}  {:>10}  {:>7}  {}\n", r.c.key(), wid, r.c.what, wwhat, meas[i], wmeas,
                         num(r.simulated), error, within[i]);
  }
  out += "\nBy category (bounds and calibration anchors excluded from the errors):\n";
  for (const auto& [cat, cs] : summarize_by_category(results)) {
    if (cs.counted == 0) {
      out += fmt::format("  {:<17} {:>3} cases, none with an error (bounds or anchors), {} of {} within\n", cat, cs.cases,
                         cs.within, cs.with_tolerance);
      continue;
    }
    out += fmt::format("  {:<17} {:>3} cases, median |error| {:5.1f}%, worst {:5.1f}%, mean signed {:+6.1f}%, {} of {} within\n",
                       cat, cs.cases, cs.median_abs_error * 100, cs.worst_abs_error * 100, cs.mean_signed_error * 100,
                       cs.within, cs.with_tolerance);
  }
  const ValidationSummary s = summarize(results);
  out += fmt::format("\n{} cases, median |error| {:.1f}% (bounds and anchors excluded), {} of {} within tolerance or bound\n",
                     s.cases, s.median_abs_error * 100, s.within, s.with_tolerance);
  return out;
}

nlohmann::json validation_to_json(const std::vector<ValidationResult>& results) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& r : results) {
    nlohmann::json o = {
        {"id", r.c.id},
        {"case", r.c.key()},
        {"what", r.c.what},
        {"category", r.c.category},
        {"anchor", r.c.anchor},
        {"source", r.c.source},
        {"measured", {{"value", r.c.measured}, {"unit", r.c.unit}, {"bound", r.c.bound.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.c.bound)}}},
        {"simulated", r.simulated},
        {"error", r.error},
        {"tolerance", r.c.tolerance ? nlohmann::json(*r.c.tolerance) : nlohmann::json(nullptr)},
        {"within_tolerance", r.within},
        {"note", r.c.note},
    };
    // The case's domain, as its error band looks it up (report/error_bands.hpp).
    const RunKind k = case_kind(r);
    o["domain"] = {{"gpu", r.gpu},
                   {"generation", k.generation},
                   {"gpus", r.gpus},
                   {"nodes", r.nodes},
                   {"scale", k.scale.empty() ? nlohmann::json(nullptr) : nlohmann::json(k.scale)},
                   {"software", r.software.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.software)},
                   {"size_class", k.size_class.empty() ? nlohmann::json(nullptr) : nlohmann::json(k.size_class)},
                   {"oversubscribed", k.oversubscribed},
                   {"source", source_key(r.c.source)}};
    if (r.c.collective) {
      const auto& cc = *r.c.collective;
      o["reproduce"] = {{"collective",
                         {{"system", fs::path(cc.system).stem().string()},
                          {"nodes", cc.nodes},
                          {"gpus", cc.gpus},
                          {"op", cc.op},
                          {"algo", cc.algo},
                          {"ring_order", cc.ring_order},
                          {"fabric", cc.fabric},
                          {"size_bytes", cc.size_bytes},
                          {"compares", "busbw_gbps"}}}};
      o["algo"] = r.detail;
    } else if (r.c.gemm) {
      const auto& gc = *r.c.gemm;
      o["reproduce"] = {{"gemm",
                         {{"gpu", gc.gpu}, {"precision", gc.precision}, {"m", gc.m}, {"n", gc.n}, {"k", gc.k},
                          {"compares", "tflops"}}}};
    } else {
      const auto& sc = *r.c.scenario;
      o["reproduce"] = {{"scenario",
                         {{"file", sc.file_as_written},
                          {"set", sc.set},
                          {"report", sc.report},
                          {"field", sc.field},
                          {"per_gpu", sc.per_gpu},
                          {"divide_by", sc.divide_by}}}};
    }
    a.push_back(std::move(o));
  }
  return a;
}

}  // namespace simtrain::report
