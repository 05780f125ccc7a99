#include "report/plan_report.hpp"

#include <algorithm>
#include <fmt/format.h>

#include <map>

#include "report/error_bands.hpp"
#include "report/headroom.hpp"

namespace simtrain::report {

namespace {

double gib(double b) { return b / 1073741824.0; }

// A reason with its numbers taken out, so that rejections of one kind count together.
std::string reason_kind(const std::string& r) {
  std::string out;
  bool in_number = false;
  for (char ch : r) {
    const bool digit = (ch >= '0' && ch <= '9') || (in_number && ch == '.');
    if (digit) {
      if (!in_number) out += '#';
      in_number = true;
    } else {
      in_number = false;
      out += ch;
    }
  }
  return out;
}

// Where a row's TP and EP groups run, when that is worth a mark: a TP group over several boxes
// of one node (systems with boxes), an EP group over several boxes or across nodes (its
// all-to-all then crosses the fabric); "" otherwise. train/layout.hpp span_text words it.
std::string placement(const train::PlanResult& p, const train::PlanRow& r) {
  const std::string box = p.box_name.empty() ? std::string("node") : p.box_name;
  std::string tp = p.box_name.empty() ? std::string() : train::span_text("TP", r.layout.tp, r.tp_span, box);
  const std::string ep = r.layout.ep > 1 ? train::span_text("EP", r.layout.ep, r.ep_span, box) : "";
  if (!tp.empty() && !ep.empty()) tp += "; ";
  return tp + ep;
}

std::string marked(const std::string& where) { return where.empty() ? "" : "  [" + where + "]"; }

nlohmann::json span_json(const train::GroupSpan& s, const std::string& where) {
  return {{"nodes", s.nodes}, {"boxes", s.boxes}, {"where", where}};
}

}  // namespace

std::string format_plan(const train::PlanResult& p, int show_estimated) {
  std::string o;
  int simulated = 0, estimated = 0, rejected = 0, not_run = 0;
  for (const auto& r : p.rows) {
    if (r.simulated && r.feasible) ++simulated;
    else if (r.feasible) ++estimated;
    else ++rejected;
    // A merge with --allow-missing: a layout to simulate that no part holds (a feasible row
    // with a reason) keeps its closed-form figures, marked.
    if (!r.simulated && r.feasible && r.reason.rfind("not run: in no part merged", 0) == 0) ++not_run;
  }
  // Throughput in tokens for sequence models, in samples for the rest (CNNs have no tokens).
  const bool tokens = p.seq_len > 0;
  const std::string boxes = p.box_name.empty() ? std::string()
                                               : fmt::format(" in {} of {} GPUs, one NVLink domain",
                                                             p.gpus_per_node > p.gpus_per_box
                                                                 ? fmt::format("{} {}s", (p.gpus_per_node + p.gpus_per_box - 1) / p.gpus_per_box, p.box_name)
                                                                 : "one " + p.box_name,
                                                             p.gpus_per_box);
  o += fmt::format("simtrain plan: {}\n  {} on {} x {} ({}, {} GPUs per node{}), global batch {}{}\n", p.scenario,
                   p.model, p.gpus, p.gpu_name, p.system, p.gpus_per_node, boxes, p.global_batch,
                   tokens ? fmt::format(" x {} tokens", p.seq_len) : std::string(" samples"));
  o += fmt::format("  {} layouts: {} simulated, {} more fit by the closed forms, {} rejected\n", p.rows.size(),
                   simulated, estimated, rejected);
  if (not_run > 0)
    o += fmt::format("  {} layout{} to simulate not run: in no part merged (marked below)\n",
                     not_run, not_run == 1 ? "" : "s");
  o += fmt::format("  Cost: {} layouts by the closed forms, then {} simulated (about {:.3g} M engine tasks of the plan's "
                   "{:.0f} M)\n", p.closed_form_layouts, p.simulated_layouts, p.simulated_tasks / 1e6, p.task_budget / 1e6);
  if (!p.stopped.empty()) o += fmt::format("  Fewer simulated than asked: {}\n", p.stopped);
  o += fmt::format("  Every layout trains the same global batch per step, so step times compare equal work.\n");
  o += fmt::format("  Memory headroom: peak + {} ({}) must fit the {:.0f} GiB GPU{}\n", margin_text(p.memory_margin),
                   p.margin_source, gib(p.memory_capacity_bytes),
                   p.memory_margin > 0 ? " (--memory-margin 0 ranks on the peak alone)" : "");
  for (const train::ErrorBand& b : p.error_bands)
    o += fmt::format("  trust: {} {}\n", b.figure == "peak_memory" ? "peak memory" : "step time", band_text(b));
  o += "\n";
  // The layout column as wide as the longest name shown (40 at least).
  std::size_t w = 40;
  for (const auto& r : p.rows)
    if (r.feasible) w = std::max(w, r.layout.name().size());
  o += "Simulated (fastest first)\n";
  o += fmt::format("  {:<{}} {:>10} {:>12} {:>6} {:>8} {:>8} {:>9}  {}\n", "layout", w, "step", tokens ? "tokens/s/GPU" : "samples/s/GPU", "MFU",
                   "bubble", "exp.comm", "mem GiB", "closed form: step, memory");
  for (const auto& r : p.rows) {
    if (!(r.simulated && r.feasible)) continue;
    const auto& x = r.result;
    o += fmt::format("  {:<{}} {:>8.0f}ms {:>12.0f} {:>5.1f}% {:>7.1f}% {:>7.1f}% {:>9}  {:.0f} ms, {:.1f} GiB{}\n",
                     r.layout.name(), w, x.step_time_s * 1e3, (tokens ? x.tokens_per_s : x.samples_per_s) / x.gpus, x.mfu * 100,
                     100 * x.bubble_s / x.step_time_s, 100 * x.comm_exposed_s / x.step_time_s,
                     memory_cell(x.memory_peak_bytes, p.memory_capacity_bytes), r.estimate_step_s * 1e3,
                     gib(r.estimate_peak_bytes), marked(placement(p, r)));
  }
  if (simulated == 0) {
    const auto over = std::count_if(p.rows.begin(), p.rows.end(), [](const train::PlanRow& r) {
      return r.reason.rfind("over the memory margin", 0) == 0;
    });
    o += over > 0 ? fmt::format("  (none fits with the memory margin; {} layout{} fit only without it: --memory-margin 0 "
                                "ranks them)\n", over, over == 1 ? "" : "s")
                  : std::string("  (none fits)\n");
  }
  if (estimated > 0) {
    o += fmt::format("\nFit by the closed forms, not simulated (best {} of {} by estimated step)\n",
                     std::min(show_estimated, estimated), estimated);
    int shown = 0;
    for (const auto& r : p.rows) {
      if (r.simulated || !r.feasible) continue;
      if (shown++ >= show_estimated) break;
      o += fmt::format("  {:<{}} ~{:.0f} ms, {:.1f} GiB on stage {}{}{}\n", r.layout.name(), w, r.estimate_step_s * 1e3,
                       gib(r.estimate_peak_bytes), r.estimate_fullest_stage,
                       r.reason.empty() ? std::string() : "  (" + r.reason + ")", marked(placement(p, r)));
    }
  }
  if (rejected > 0) {
    o += "\nRejected, by reason (count, one example)\n";
    std::map<std::string, std::pair<int, const train::PlanRow*>> by;
    std::vector<std::string> order;
    for (const auto& r : p.rows) {
      if (r.feasible) continue;
      const std::string k = reason_kind(r.reason);
      auto [it, fresh] = by.emplace(k, std::make_pair(0, &r));
      if (fresh) order.push_back(k);
      ++it->second.first;
    }
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) { return by[a].first > by[b].first; });
    for (const auto& k : order) {
      const auto& [n, ex] = by[k];
      o += fmt::format("  {:>5}  {}: {}\n", n, ex->layout.name(), ex->reason);
    }
  }
  return o;
}

