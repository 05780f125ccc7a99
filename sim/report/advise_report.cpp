#include "report/advise_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/error_bands.hpp"
#include "report/headroom.hpp"
#include "report/html_chart.hpp"
#include "report/run_report.hpp"

namespace simtrain::report {

bool AdviseCandidate::over_margin() const {
  return result && !result->oom &&
         !fits_with_margin(result->memory_peak_bytes, result->memory_capacity_bytes, memory_margin);
}

bool AdviseCandidate::fits() const {
  return result && !result->oom && !over_margin() && !result->host_oom && result->whole_run.enabled &&
         result->whole_run.expected.finishes;
}

std::string AdviseCandidate::bound() const {
  if (!result) return "";
  if (result->oom || result->host_oom) return "memory";
  if (over_margin()) return "memory margin";
  return result->bottleneck;
}

std::optional<double> AdviseCandidate::purchase() const {
  if (!result) return std::nullopt;
  const train::CostInputs& in = result->cost_inputs;
  if (!in.gpu_purchase.value || !in.node_price.value) return std::nullopt;
  return in.gpus * *in.gpu_purchase.value + in.nodes * *in.node_price.value;
}

double AdviseCandidate::days_with_margin() const {
  if (!result) return 0;
  for (const train::ErrorBand& b : result->error_bands)
    if (b.figure == "step_time" && b.found) return days() * (1 + b.median_abs_error);
  return days();
}

namespace {

bool meets_deadline_with_margin(const AdviseResult& a, const AdviseCandidate& c) {
  return !a.deadline_s || c.days_with_margin() * 86400.0 <= *a.deadline_s;
}

bool meets_deadline(const AdviseResult& a, const AdviseCandidate& c) {
  return !a.deadline_s || c.days() * 86400.0 <= *a.deadline_s;
}
bool within_budget(const AdviseResult& a, const AdviseCandidate& c) {
  return !a.budget || (c.priced() && c.cost() <= *a.budget);
}

// The chart's points: the candidates that fit and are priced, fastest first (their place is
// their number on the chart and in the front's table).
std::vector<std::size_t> priced_by_time(const AdviseResult& a) {
  std::vector<std::size_t> out;
  for (std::size_t i : fitting_by_time(a))
    if (a.candidates[i].priced()) out.push_back(i);
  return out;
}

std::vector<html::ChartPoint> chart_points(const AdviseResult& a, const std::vector<std::size_t>& order) {
  std::vector<html::ChartPoint> out;
  for (std::size_t i : order) {
    const AdviseCandidate& c = a.candidates[i];
    out.push_back({fmt::format("{} x{} {}", c.system, c.nodes, c.strategy), c.days(), c.cost(), c.bound(), c.fits(), ""});
  }
  return out;
}

// --- text --------------------------------------------------------------------------------

std::string usd(double v) { return v >= 100 ? fmt::format("${}", thousands(v)) : fmt::format("${:.2f}", v); }
std::string days_text(double d) { return d >= 10 ? fmt::format("{:.1f}", d) : fmt::format("{:.2f}", d); }
// A run's length in words: hours under two days ("6.8 h"), else days ("12.3 days").
std::string duration_text(double days) {
  return days < 2 ? fmt::format("{:.1f} h", days * 24) : fmt::format("{} days", days_text(days));
}

// "2x DGX H100 (8x H100 SXM5) = 16 GPUs".
std::string where(const AdviseCandidate& c) {
  const int gpus = c.result ? c.result->gpus : 0;
  return fmt::format("{} x {} ({} GPU{})", c.nodes, c.system, gpus, gpus == 1 ? "" : "s");
}

std::string strategy_text(const AdviseCandidate& c) { return c.layout.empty() ? c.strategy : c.strategy + " " + c.layout; }

bool uses_tokens(const AdviseResult& a) {
  return std::any_of(a.candidates.begin(), a.candidates.end(),
                     [](const AdviseCandidate& c) { return c.result && c.result->tokens_per_s > 0; });
}

std::string money_or_none(const std::optional<double>& v) { return v ? usd(*v) : "-"; }

std::string answer_line(const AdviseResult& a, const AdviseCandidate& c) {
  const train::RunResult& r = *c.result;
  const std::optional<double> buy = c.purchase();
  const std::string why = c.bound() == "data" && !r.data.limiter_detail.empty() ? " (" + r.data.limiter_detail + ")" : "";
  return fmt::format("{}, {}: {}, {} ({}); {}-bound{}", where(c), strategy_text(c), duration_text(c.days()),
                     c.priced() ? usd(c.cost()) : "no price given", a.basis, c.bound(), why) +
         (buy ? fmt::format("; buying it: {}", usd(*buy)) : std::string()) +
         fmt::format("; step {:.0f} ms, goodput {:.1f}%", r.step_time_s * 1e3, 100 * r.whole_run.expected.goodput());
}

// The step time's band (the whole run takes it), or nullptr when the run carries none.
const train::ErrorBand* step_band(const AdviseCandidate& c) {
  if (!c.result) return nullptr;
  for (const train::ErrorBand& b : c.result->error_bands)
    if (b.figure == "step_time") return &b;
  return nullptr;
}

std::string trust_line(const AdviseCandidate& c) {
  const train::ErrorBand* b = step_band(c);
  return b ? "      trust: days and cost " + band_text(*b) + "\n" : "";
}

std::string repro(const AdviseResult& a, const AdviseCandidate& c) {
  std::string s = "      reproduce: simtrain " + a.scenario_file;
  for (const std::string& x : c.sets) s += " --set " + x;
  return s + "\n";
}

std::string table_header(bool tokens) {
  return fmt::format("  {:>3}  {:<26} {:>5} {:>5}  {:<52} {:>9} {:>11} {:>9} {:>7} {:>12} {:>12}  {}\n", "#", "system",
                     "nodes", "GPUs", "strategy", "step ms", tokens ? "tokens/s" : "samples/s", "mem GiB", "days", "rent",
                     "own", "bound");
}

std::string table_row(std::size_t n, const AdviseCandidate& c, bool tokens, const std::string& marks) {
  const train::RunResult& r = *c.result;
  return fmt::format("  {:>3}  {:<26} {:>5} {:>5}  {:<52} {:>9.1f} {:>11} {:>9} {:>7} {:>12} {:>12}  {}{}\n", n,
                     c.system, c.nodes, r.gpus, strategy_text(c), r.step_time_s * 1e3,
                     thousands(tokens ? r.tokens_per_s : r.samples_per_s),
                     memory_cell(r.memory_peak_bytes, r.memory_capacity_bytes), days_text(c.days()),
                     money_or_none(r.run_cost_figures.rent), money_or_none(r.run_cost_figures.own), c.bound(), marks);
}

// " D" meets the deadline, " B" within the budget (when given).
std::string marks(const AdviseResult& a, const AdviseCandidate& c) {
  std::string m;
  if (a.deadline_s && meets_deadline_with_margin(a, c)) m += " D+";
  else if (a.deadline_s && meets_deadline(a, c)) m += " D";
  if (a.budget && within_budget(a, c)) m += " B";
  return m.empty() ? "" : "  " + m.substr(1);
}

// "Memory headroom: ..." : the margin the configurations were judged with, and what it left out.
std::string headroom_text(const AdviseResult& a) {
  double lo = 1, hi = 0;
  int over = 0;
  std::string source;
  for (const AdviseCandidate& c : a.candidates) {
    if (!c.result) continue;
    lo = std::min(lo, c.memory_margin);
    hi = std::max(hi, c.memory_margin);
    source = c.margin_source;
    over += c.over_margin() ? 1 : 0;
  }
  if (hi < lo) return "";
  std::string margin;
  if (a.memory_margin) margin = margin_text(*a.memory_margin) + " (--memory-margin)";
  else if (margin_text(lo) == margin_text(hi)) margin = margin_text(lo) + " (" + source + ")";
  else margin = margin_text(lo) + " to " + margin_text(hi) + " (the peak-memory band's median error by GPU and scale)";
  std::string o = "peak + " + margin + " must fit the GPU";
  if (over > 0) o += fmt::format("; {} more fit only without it (--memory-margin 0 ranks them)", over);
  else if (!a.memory_margin || *a.memory_margin > 0) o += " (--memory-margin 0 ranks on the simulated peak)";
  return o;
}

std::string constraints_text(const AdviseResult& a) {
  std::string s;
  if (a.deadline_s) s += fmt::format("deadline {} days", days_text(*a.deadline_s / 86400.0));
  if (a.budget) s += fmt::format("{}budget {} ({})", s.empty() ? "" : ", ", usd(*a.budget), a.basis);
  return s.empty() ? "no deadline or budget given" : s;
}

// The chart's and the table's rows: the configurations that fit, fastest first, those with a
// price first when any has one (a marker's number is its row in the table).
std::vector<std::size_t> chart_rows(const AdviseResult& a) {
  std::vector<std::size_t> rows = priced_by_time(a);
  for (std::size_t i : fitting_by_time(a))
    if (!a.candidates[i].priced()) rows.push_back(i);
  return rows;
}

// Each system of the search (all of them, whether or not any of its configurations is drawn)
// with its colour from a fixed palette (html::series_colors): the chart's markers and the table's
// system column.
struct SystemColors {
  std::vector<std::string> systems, colors;  // in search order
  std::string of(const std::string& system) const {
    const auto at = std::find(systems.begin(), systems.end(), system);
    return at == systems.end() ? std::string() : colors[static_cast<std::size_t>(at - systems.begin())];
  }
};

SystemColors system_colors(const AdviseResult& a) {
  SystemColors sc;
  for (const AdviseCandidate& c : a.candidates)
    if (std::find(sc.systems.begin(), sc.systems.end(), c.system) == sc.systems.end()) sc.systems.push_back(c.system);
  sc.colors = html::series_colors(sc.systems);
  return sc;
}

// The chart's points coloured by system; the marker's shape says the bound.
std::vector<html::ChartPoint> colored_points(const AdviseResult& a, const std::vector<std::size_t>& order, const SystemColors& sc) {
  std::vector<html::ChartPoint> pts = chart_points(a, order);
  for (std::size_t k = 0; k < order.size(); ++k) pts[k].color = sc.of(a.candidates[order[k]].system);
  return pts;
}

// Days against cost with the deadline and the budget drawn (or days alone without prices), its
// legends: colour by system, shape by bound.
std::string chart_section(const AdviseResult& a, const std::vector<std::size_t>& rows, const SystemColors& sc) {
  using html::escape;
  std::vector<std::string> drawn_systems, drawn_colors, bounds;  // the legend: the systems drawn, in search order
  for (std::size_t s = 0; s < sc.systems.size(); ++s)
    if (std::any_of(rows.begin(), rows.end(), [&](std::size_t i) { return a.candidates[i].system == sc.systems[s]; })) {
      drawn_systems.push_back(sc.systems[s]);
      drawn_colors.push_back(sc.colors[s]);
    }
  for (std::size_t i : rows) bounds.push_back(a.candidates[i].bound());
  const std::string legends = html::series_legend(drawn_systems, drawn_colors) + html::bound_legend(bounds, true);
  std::optional<html::ChartLimit> deadline, budget;
  if (a.deadline_s) deadline = html::ChartLimit{*a.deadline_s / 86400.0, "deadline " + duration_text(*a.deadline_s / 86400.0)};
  if (a.budget) budget = html::ChartLimit{*a.budget, fmt::format("budget {} ({})", usd(*a.budget), a.basis)};
  const std::size_t charted = priced_by_time(a).size();
  if (charted > 0) {
    std::string o = "<section id=\"pareto\">\n<h2>Days against cost</h2>\n<p>Each configuration that fits: the whole run's "
                    "expected days against its " + escape(a.basis) + " cost, numbered as in the table. Ringed and joined: the "
                    "Pareto front.";
    if (deadline || budget)
      o += fmt::format(" Shaded: past the {}.", deadline && budget ? "deadline or over the budget" : deadline ? "deadline" : "budget");
    o += "</p>\n";
    const std::vector<std::size_t> priced(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(charted));
    o += html::time_cost_chart_svg(colored_points(a, priced, sc),
                                   {"days (expected wall clock)", "cost of the run ($, " + a.basis + ")", deadline, budget});
    return o + legends + "</section>\n";
  }
  if (rows.empty()) return "";
  return "<section id=\"times\">\n<h2>Days</h2>\n<p>No price given: time only.</p>\n" +
         html::time_bars_svg(colored_points(a, rows, sc), "days (expected wall clock)", deadline) + legends +
         "</section>\n";
}

}  // namespace

std::vector<std::size_t> fitting_by_time(const AdviseResult& a) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < a.candidates.size(); ++i)
    if (a.candidates[i].fits()) out.push_back(i);
  std::stable_sort(out.begin(), out.end(),
                   [&](std::size_t x, std::size_t y) { return a.candidates[x].days() < a.candidates[y].days(); });
  return out;
}

