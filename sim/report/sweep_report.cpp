#include "report/sweep_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "report/error_bands.hpp"
#include "report/headroom.hpp"
#include "report/run_report.hpp"

namespace simtrain::report {

namespace {


// A CSV field: quoted when it holds a comma, a quote or a newline.
std::string csv(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string bound_of(const SweepPoint& p) {
  if (!p.result) return "error";
  if (p.result->oom) return p.result->bottleneck + ", OOM";
  return p.over_margin ? p.result->bottleneck + ", over margin" : p.result->bottleneck;
}

// "Memory headroom: peak + 12% (...) must fit the GPU; 2 points fit only without it."
std::string headroom_line(const std::vector<SweepPoint>& points) {
  double lo = 1, hi = 0;
  int over = 0;
  for (const SweepPoint& p : points) {
    if (!p.result) continue;
    lo = std::min(lo, p.memory_margin);
    hi = std::max(hi, p.memory_margin);
    over += p.over_margin ? 1 : 0;
  }
  if (hi < lo) return "";
  std::string o = "  Memory headroom: peak + " + (margin_text(lo) == margin_text(hi) ? margin_text(lo) : margin_text(lo) + " to " + margin_text(hi)) +
                  " must fit the GPU";
  if (over > 0) o += fmt::format("; {} point{} fit only without it (ranked with OOM; --memory-margin 0 ranks them)", over,
                                 over == 1 ? "" : "s");
  return o + "\n";
}

}  // namespace

const char* rank_by_name(RankBy by) { return kRankByNames.c_str(by); }

double rank_value(const SweepPoint& p, RankBy by) {
  switch (by) {
    case RankBy::time: return p.per_sample_s;
    case RankBy::cost:  // a point without a price ranks after every priced one
      return p.result && p.result->priced ? p.cost_per_million : std::numeric_limits<double>::infinity();
    case RankBy::energy: return p.joules_per_sample;
  }
  return 0;
}

bool sweep_costs_per_token(const std::vector<SweepPoint>& points) {
  bool tokens = false;
  for (const SweepPoint& p : points)
    if (p.result) tokens = p.result->tokens_per_s > 0;
  for (const SweepPoint& p : points)
    if (p.result && !(p.result->tokens_per_s > 0)) tokens = false;
  return tokens;
}

std::string sweep_scenario_name(const std::vector<SweepPoint>& points) {
  for (const SweepPoint& p : points)
    if (p.result) return p.result->scenario;
  return "?";
}

std::string format_sweep(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by) {
  const std::string scen = sweep_scenario_name(points);
  std::string keys;
  for (const SweepAxis& a : axes) keys += (keys.empty() ? "" : " x ") + a.key;
  const char* per = by == RankBy::time ? "time per sample" : by == RankBy::cost ? "cost per sample" : "energy per sample";
  std::string out = fmt::format("simtrain sweep: {}\n  {} points ({}), ranked by {}: each point per sample of its own "
                                "global batch, so points of other batches compare equal work\n",
                                scen, points.size(), keys, per);
  out += headroom_line(points) + "\n";

  // Columns: rank, the swept values, then the figures.
  std::vector<std::string> head = {"rank"};
  for (const SweepAxis& a : axes) head.push_back(a.key);
  const bool tokens = sweep_costs_per_token(points);
  const std::string unit = tokens ? "tokens" : "samples";
  std::vector<std::string> figures = {"GPUs", "step ms", "samples/s", "MFU", "mem GiB", "bound", "J/sample"};
  if (tokens) figures.insert(figures.begin() + 3, "tokens/s");
  figures.push_back("rent $/1M " + unit);
  figures.push_back("own $/1M " + unit);
  head.insert(head.end(), figures.begin(), figures.end());
  const std::size_t bound_col = head.size() - 4;
  // Three significant figures: a million tokens can cost cents.
  auto dollars = [](const std::optional<double>& v) {
    return !v ? std::string("-") : *v >= 100 ? fmt::format("{:.0f}", *v) : fmt::format("{:#.3g}", *v);
  };
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    std::vector<std::string> row = {std::to_string(i + 1)};
    row.insert(row.end(), p.values.begin(), p.values.end());
    if (p.result) {
      const train::RunResult& r = *p.result;
      row.push_back(std::to_string(r.gpus));
      row.push_back(fmt::format("{:.2f}", r.step_time_s * 1e3));
      row.push_back(thousands(r.samples_per_s));
      if (tokens) row.push_back(thousands(r.tokens_per_s));
      row.push_back(fmt::format("{:.1f}%", r.mfu * 100));
      row.push_back(memory_cell(r.memory_peak_bytes, r.memory_capacity_bytes) +
                    (r.oom ? " OOM" : p.over_margin ? " >margin" : ""));
      row.push_back(bound_of(p));
      row.push_back(fmt::format("{:#.3g}", p.joules_per_sample));
      row.push_back(dollars(tokens ? p.rent_per_million_tokens : p.rent_per_million_samples));
      row.push_back(dollars(tokens ? p.own_per_million_tokens : p.own_per_million_samples));
    } else {
      row.push_back("-");
      row.push_back("error: " + p.error);
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> w(head.size(), 0);
  for (std::size_t c = 0; c < head.size(); ++c) w[c] = head[c].size();
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size() && c < w.size(); ++c)
      if (row[c].rfind("error: ", 0) != 0) w[c] = std::max(w[c], row[c].size());
  const std::size_t nvals = 1 + axes.size();
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const bool last = c + 1 == cells.size();
      const bool left = c > 0 && c < nvals;  // swept values read left-aligned
      if (last && cells[c].rfind("error: ", 0) == 0) l += cells[c];
      else if (left || c == bound_col) l += fmt::format("{:<{}}", cells[c], w[c]);  // bound
      else l += fmt::format("{:>{}}", cells[c], w[c]);
      if (!last) l += "  ";
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  out += line(head);
  for (const auto& row : rows) out += line(row);
  // What the best point buys against the worst that fits.
  const SweepPoint* best = nullptr;
  const SweepPoint* worst = nullptr;
  for (const SweepPoint& p : points)
    if (p.fits()) {
      if (!best) best = &p;
      worst = &p;
    }
  if (best && worst && best != worst) {
    const double b = rank_value(*best, by), wv = rank_value(*worst, by);
    if (b > 0 && std::isfinite(wv))
      out += fmt::format("\nRank 1 takes {:.2f}x less {} per sample than rank {}, the last that fits.\n", wv / b,
                         by == RankBy::time ? "time" : by == RankBy::cost ? "money" : "energy",
                         static_cast<std::size_t>(worst - points.data()) + 1);
  }
  // How far to trust the step times: each distinct band of the points, once, in rank order.
  std::vector<std::string> trust;
  for (const SweepPoint& p : points)
    if (p.result)
      for (const train::ErrorBand& b : p.result->error_bands)
        if (b.figure == "step_time" && std::find(trust.begin(), trust.end(), band_text(b)) == trust.end())
          trust.push_back(band_text(b));
  if (!trust.empty()) {
    out += "\nTrust in the step times (simtrain validate on public runs, validation/error_bands.yaml):\n";
    for (const std::string& t : trust) out += "  " + t + "\n";
  }
  return out;
}

nlohmann::json sweep_to_json(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by) {
  nlohmann::json a = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    nlohmann::json set = nlohmann::json::object();
    for (std::size_t k = 0; k < axes.size(); ++k) set[axes[k].key] = p.values[k];
    nlohmann::json o = {{"rank", i + 1}, {"point", p.index}, {"set", set}, {"ranked_by", rank_by_name(by)}};
    if (p.result) {
      const train::RunResult& r = *p.result;
      o["gpus"] = r.gpus;
      o["step_time_s"] = r.step_time_s;
      o["samples_per_s"] = r.samples_per_s;
      o["tokens_per_s"] = r.tokens_per_s;
      o["tflops_per_gpu"] = r.tflops_per_gpu;
      o["mfu"] = r.mfu;
      o["memory_peak_bytes_per_gpu"] = r.memory_peak_bytes;
      o["memory_capacity_bytes_per_gpu"] = r.memory_capacity_bytes;
      o["oom"] = r.oom;
      o["memory_margin"] = p.memory_margin;
      o["fits_with_margin"] = p.fits();
      o["bottleneck"] = r.bottleneck;
      o["seconds_per_sample"] = p.per_sample_s;
      o["joules_per_sample"] = p.joules_per_sample;
      o["cost_per_million_samples"] = r.priced ? nlohmann::json(p.cost_per_million) : nlohmann::json();
      o["cost_basis"] = r.cost_inputs.basis;
      auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
      o["rent_per_million_samples"] = opt(p.rent_per_million_samples);
      o["own_per_million_samples"] = opt(p.own_per_million_samples);
      o["rent_per_million_tokens"] = opt(p.rent_per_million_tokens);
      o["own_per_million_tokens"] = opt(p.own_per_million_tokens);
      if (!r.error_bands.empty()) {
        nlohmann::json& eb = o["error_bands"];
        eb = nlohmann::json::object();
        for (const train::ErrorBand& e : r.error_bands) eb[e.figure] = band_to_json(e);
      }
      o["error"] = nullptr;
    } else {
      o["error"] = p.error;
    }
    a.push_back(std::move(o));
  }
  return a;
}

std::string sweep_to_csv(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes) {
  std::string out = "rank";
  for (const SweepAxis& a : axes) {
    out += ',';
    out += csv(a.key);
  }
  out += ",gpus,step_time_s,samples_per_s,tokens_per_s,tflops_per_gpu,mfu,memory_peak_gib,oom,bottleneck,"
         "seconds_per_sample,joules_per_sample,cost_per_million_samples,rent_per_million_samples,"
         "own_per_million_samples,rent_per_million_tokens,own_per_million_tokens,memory_capacity_gib,memory_margin,"
         "fits_with_margin,error\n";
  auto opt = [](const std::optional<double>& v) { return v ? fmt::format("{:.9g}", *v) : std::string(); };
  for (std::size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    out += std::to_string(i + 1);
    for (const std::string& v : p.values) {
      out += ',';  // (not "," + csv(v): GCC 12 warns falsely on that, -Wrestrict)
      out += csv(v);
    }
    if (p.result) {
      const train::RunResult& r = *p.result;
      out += fmt::format(",{},{:.9g},{:.9g},{:.9g},{:.9g},{:.6g},{:.4f},{},{},{:.9g},{:.9g},{},{},{},{},{},{:.4f},{:.4g},{},\n",
                         r.gpus,
                         r.step_time_s, r.samples_per_s, r.tokens_per_s, r.tflops_per_gpu, r.mfu,
                         r.memory_peak_bytes / 1073741824.0, r.oom ? "true" : "false", r.bottleneck, p.per_sample_s,
                         p.joules_per_sample, r.priced ? fmt::format("{:.9g}", p.cost_per_million) : std::string(),
                         opt(p.rent_per_million_samples), opt(p.own_per_million_samples),
                         opt(p.rent_per_million_tokens), opt(p.own_per_million_tokens),
                         r.memory_capacity_bytes / 1073741824.0, p.memory_margin, p.fits() ? "true" : "false");
    } else {
      out += ",,,,,,,,,,,,,,,,,,,," + csv(p.error) + "\n";
    }
  }
  return out;
}

}  // namespace simtrain::report