nlohmann::json plan_to_json(const train::PlanResult& p) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : p.rows) {
    nlohmann::json j = {{"layout",
                         {{"tp", r.layout.tp},
                          {"pp", r.layout.pp},
                          {"dp", r.layout.dp},
                          {"micro_batch", r.layout.mb},
                          {"micro_batches", r.layout.m},
                          {"virtual_stages", r.layout.v},
                          {"cp", r.layout.cp},
                          {"ep", r.layout.ep},
                          {"recompute", r.layout.recompute}}},
                        {"feasible", r.feasible},
                        {"reason", r.reason},
                        {"estimate", {{"step_s", r.estimate_step_s}, {"peak_bytes", r.estimate_peak_bytes},
                                      {"fullest_stage", r.estimate_fullest_stage}}},
                        {"simulated", r.simulated}};
    // Where the TP and EP groups run: the most nodes and boxes one group spans, and in words
    // when it crosses boxes or nodes ("" within one box; a system without boxes: box = node).
    const std::string box = p.box_name.empty() ? std::string("node") : p.box_name;
    j["groups"] = {{"tp", span_json(r.tp_span, train::span_text("TP", r.layout.tp, r.tp_span, box))},
                   {"ep", span_json(r.ep_span, train::span_text("EP", r.layout.ep, r.ep_span, box))}};
    if (r.simulated)
      j["result"] = {{"step_s", r.result.step_time_s},
                     {"tokens_per_s_per_gpu", r.result.tokens_per_s / r.result.gpus},
                     {"mfu", r.result.mfu},
                     {"bubble_s", r.result.bubble_s},
                     {"comm_exposed_s", r.result.comm_exposed_s},
                     {"peak_bytes", r.result.memory_peak_bytes}};
    rows.push_back(j);
  }
  nlohmann::json bands = nlohmann::json::array();
  for (const train::ErrorBand& b : p.error_bands) bands.push_back(band_to_json(b));
  return {{"scenario", p.scenario},
          {"cost", {{"closed_form_layouts", p.closed_form_layouts},
                    {"simulated_layouts", p.simulated_layouts},
                    {"simulated_tasks", p.simulated_tasks},
                    {"task_budget", p.task_budget},
                    {"stopped", p.stopped}}},
          {"model", p.model},
          {"system", p.system},
          {"gpus", p.gpus},
          {"gpus_per_node", p.gpus_per_node},
          {"box", p.box_name.empty() ? nlohmann::json(nullptr)
                                     : nlohmann::json{{"name", p.box_name}, {"gpus", p.gpus_per_box}}},
          {"global_batch", p.global_batch},
          {"memory_capacity_bytes", p.memory_capacity_bytes},
          {"memory_margin", p.memory_margin},
          {"memory_margin_source", p.margin_source},
          {"error_bands", bands},
          {"layouts", rows}};
}

}  // namespace simtrain::report