void advise_summary(AdviseResult& a) {
  const std::vector<std::size_t> fit = fitting_by_time(a);
  const std::vector<std::size_t> priced = priced_by_time(a);
  a.front.clear();
  const std::vector<bool> on = html::pareto_front(chart_points(a, priced));
  for (std::size_t k = 0; k < priced.size(); ++k)
    if (on[k]) a.front.push_back(priced[k]);
  a.fastest = fit.empty() ? std::nullopt : std::optional<std::size_t>(fit.front());
  a.cheapest.reset();
  a.cheapest_in_deadline.reset();
  a.cheapest_in_deadline_with_margin.reset();
  a.fastest_in_budget.reset();
  auto cheaper = [&](std::optional<std::size_t> best, std::size_t i) {
    return !best || a.candidates[i].cost() < a.candidates[*best].cost();
  };
  for (std::size_t i : priced) {  // fastest first: the first of equal cost is the faster
    const AdviseCandidate& c = a.candidates[i];
    if (cheaper(a.cheapest, i)) a.cheapest = i;
    if (a.deadline_s && meets_deadline(a, c) && within_budget(a, c) && cheaper(a.cheapest_in_deadline, i))
      a.cheapest_in_deadline = i;
    if (a.deadline_s && meets_deadline_with_margin(a, c) && within_budget(a, c) && cheaper(a.cheapest_in_deadline_with_margin, i))
      a.cheapest_in_deadline_with_margin = i;
    if (a.budget && within_budget(a, c) && meets_deadline(a, c) && !a.fastest_in_budget) a.fastest_in_budget = i;
  }
}

std::string format_advise(const AdviseResult& a) {
  const bool tokens = uses_tokens(a);
  std::size_t fit = 0, oom = 0, not_run = 0;
  for (const AdviseCandidate& c : a.candidates) {
    if (!c.result) ++not_run;
    else if (c.fits()) ++fit;
    else ++oom;
  }
  std::string o = fmt::format("simtrain advise: {}\n", a.scenario);
  o += fmt::format("  {}, {}; {}\n", a.model, a.workload, constraints_text(a));
  o += fmt::format("  {} clusters ({} systems at their node counts) x {} strategies = {} configurations: {} fit, {} do "
                   "not fit (memory, or the run never finishes), {} not run\n",
                   a.clusters, a.systems, a.strategies, a.candidates.size(), fit, oom, not_run);
  if (a.global_batch_max > 0)
    o += fmt::format("  Every configuration trains that same work at a global batch of {} to {} samples (advise.global_batch; "
                     "convergence is not modelled): the search chose each one's micro-batch (mb), accumulation (m) and "
                     "checkpointing; the rest is the scenario's. Days are the run's expected wall clock with checkpoints "
                     "and failures.\n",
                     thousands(static_cast<double>(a.global_batch_min)), thousands(static_cast<double>(a.global_batch_max)));
  else
    o += "  Every configuration trains that same work at the scenario's batch per GPU (the global batch grows with the "
         "GPUs, the steps shrink; advise.global_batch bounds it and searches the recipe); days are the run's expected "
         "wall clock with checkpoints and failures.\n";
  if (const std::string h = headroom_text(a); !h.empty()) o += "  Memory headroom: " + h + ".\n";
  o += "\n";

  // The answer first.
  o += "Answer\n";
  auto say = [&](const std::string& what, const std::optional<std::size_t>& i) {
    if (!i) return;
    o += "  " + what + ": " + answer_line(a, a.candidates[*i]) + "\n";
    o += trust_line(a.candidates[*i]);
    o += repro(a, a.candidates[*i]);
  };
  if (a.deadline_s) {
    if (a.cheapest_in_deadline) say("Cheapest that meets the deadline" + std::string(a.budget ? " and the budget" : ""), a.cheapest_in_deadline);
    else o += "  Nothing searched meets the deadline" + std::string(a.budget ? " within the budget" : "") + ".\n";
    if (a.cheapest_in_deadline && a.cheapest_in_deadline_with_margin != a.cheapest_in_deadline) {
      if (a.cheapest_in_deadline_with_margin)
        say("Cheapest that still meets it if the model is off by its median error", a.cheapest_in_deadline_with_margin);
      else
        o += "  Nothing searched still meets the deadline if the model is off by its median error.\n";
    }
  }
  if (a.budget && !a.deadline_s) {
    if (a.fastest_in_budget) say("Fastest within the budget", a.fastest_in_budget);
    else o += "  Nothing searched fits within the budget.\n";
  }
  if (a.fastest && a.fastest == a.cheapest) {
    say("Fastest and cheapest of all", a.fastest);
  } else {
    say("Fastest of all", a.fastest);
    say("Cheapest of all", a.cheapest);
  }
  if (!a.fastest) o += "  No configuration fits.\n";
  if (a.fastest && !a.cheapest) o += "  No price given for any configuration that fits: cost is not compared.\n";

  // The front.
  if (!a.front.empty()) {
    o += fmt::format("\nPareto front: days against {} cost, fastest first (none of them is both slower and dearer than "
                     "another)\n",
                     a.basis);
    o += table_header(tokens);
    std::size_t n = 0;
    for (std::size_t i : a.front) o += table_row(++n, a.candidates[i], tokens, marks(a, a.candidates[i]));
  }

  // Everything that fits.
  const std::vector<std::size_t> fitting = fitting_by_time(a);
  constexpr std::size_t kShown = 20;
  if (!fitting.empty()) {
    o += fmt::format("\nConfigurations that fit, fastest first{}{}\n",
                     fitting.size() > kShown ? fmt::format(" (the first {} of {})", kShown, fitting.size()) : "",
                     a.deadline_s || a.budget ? " (D: meets the deadline, D+: even if off by its median error, B: within the budget)" : "");
    o += table_header(tokens);
    for (std::size_t k = 0; k < fitting.size() && k < kShown; ++k)
      o += table_row(k + 1, a.candidates[fitting[k]], tokens, marks(a, a.candidates[fitting[k]]));
  }

  // The rest, by reason.
  std::map<std::string, std::pair<int, std::string>> reasons;  // reason -> count, example
  std::vector<std::string> order;
  for (const AdviseCandidate& c : a.candidates) {
    if (c.fits()) continue;
    std::string why;
    if (!c.result) why = c.skipped;
    else if (c.result->oom) why = "does not fit in GPU memory";
    else if (c.over_margin())
      why = "fits GPU memory only without the memory margin (peak + " + margin_text(c.memory_margin) +
            " exceeds it; --memory-margin 0 ranks it)";
    else if (c.result->host_oom) why = "offloaded state exceeds the node's host memory";
    else why = "the run never finishes (failures come faster than checkpoints)";
    auto [it, fresh] = reasons.try_emplace(why, 0, fmt::format("{} x{} {}", c.system, c.nodes, strategy_text(c)));
    if (fresh) order.push_back(why);
    ++it->second.first;
  }
  if (!order.empty()) {
    o += "\nNot fitting or not run, by reason (count, first example)\n";
    for (const std::string& why : order)
      o += fmt::format("  {:>4}  {}: {}\n", reasons[why].first, reasons[why].second, why);
  }
  return o;
}

nlohmann::json advise_to_json(const AdviseResult& a) {
  using nlohmann::json;
  auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json j;
  j["scenario"] = a.scenario;
  j["model"] = a.model;
  j["workload"] = a.workload;
  j["cost_basis"] = a.basis;
  j["deadline_days"] = a.deadline_s ? json(*a.deadline_s / 86400.0) : json(nullptr);
  j["budget"] = opt(a.budget);
  j["memory_margin"] = opt(a.memory_margin);
  j["global_batch"] = a.global_batch_max > 0 ? json{{"min", a.global_batch_min}, {"max", a.global_batch_max}} : json(nullptr);
  j["configurations"] = a.candidates.size();
  auto index = [](const std::optional<std::size_t>& i) { return i ? json(*i) : json(nullptr); };
  j["answer"] = {{"cheapest_meeting_deadline", index(a.cheapest_in_deadline)},
                 {"cheapest_meeting_deadline_with_margin", index(a.cheapest_in_deadline_with_margin)},
                 {"fastest_within_budget", index(a.fastest_in_budget)},
                 {"fastest", index(a.fastest)},
                 {"cheapest", index(a.cheapest)}};
  j["pareto_front"] = a.front;
  json list = json::array();
  for (std::size_t i = 0; i < a.candidates.size(); ++i) {
    const AdviseCandidate& c = a.candidates[i];
    json e = {{"index", i}, {"system", c.system}, {"system_name", c.system_name}, {"nodes", c.nodes},
              {"strategy", c.strategy}, {"layout", c.layout}, {"sets", c.sets}};
    if (!c.result) {
      e["skipped"] = c.skipped;
    } else {
      const train::RunResult& r = *c.result;
      e["gpus"] = r.gpus;
      e["fits"] = c.fits();
      e["bound"] = c.bound();
      e["step_time_s"] = r.step_time_s;
      e["tokens_per_s"] = r.tokens_per_s;
      e["samples_per_s"] = r.samples_per_s;
      e["peak_memory_bytes"] = r.memory_peak_bytes;
      e["memory_capacity_bytes"] = r.memory_capacity_bytes;
      e["memory_margin"] = c.memory_margin;
      e["memory_margin_source"] = c.margin_source;
      e["fits_with_margin"] = !r.oom && !c.over_margin();
      e["days"] = c.days();
      e["energy_kwh"] = r.run_energy_kwh;
      e["rent"] = opt(r.run_cost_figures.rent);
      e["own"] = opt(r.run_cost_figures.own);
      e["cost"] = c.priced() ? json(c.cost()) : json(nullptr);
      e["goodput"] = r.whole_run.expected.goodput();
      e["purchase"] = opt(c.purchase());
      if (const train::ErrorBand* b = step_band(c)) e["error_band"] = band_to_json(*b);
      e["meets_deadline"] = a.deadline_s ? json(c.fits() && meets_deadline(a, c)) : json(nullptr);
      e["days_with_margin"] = c.days_with_margin();
      e["meets_deadline_with_margin"] = a.deadline_s ? json(c.fits() && meets_deadline_with_margin(a, c)) : json(nullptr);
      e["within_budget"] = a.budget ? json(c.fits() && within_budget(a, c)) : json(nullptr);
    }
    list.push_back(std::move(e));
  }
  j["candidates"] = std::move(list);
  return j;
}

namespace {

// The answer to the meeting's question, with how far to trust each figure.
std::string answer_section(const AdviseResult& a) {
  using html::escape;
  std::string o = "<section id=\"answer\">\n<h2>Answer</h2>\n<ul>\n";
  auto say = [&](const std::string& what, const std::optional<std::size_t>& i) {
    if (!i) return;
    const train::ErrorBand* b = step_band(a.candidates[*i]);
    o += "<li><b>" + escape(what) + "</b>: " + escape(answer_line(a, a.candidates[*i])) +
         (b ? "<br><span class=\"note\">trust: days and cost " + escape(band_text(*b)) + "</span>" : "") + "</li>\n";
  };
  if (a.deadline_s && !a.cheapest_in_deadline) o += "<li>Nothing searched meets the deadline.</li>\n";
  say("Cheapest that meets the deadline", a.cheapest_in_deadline);
  if (a.cheapest_in_deadline_with_margin != a.cheapest_in_deadline)
    say("Cheapest that still meets it if the model is off by its median error", a.cheapest_in_deadline_with_margin);
  if (!a.deadline_s) say("Fastest within the budget", a.fastest_in_budget);
  say("Fastest of all", a.fastest);
  say("Cheapest of all", a.cheapest);
  if (!a.fastest) o += "<li>No configuration fits.</li>\n";
  return o + "</ul>\n</section>\n";
}

// The configurations that fit, numbered as on the chart, each system with its chart colour.
std::string configurations_section(const AdviseResult& a, const std::vector<std::size_t>& rows, const SystemColors& sc) {
  using html::escape;
  const bool tokens = uses_tokens(a);
  std::string o = fmt::format("<section id=\"configurations\">\n<h2>Configurations that fit</h2>\n<table>\n<tr><th>#</th>"
                              "<th class=\"l\">system</th><th>nodes</th><th>GPUs</th><th class=\"l\">strategy</th><th>step ms</th>"
                              "<th>{}</th><th>mem GiB</th><th>days</th><th>rent $</th><th>own $</th><th class=\"l\">bound</th></tr>\n",
                              tokens ? "tokens/s" : "samples/s");
  auto td = [](const std::string& s, bool left = false) { return (left ? "<td class=\"l\">" : "<td>") + s + "</td>"; };
  std::size_t n = 0;
  for (std::size_t i : rows) {
    const AdviseCandidate& c = a.candidates[i];
    const train::RunResult& r = *c.result;
    const bool on_front = std::find(a.front.begin(), a.front.end(), i) != a.front.end();
    o += fmt::format("<tr{}>", on_front ? " class=\"front\"" : "") + td(std::to_string(++n)) +
         td(fmt::format("<span class=\"key\" style=\"background:{}\"></span>", sc.of(c.system)) + escape(c.system), true) +
         td(std::to_string(c.nodes)) + td(std::to_string(r.gpus)) + td(escape(strategy_text(c)), true) +
         td(html::num(r.step_time_s * 1e3, 1)) + td(thousands(tokens ? r.tokens_per_s : r.samples_per_s)) +
         td(memory_cell(r.memory_peak_bytes, r.memory_capacity_bytes)) + td(html::num_sig(c.days(), 3)) +
         td(r.run_cost_figures.rent ? thousands(*r.run_cost_figures.rent) : "-") +
         td(r.run_cost_figures.own ? thousands(*r.run_cost_figures.own) : "-") +
         td(escape(c.bound()) + (on_front ? " (front)" : ""), true) + "</tr>\n";
  }
  return o + "</table>\n</section>\n";
}

}  // namespace

std::string advise_to_html(const AdviseResult& a) {
  using html::escape;
  std::string body = fmt::format("<h1>simtrain advise: {}</h1>\n<p>{}, {}; {}. {} configurations ({} clusters of {} systems "
                                 "&times; {} strategies).</p>\n",
                                 escape(a.scenario), escape(a.model), escape(a.workload), escape(constraints_text(a)),
                                 a.candidates.size(), a.clusters, a.systems, a.strategies);
  if (const std::string h = headroom_text(a); !h.empty()) body += "<p>Memory headroom: " + escape(h) + ".</p>\n";
  body += answer_section(a);
  const std::vector<std::size_t> rows = chart_rows(a);
  const SystemColors sc = system_colors(a);
  body += chart_section(a, rows, sc) + configurations_section(a, rows, sc);
  body += "<p class=\"note\">Written by simtrain advise --html; self-contained, opens offline.</p>\n";
  return html::page("simtrain advise: " + a.scenario, body);
}

}  // namespace simtrain::report
