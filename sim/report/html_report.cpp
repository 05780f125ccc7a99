#include "report/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "engine/task_graph.hpp"
#include "report/headroom.hpp"
#include "report/error_bands.hpp"
#include "report/html_chart.hpp"
#include "report/run_report.hpp"
#include "train/memory.hpp"

namespace simtrain::report {
namespace {

using html::escape;
using html::num;

constexpr int kPageWidth = 1000;
constexpr int kMaxGpuLanes = 8;    // GPUs whose streams get a lane
constexpr int kMaxOtherLanes = 8;  // shared (communication) streams that get a lane
constexpr int kMaxStageLanes = 32;     // pipeline stages that get a group of lanes (evenly spread)
constexpr int kMaxPipelineLanes = 48;  // the stages' lanes, their shared streams' only when all fit
constexpr int kLabelWidth = 170;   // the lane names' column
constexpr int kPlotWidth = kPageWidth - kLabelWidth - 10;

std::string gib(double bytes) { return num(bytes / 1073741824.0, 1) + " GiB"; }
std::string ms(double s) { return num(s * 1e3, 2) + " ms"; }

// ---------------------------------------------------------------- header and figures

std::string strategy_name(const std::string& s) {
  return s == "ddp" ? std::string("DDP") : s == "fsdp" ? std::string("FSDP") : s;
}

std::string run_header(const train::RunResult& r) {
  std::string o = fmt::format("<h1>simtrain: {}</h1>\n", escape(r.scenario));
  o += fmt::format("<p>{} {} on {} &times; {} ({}, {} node{})</p>\n", escape(r.model), escape(strategy_name(r.strategy)),
                   r.gpus, escape(r.gpu_name), escape(r.system), r.nodes, r.nodes > 1 ? "s" : "");
  o += fmt::format("<p>batch {}/GPU &times; {} micro-batch{}, {}, {}{}</p>\n", r.batch_per_gpu, r.grad_accumulation,
                   r.grad_accumulation > 1 ? "es" : "", escape(r.precision), escape(r.optimizer),
                   r.strategy_detail.empty() ? std::string() : ", " + escape(r.strategy_detail));
  if (!r.software.empty()) o += fmt::format("<p>software {}: {}</p>\n", escape(r.software), escape(r.software_name));
  if (!r.calibration.empty()) o += fmt::format("<p>compute calibrated on {}</p>\n", escape(r.calibration));
  for (const std::string& s : r.overrides) o += fmt::format("<p class=\"note\">--set {}</p>\n", escape(s));
  return o;
}

std::string figure(const std::string& name, const std::string& value) {
  return fmt::format("<dt>{}</dt><dd>{}</dd>\n", name, value);
}

// Without a price the cost is unknown, and said so: never $0.
std::string cost_text(const train::RunResult& r) {
  if (!r.priced) return "no price given (cost.gpu_hour, energy.electricity)";
  std::string o = fmt::format("${}/step", num(r.cost_per_step, 4));
  // The whole run (run:): priced over its expected wall clock, checkpoints and failures included.
  if (r.run_steps > 0)
    o += fmt::format("; whole run of {} steps, expected {} h wall clock: ${}", thousands(static_cast<double>(r.run_steps)),
                     num(r.run_hours, 1), num(r.run_cost, 2));
  return o;
}

std::string run_figures(const train::RunResult& r) {
  std::string o = "<section id=\"figures\">\n<dl class=\"figures\">\n";
  o += figure("Step time", fmt::format("{} (mean of {} step{} after {} warm-up)", ms(r.step_time_s), r.steps,
                                          r.steps == 1 ? "" : "s", r.warmup_steps));
  std::string tput = thousands(r.samples_per_s) + " samples/s";
  if (r.tokens_per_s > 0) tput += ", " + thousands(r.tokens_per_s) + " tokens/s";
  o += figure("Throughput", tput);
  o += figure("Per GPU", fmt::format("{} TFLOP/s, MFU {}", num(r.tflops_per_gpu, 1), html::percent(r.mfu, 1)));
  if (r.gpus > 1)
    o += figure("Scaling", fmt::format("{} of {} &times; one GPU", html::percent(r.scaling_efficiency, 1), r.gpus));
  o += figure("Memory/GPU", fmt::format("{} of {}{}", gib(r.memory_peak_bytes), gib(r.memory_capacity_bytes),
                                        r.oom ? " <span class=\"bad\">OUT OF MEMORY</span>" : ""));
  o += figure("Energy", fmt::format("{} W, {} kJ/step", num(r.power_w, 0), num(r.joules_per_step / 1e3, 1)));
  o += figure("Cost", cost_text(r));
  o += figure("Verdict", escape(r.bottleneck) + "-bound");
  return o + "</dl>\n</section>\n";
}

// How far to trust the figures above (report/error_bands.hpp): one line per headline figure.
std::string trust_section(const train::RunResult& r) {
  if (r.error_bands.empty()) return "";
  std::string o = "<section id=\"trust\">\n<h2>How far to trust these figures</h2>\n"
                  "<p class=\"note\">simtrain validate on public runs of the same kind: half within the first figure, nine in "
                  "ten within the 90% one (validation/error_bands.yaml)</p>\n"
                  "<dl class=\"figures\">\n";
  for (const train::ErrorBand& b : r.error_bands) {
    if (b.figure == "step_time") o += figure("Step time, throughput", escape(band_text(b)));
    else if (b.figure == "peak_memory") o += figure("Memory/GPU", escape(band_text(b)));
    else if (b.figure == "run_time")
      o += figure("Whole run", "the step time&#8217;s band; checkpoints, failures and restarts are not validated");
  }
  return o + "</dl>\n</section>\n";
}

// ---------------------------------------------------------------- step split

std::string step_split_section(const train::RunResult& r) {
  const double st = r.step_time_s;
  std::vector<html::Segment> parts = {
      {"compute", r.compute_s, ms(r.compute_s), html::category_color("compute")},
      {"exposed communication", r.comm_exposed_s, ms(r.comm_exposed_s), html::category_color("communication")},
      {"data stall", r.data_stall_s, ms(r.data_stall_s), html::category_color("data")}};
  if (r.pipeline_stages > 1)
    parts.push_back({"pipeline bubble", r.bubble_s, ms(r.bubble_s), html::category_color("pipeline")});
  else
    parts.push_back({"idle", r.idle_s, ms(r.idle_s), html::category_color("idle")});
  std::string o = "<section id=\"step-split\">\n<h2>Step split (rank 0)</h2>\n";
  o += fmt::format("<p>Shares of the {} step.", ms(st));
  if (r.comm_total_s > 0)
    o += fmt::format(" Communication {} in all, {} of it hidden under compute.", ms(r.comm_total_s),
                     html::percent(r.comm_total_s - r.comm_exposed_s, r.comm_total_s));
  o += "</p>\n" + html::stacked_bar_svg(parts, st, kPageWidth);
  return o + "</section>\n";
}

// ---------------------------------------------------------------- timeline

// The window drawn: the measured steps, from the end of the last warm-up step to the end of
// the last step (the window the figures are averaged over, drive/run.cpp), and the ends of
// the steps within it.
struct Window {
  TimePs lo = 0, hi = 1;
  std::vector<TimePs> step_ends;  // inside (lo, hi)
};

Window measured_steps(const train::RunResult& r) {
  const auto& ends = r.graph->step_end;
  Window w;
  if (ends.empty()) {
    for (const auto& rec : r.records) w.hi = std::max(w.hi, rec.end);
    return w;
  }
  const auto warm = static_cast<std::size_t>(std::clamp<long long>(r.warmup_steps, 0, static_cast<long long>(ends.size()) - 1));
  w.lo = warm > 0 ? r.records[ends[warm - 1]].end : 0;
  w.hi = std::max(r.records[ends.back()].end, w.lo + 1);
  for (std::size_t i = warm; i + 1 < ends.size(); ++i) w.step_ends.push_back(r.records[ends[i]].end);
  return w;
}

// The GPU a stream belongs to, from its name ("gpu3 compute" -> 3), or -1.
long gpu_of(const std::string& name) {
  if (name.rfind("gpu", 0) != 0 || name.size() < 4 || !std::isdigit(static_cast<unsigned char>(name[3]))) return -1;
  return std::strtol(name.c_str() + 3, nullptr, 10);
}

struct Lanes {
  std::vector<engine::ServerId> servers;  // in drawing order
  std::vector<std::string> names;         // each lane's label
  std::vector<int> stage_of_lane;         // with pipeline stages: the stage each lane shows (-1: none)
  std::vector<long> gpus;                 // the GPUs shown, in order
  int streams_hidden = 0;                 // shared streams without a lane
  int stages = 0;                         // pipeline stages (0: no pipeline), and those shown
  std::vector<int> stages_shown;
};

// The streams that ran a task and hold one task at a time (not the data loader's pools).
std::vector<char> drawable_streams(const engine::TaskGraph& g) {
  std::vector<char> used(g.servers().size(), 0);
  for (const engine::Task& t : g.tasks())
    if (t.server != engine::kNoServer && t.kind != engine::TaskKind::join) used[static_cast<std::size_t>(t.server)] = 1;
  for (std::size_t s = 0; s < used.size(); ++s)
    if (g.servers()[s].capacity != 1) used[s] = 0;
  return used;
}

// The streams of the first kMaxGpuLanes GPUs (grouped by GPU), then up to kMaxOtherLanes shared
// streams; streams without any task and pools (the data loader's cores) get none.
Lanes pick_gpu_lanes(const engine::TaskGraph& g) {
  const std::vector<char> used = drawable_streams(g);
  Lanes out;
  std::vector<std::pair<std::size_t, engine::ServerId>> gpu_lanes;  // (place of its GPU, server)
  std::vector<engine::ServerId> other;
  for (std::size_t s = 0; s < g.servers().size(); ++s) {
    if (!used[s]) continue;
    const auto id = static_cast<engine::ServerId>(s);
    const long gpu = gpu_of(g.servers()[s].name);
    if (gpu < 0) {
      if (static_cast<int>(other.size()) < kMaxOtherLanes) other.push_back(id);
      else ++out.streams_hidden;
      continue;
    }
    auto at = std::find(out.gpus.begin(), out.gpus.end(), gpu);
    if (at == out.gpus.end()) {
      if (static_cast<int>(out.gpus.size()) >= kMaxGpuLanes) continue;
      at = out.gpus.insert(out.gpus.end(), gpu);
    }
    gpu_lanes.emplace_back(static_cast<std::size_t>(at - out.gpus.begin()), id);
  }
  std::stable_sort(gpu_lanes.begin(), gpu_lanes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [place, id] : gpu_lanes) out.servers.push_back(id);
  out.servers.insert(out.servers.end(), other.begin(), other.end());
  for (engine::ServerId id : out.servers) out.names.push_back(g.servers()[static_cast<std::size_t>(id)].name);
  out.stage_of_lane.assign(out.servers.size(), -1);
  return out;
}

// Up to `most` of stages 0..p-1, evenly spread, the first and the last always among them.
std::vector<int> spread_stages(int p, int most) {
  std::vector<int> out;
  const int n = std::min(p, most);
  for (int k = 0; k < n; ++k) out.push_back(n == 1 ? 0 : static_cast<int>(std::lround(static_cast<double>(k) * (p - 1) / (n - 1))));
  return out;
}

// The stage a shared stream serves, from its name ("stage3 tp" -> 3), or -1.
long stage_of(const std::string& name) {
  if (name.rfind("stage", 0) != 0 || name.size() < 6 || !std::isdigit(static_cast<unsigned char>(name[5]))) return -1;
  return std::strtol(name.c_str() + 5, nullptr, 10);
}

// With pipeline stages: a group of lanes per stage (up to kMaxStageLanes stages), its first rank's
// GPU streams (every rank of a stage runs its schedule; the stages differ, and the gaps in their
// compute lanes are the bubble), then the stage's shared streams (tensor-, data-parallel...) when
// all the groups fit in kMaxPipelineLanes lanes; then other shared streams as without stages.
Lanes pick_stage_lanes(const train::StepGraph& sg) {
  const engine::TaskGraph& g = sg.graph;
  const std::vector<char> used = drawable_streams(g);
  Lanes out;
  out.stages = static_cast<int>(sg.stage_memory.size());
  out.stages_shown = spread_stages(out.stages, kMaxStageLanes);
  for (int s : out.stages_shown)
    out.gpus.push_back(gpu_of(g.servers()[static_cast<std::size_t>(sg.stage_memory[static_cast<std::size_t>(s)].stream)].name));
  const std::size_t n = out.stages_shown.size();
  std::vector<std::vector<engine::ServerId>> own(n), shared(n);  // per stage shown
  std::vector<engine::ServerId> other;
  for (std::size_t s = 0; s < g.servers().size(); ++s) {
    if (!used[s]) continue;
    const auto id = static_cast<engine::ServerId>(s);
    const std::string& name = g.servers()[s].name;
    const long gpu = gpu_of(name), stage = stage_of(name);
    if (gpu >= 0) {
      const auto at = std::find(out.gpus.begin(), out.gpus.end(), gpu);
      if (at != out.gpus.end()) own[static_cast<std::size_t>(at - out.gpus.begin())].push_back(id);
    } else if (stage >= 0) {
      const auto at = std::find(out.stages_shown.begin(), out.stages_shown.end(), stage);
      if (at != out.stages_shown.end()) shared[static_cast<std::size_t>(at - out.stages_shown.begin())].push_back(id);
      else ++out.streams_hidden;
    } else if (static_cast<int>(other.size()) < kMaxOtherLanes) {
      other.push_back(id);
    } else {
      ++out.streams_hidden;
    }
  }
  std::size_t lanes = 0;
  for (std::size_t k = 0; k < n; ++k) lanes += own[k].size() + shared[k].size();
  const bool with_shared = lanes <= static_cast<std::size_t>(kMaxPipelineLanes);
  for (std::size_t k = 0; k < n; ++k) {
    for (engine::ServerId id : own[k]) {
      out.servers.push_back(id);
      out.names.push_back(fmt::format("stage {}: {}", out.stages_shown[k], g.servers()[static_cast<std::size_t>(id)].name));
      out.stage_of_lane.push_back(out.stages_shown[k]);
    }
    if (!with_shared) out.streams_hidden += static_cast<int>(shared[k].size());
    for (engine::ServerId id : with_shared ? shared[k] : std::vector<engine::ServerId>()) {
      out.servers.push_back(id);
      out.names.push_back(g.servers()[static_cast<std::size_t>(id)].name);
      out.stage_of_lane.push_back(out.stages_shown[k]);
    }
  }
  for (engine::ServerId id : other) {
    out.servers.push_back(id);
    out.names.push_back(g.servers()[static_cast<std::size_t>(id)].name);
    out.stage_of_lane.push_back(-1);
  }
  return out;
}

Lanes pick_lanes(const train::StepGraph& sg) {
  const bool stages = sg.stage_memory.size() > 1 &&
                      std::all_of(sg.stage_memory.begin(), sg.stage_memory.end(), [&](const train::MemoryPlan& m) {
                        return m.stream != engine::kNoServer && static_cast<std::size_t>(m.stream) < sg.graph.servers().size();
                      });
  return stages ? pick_stage_lanes(sg) : pick_gpu_lanes(sg.graph);
}

const char* category_name(std::uint32_t c) {
  switch (c) {
    case train::kForward: return "forward";
    case train::kBackward: return "backward";
    case train::kOptimizer: return "optimizer";
    case train::kComm: return "communication";
    case train::kData: return "data";
    case train::kHost: return "host";
    default: return "other";
  }
}

const char* category_color(std::uint32_t c) { return html::category_color(category_name(c)); }

// A drawn rectangle: one task, or neighbours closer than a pixel merged (coloured by the widest,
// named by the first).
struct Rect {
  double x0 = 0, x1 = 0;
  std::uint32_t category = 0;
  engine::TaskId first = 0;
  int tasks = 0;
};

// Appends a task drawn from x0 to x1 to a lane's rectangles, merging it into the last one when
// the gap is under a pixel and either has the same category or one of the two is under a pixel.
void add_to_lane(std::vector<Rect>& lane, double x0, double x1, std::uint32_t category, engine::TaskId task) {
  if (!lane.empty()) {
    Rect& last = lane.back();
    const bool tiny = x1 - x0 < 1.0 || last.x1 - last.x0 < 1.0;
    if (x0 - last.x1 < 1.0 && (last.category == category || tiny)) {
      if (x1 - x0 > last.x1 - last.x0) last.category = category;
      last.x1 = std::max(last.x1, x1);
      ++last.tasks;
      return;
    }
  }
  lane.push_back(Rect{x0, x1, category, task, 1});
}

// Each lane's rectangles within the window, on a plot kPlotWidth pixels wide.
std::vector<std::vector<Rect>> lane_rects(const train::RunResult& r, const Lanes& lanes, Window w) {
  const engine::TaskGraph& g = r.graph->graph;
  std::vector<int> lane_of(g.servers().size(), -1);
  for (std::size_t i = 0; i < lanes.servers.size(); ++i) lane_of[static_cast<std::size_t>(lanes.servers[i])] = static_cast<int>(i);
  struct Item {
    TimePs start, end;
    engine::TaskId task;
  };
  std::vector<std::vector<Item>> items(lanes.servers.size());
  for (engine::TaskId t = 0; t < g.size(); ++t) {
    const engine::Task& task = g.task(t);
    if (task.server == engine::kNoServer || task.kind == engine::TaskKind::join) continue;
    const int lane = lane_of[static_cast<std::size_t>(task.server)];
    const auto& rec = r.records[t];
    if (lane < 0 || rec.end <= w.lo || rec.start >= w.hi) continue;
    items[static_cast<std::size_t>(lane)].push_back(Item{std::max(rec.start, w.lo), std::min(rec.end, w.hi), t});
  }
  const double scale = static_cast<double>(kPlotWidth) / static_cast<double>(w.hi - w.lo);
  std::vector<std::vector<Rect>> out(items.size());
  for (std::size_t l = 0; l < items.size(); ++l) {
    std::stable_sort(items[l].begin(), items[l].end(), [](const Item& a, const Item& b) { return a.start < b.start; });
    for (const Item& it : items[l])
      add_to_lane(out[l], static_cast<double>(it.start - w.lo) * scale, static_cast<double>(it.end - w.lo) * scale,
                  g.task(it.task).category, it.task);
  }
  return out;
}

std::string rect_svg(const Rect& rc, const engine::TaskGraph& g, int y, int h, double ms_per_px) {
  const std::string what = rc.tasks == 1 ? escape(g.task(rc.first).label)
                                         : fmt::format("{} tasks from {}", rc.tasks, escape(g.task(rc.first).label));
  return fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{} ({}, {}&#8211;{} ms)</title></rect>\n",
                     num(kLabelWidth + rc.x0, 1), y, num(std::max(rc.x1 - rc.x0, 0.5), 1), h,
                     category_color(rc.category), what, category_name(rc.category), num(rc.x0 * ms_per_px, 3),
                     num(rc.x1 * ms_per_px, 3));
}

// The time axis under a plot, in ms from the start of the window, with a dashed line at the
// end of each step inside it.
std::string time_axis_svg(const Window& w, int y_top, int y_axis) {
  const double window_ms = static_cast<double>(w.hi - w.lo) * 1e-9;
  const html::NiceAxis ax = html::nice_axis(0, window_ms);
  std::string o;
  for (TimePs end : w.step_ends) {
    const double x = kLabelWidth + static_cast<double>(end - w.lo) / static_cast<double>(w.hi - w.lo) * kPlotWidth;
    o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"stepend\"/>", num(x, 1), y_top, y_axis);
  }
  for (int k = 0; k <= ax.ticks(); ++k) {
    const double v = ax.lo + k * ax.step;
    if (v > window_ms * 1.0001) break;
    const double x = kLabelWidth + v / window_ms * kPlotWidth;
    o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"grid\"/>", num(x, 1), y_top, y_axis);
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", num(x, 1), y_axis + 14, num(v, ax.decimals));
  }
  o += fmt::format("<text x=\"{}\" y=\"{}\" class=\"title\">ms from the end of the warm-up{}</text>\n", kLabelWidth,
                   y_axis + 30, w.step_ends.empty() ? "" : " (dashed: the end of each step)");
  return o;
}

std::string category_legend() {
  std::string o = "<p class=\"legend\">";
  for (std::uint32_t c : {train::kForward, train::kBackward, train::kOptimizer, train::kComm, train::kData, train::kHost})
    o += fmt::format("<span class=\"key\" style=\"background:{}\"></span>{} ", category_color(c), category_name(c));
  return o + "</p>\n";
}

// What the lanes show, in words: the GPUs (or with pipeline stages, the stages and the rank that
// stands for each), what is left out, and what a pixel is.
std::string timeline_caption(const train::RunResult& r, const Lanes& lanes, double window_ms) {
  std::string shown;
  for (long gpu : lanes.gpus) shown += (shown.empty() ? "" : ", ") + std::to_string(gpu);
  std::string o;
  if (lanes.stages > 0) {
    o = fmt::format("<p>Every pipeline stage{} ({} of {}), each by its first rank (GPU{} {}): the other ranks of a stage "
                    "run its schedule alike. The gaps in a stage's compute lane are its pipeline bubble",
                    lanes.stages_shown.size() < static_cast<std::size_t>(lanes.stages) ? " shown is evenly spread" : "",
                    lanes.stages_shown.size(), lanes.stages, lanes.gpus.size() == 1 ? "" : "s", shown);
    if (lanes.streams_hidden > 0) o += fmt::format("; {} shared streams are not shown", lanes.streams_hidden);
  } else {
    o = fmt::format("<p>Streams of GPU{} {} ({} of {}", lanes.gpus.size() == 1 ? "" : "s", shown.empty() ? "-" : shown,
                    lanes.gpus.size(), r.gpus);
    if (r.gpus > static_cast<int>(lanes.gpus.size()))
      o += fmt::format("; the other {} are not shown", r.gpus - static_cast<int>(lanes.gpus.size()));
    o += ")";
    if (lanes.streams_hidden > 0)
      o += fmt::format(" and the first {} shared streams ({} more not shown)", kMaxOtherLanes, lanes.streams_hidden);
  }
  const double px_us = window_ms * 1e3 / kPlotWidth;
  const std::string pixel = px_us >= 1000 ? num(px_us / 1e3, 2) + " ms" : num(px_us, 2) + " &#181;s";
  return o + fmt::format(". A pixel is {}: back-to-back tasks of one kind, and tasks shorter than a pixel, are "
                         "drawn as one bar (hover for what it holds).</p>\n",
                         pixel);
}

std::string timeline_section(const train::RunResult& r) {
  std::string o = fmt::format("<section id=\"timeline\">\n<h2>Timeline of the measured step{}</h2>\n", r.steps == 1 ? "" : "s");
  if (!r.graph) return o + "<p>No timeline: the run kept no trace.</p>\n</section>\n";
  const engine::TaskGraph& g = r.graph->graph;
  const Window w = measured_steps(r);
  const Lanes lanes = pick_lanes(*r.graph);
  const auto rects = lane_rects(r, lanes, w);
  const int lane_h = 16, pitch = 22, top = 4;
  const int axis_y = top + pitch * static_cast<int>(lanes.servers.size()) + 2;
  const double window_ms = static_cast<double>(w.hi - w.lo) * 1e-9;
  o += timeline_caption(r, lanes, window_ms);
  o += html::svg_open(kPageWidth, axis_y + 36);
  o += time_axis_svg(w, top, axis_y);
  int open_stage = -1;  // the stage whose <g> is open
  for (std::size_t l = 0; l < lanes.servers.size(); ++l) {
    const int y = top + pitch * static_cast<int>(l);
    if (lanes.stage_of_lane[l] != open_stage) {
      if (open_stage >= 0) o += "</g>\n";
      open_stage = lanes.stage_of_lane[l];
      if (open_stage >= 0) {
        o += fmt::format("<g id=\"stage-{}\" class=\"stage\">", open_stage);
        if (l > 0) o += fmt::format("<line x1=\"0\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" class=\"grid\"/>", y - 3, kPageWidth);
      }
    }
    o += fmt::format("<text x=\"0\" y=\"{}\">{}</text>\n", y + 12, escape(lanes.names[l]));
    for (const Rect& rc : rects[l]) o += rect_svg(rc, g, y, lane_h, window_ms / kPlotWidth);
  }
  if (open_stage >= 0) o += "</g>\n";
  o += "</svg>\n" + category_legend();
  return o + "</section>\n";
}

// ---------------------------------------------------------------- links

std::string links_section(const train::RunResult& r) {
  std::string o = "<section id=\"links\">\n<h2>Busiest links</h2>\n";
  if (r.links.empty()) return o + "<p>No link carried traffic.</p>\n</section>\n";
  std::vector<html::Segment> rows;
  for (const auto& l : r.links)
    rows.push_back({l.name, l.utilization, html::percent(l.utilization, 1), html::category_color("communication")});
  o += "<p>Utilization over the measured steps.</p>\n" + html::hbars_svg(rows, 1.0, kPageWidth);
  return o + "</section>\n";
}

// ---------------------------------------------------------------- memory

// The largest live total within each pixel column of the window. A sample holds from its time
// to the next sample's; samples that hold for no time (several events at one instant) are
// passed over, as the memory is never in that state.
std::vector<double> memory_columns(const std::vector<train::MemorySample>& samples, Window w, int width) {
  std::vector<double> col(static_cast<std::size_t>(width), 0.0);
  const double scale = static_cast<double>(width) / static_cast<double>(w.hi - w.lo);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const TimePs from = std::max(samples[i].time, w.lo);
    const TimePs to = std::min(i + 1 < samples.size() ? samples[i + 1].time : w.hi, w.hi);
    if (to <= from) continue;
    const int c0 = std::clamp(static_cast<int>(static_cast<double>(from - w.lo) * scale), 0, width - 1);
    const int c1 = std::clamp(static_cast<int>(std::ceil(static_cast<double>(to - w.lo) * scale)) - 1, c0, width - 1);
    for (int c = c0; c <= c1; ++c) col[static_cast<std::size_t>(c)] = std::max(col[static_cast<std::size_t>(c)], samples[i].bytes);
  }
  return col;
}

// The memory plan drawn: rank 0's, or with pipeline stages the fullest stage's first rank's
// (the one whose peak is reported), and whose it is.
std::pair<const train::MemoryPlan*, std::string> drawn_plan(const train::RunResult& r) {
  const auto& stages = r.graph->stage_memory;
  if (stages.size() <= 1 || r.stage_peaks.size() != stages.size()) return {&r.graph->memory, "Rank 0"};
  std::size_t s = 0;
  for (std::size_t i = 1; i < r.stage_peaks.size(); ++i)
    if (r.stage_peaks[i].first > r.stage_peaks[s].first) s = i;
  return {&stages[s], s == 0 ? std::string("Rank 0") : fmt::format("Pipeline stage {}'s first rank", s)};
}

std::string memory_curve_svg(const train::RunResult& r, const train::MemoryPlan& plan) {
  const Window w = measured_steps(r);
  const auto samples = train::memory_timeline(plan, r.records);
  const auto col = memory_columns(samples, w, kPlotWidth);
  const double top_bytes = std::max(r.memory_capacity_bytes, *std::max_element(col.begin(), col.end()));
  const html::NiceAxis ay = html::nice_axis(0, top_bytes / 1073741824.0);
  const int y0 = 200, y1 = 8;  // the plot's bottom and top
  std::string o = html::svg_open(kPageWidth, y0 + 36);
  for (int k = 0; k <= ay.ticks(); ++k) {
    const double v = ay.lo + k * ay.step, y = ay.at(v, y0, y1);
    o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" class=\"grid\"/>", kLabelWidth, num(y, 1), kLabelWidth + kPlotWidth);
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{} GiB</text>\n", kLabelWidth - 6, num(y + 4, 1), num(v, ay.decimals));
  }
  std::string path = fmt::format("M{},{}", kLabelWidth, y0);
  for (std::size_t c = 0; c < col.size(); ++c) {
    const std::string y = num(ay.at(col[c] / 1073741824.0, y0, y1), 1);
    path += fmt::format(" L{},{} L{},{}", kLabelWidth + c, y, kLabelWidth + c + 1, y);
  }
  path += fmt::format(" L{},{} Z", kLabelWidth + kPlotWidth, y0);
  o += fmt::format("<path d=\"{}\" fill=\"#a0cbe8\" stroke=\"#4e79a7\" stroke-width=\"1\"/>\n", path);
  const double cap_y = ay.at(r.memory_capacity_bytes / 1073741824.0, y0, y1);
  o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#e15759\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>",
                   kLabelWidth, num(cap_y, 1), kLabelWidth + kPlotWidth);
  o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">capacity {}</text>\n", kLabelWidth + kPlotWidth - 4,
                   num(cap_y + 14, 1), gib(r.memory_capacity_bytes));
  o += time_axis_svg(w, y1, y0);
  return o + "</svg>\n";
}

std::string memory_breakdown_svg(const train::RunResult& r) {
  std::vector<html::Segment> parts;
  double whole = 0;
  for (const auto& [name, bytes] : r.memory_breakdown) {
    if (bytes <= 0) continue;
    parts.push_back({name, bytes, gib(bytes), html::category_color(name)});
    whole += bytes;
  }
  return html::stacked_bar_svg(parts, whole, kPageWidth);
}

std::string memory_section(const train::RunResult& r) {
  std::string o = "<section id=\"memory\">\n<h2>Memory per GPU</h2>\n";
  o += fmt::format("<p>Peak {} of {}{}, during &#8220;{}&#8221;.</p>\n", gib(r.memory_peak_bytes),
                   gib(r.memory_capacity_bytes), r.oom ? " <span class=\"bad\">OUT OF MEMORY</span>" : "",
                   escape(r.memory_peak_at));
  if (r.graph) {
    const auto [plan, whose] = drawn_plan(r);
    o += fmt::format("<p>{}'s live memory over the measured steps, allocator slack included (the largest value in each "
                     "pixel).</p>\n", whose) + memory_curve_svg(r, *plan);
  } else {
    o += "<p>No memory timeline: the run kept no trace; the breakdown at the peak only.</p>\n";
  }
  o += "<p>What is live at the peak:</p>\n" + memory_breakdown_svg(r);
  return o + "</section>\n";
}

// ---------------------------------------------------------------- sweep

std::string point_label(const SweepPoint& p, const std::vector<SweepAxis>& axes) {
  std::string s;
  for (std::size_t k = 0; k < axes.size() && k < p.values.size(); ++k)
    s += (s.empty() ? "" : ", ") + axes[k].key + "=" + p.values[k];
  return s;
}

// The unit of time per sample on a sweep page, chosen by the slowest point so that its figure
// reads in units, not thousands or thousandths.
struct TimeUnit {
  const char* name;  // "ms"
  double per_second;
};

TimeUnit sample_time_unit(const std::vector<SweepPoint>& points) {
  double slowest = 0;
  for (const SweepPoint& p : points)
    if (p.result) slowest = std::max(slowest, p.per_sample_s);
  if (slowest < 1e-3) return {"\xC2\xB5s", 1e6};  // µs, UTF-8
  if (slowest < 1) return {"ms", 1e3};
  return {"s", 1};
}

// The unit a sweep's costs are counted in: a million tokens when every point's model has
// tokens (as the text table and its CSV columns), else a million samples.
struct CostUnit {
  bool tokens = false;
  const char* name() const { return tokens ? "tokens" : "samples"; }
  // A point's units per step (its global batch, or that batch's tokens).
  double per_step(const train::RunResult& r) const { return (tokens ? r.tokens_per_s : r.samples_per_s) * r.step_time_s; }
  // Its cost on cost.basis per million units; the samples' figure as the sweep computed it.
  double cost_per_million(const SweepPoint& p) const {
    if (!tokens) return p.cost_per_million;
    const double units = per_step(*p.result);
    return units > 0 ? p.result->cost_per_step / units * 1e6 : 0;
  }
};

// The points that ran, in rank order (the errors rank last, so a marker's number is its rank).
std::vector<html::ChartPoint> chart_points(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes,
                                           TimeUnit unit, CostUnit cost) {
  std::vector<html::ChartPoint> out;
  for (const SweepPoint& p : points)
    if (p.result)
      out.push_back({point_label(p, axes), p.per_sample_s * unit.per_second, cost.cost_per_million(p), p.result->bottleneck,
                     p.fits(), ""});
  return out;
}

bool any_priced(const std::vector<SweepPoint>& points) {
  return std::any_of(points.begin(), points.end(), [](const SweepPoint& p) { return p.result && p.result->priced; });
}

std::string sweep_chart_section(const std::vector<html::ChartPoint>& cps, bool priced, TimeUnit unit, CostUnit cost) {
  std::vector<std::string> bounds;
  for (const auto& c : cps) bounds.push_back(c.bound);
  const std::string time_label = fmt::format("time per sample ({})", unit.name);
  if (!priced) {
    return "<section id=\"times\">\n<h2>Time per sample</h2>\n<p>No price given (cost.gpu_hour, energy.electricity): "
           "time only. Bars numbered by rank; pale: does not fit in GPU memory with its margin.</p>\n" +
           html::time_bars_svg(cps, time_label) + html::bound_legend(bounds) + "</section>\n";
  }
  std::string o = fmt::format("<section id=\"pareto\">\n<h2>Time against cost</h2>\n"
                              "<p>Each point&#8217;s time per sample of its global batch against its cost (cost.basis) per "
                              "million {} of that batch, numbered by rank. Ringed and joined: the Pareto front "
                              "(no other point that fits is both faster and cheaper). Hollow: does not fit in GPU memory with its "
                              "margin.</p>\n",
                              cost.name());
  o += html::time_cost_chart_svg(cps, {time_label, fmt::format("cost per 1M {} ($)", cost.name()), std::nullopt, std::nullopt});
  o += html::bound_legend(bounds);
  const std::vector<bool> front = html::pareto_front(cps);
  std::string names;
  for (std::size_t i = 0; i < cps.size(); ++i)
    if (front[i]) names += fmt::format("{}#{} {}", names.empty() ? "" : "; ", i + 1, escape(cps[i].label));
  o += fmt::format("<p>Pareto front: {}</p>\n", names.empty() ? "none (no point fits)" : names);
  return o + "</section>\n";
}

std::string td(const std::string& s, bool left = false) { return (left ? "<td class=\"l\">" : "<td>") + s + "</td>"; }

// A cost per million units, as the text table prints it: "-" without a price.
std::string dollars(const std::optional<double>& v) { return v ? html::num_sig(*v, 4) : "-"; }

// The ranked table of `simtrain sweep`, its columns in the text table's units.
std::string sweep_table(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes,
                        const std::vector<bool>& front, TimeUnit unit, CostUnit cost) {
  std::string o = "<section id=\"points\">\n<h2>Points</h2>\n<table>\n<tr><th>rank</th>";
  for (const SweepAxis& a : axes) o += "<th class=\"l\">" + escape(a.key) + "</th>";
  o += fmt::format("<th>GPUs</th><th>step ms</th><th>samples/s</th>{}<th>MFU</th><th>mem GiB</th><th class=\"l\">bound</th>"
                   "<th>{}/sample</th><th>J/sample</th><th>rent $/1M {}</th><th>own $/1M {}</th></tr>\n",
                   cost.tokens ? "<th>tokens/s</th>" : "", escape(unit.name), cost.name(), cost.name());
  std::size_t charted = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    const bool on_front = p.result && charted < front.size() && front[charted];
    o += fmt::format("<tr{}><td>{}</td>", on_front ? " class=\"front\"" : "", i + 1);
    for (const std::string& v : p.values) o += td(escape(v), true);
    if (!p.result) {
      o += fmt::format("<td colspan=\"{}\" class=\"l bad\">error: {}</td></tr>\n", cost.tokens ? 10 : 9, escape(p.error));
      continue;
    }
    ++charted;
    const train::RunResult& r = *p.result;
    o += td(std::to_string(r.gpus)) + td(num(r.step_time_s * 1e3, 2)) + td(thousands(r.samples_per_s)) +
         (cost.tokens ? td(thousands(r.tokens_per_s)) : "") + td(html::percent(r.mfu, 1)) +
         td(memory_cell(r.memory_peak_bytes, r.memory_capacity_bytes) + (r.oom ? " OOM" : p.over_margin ? " &gt;margin" : "")) +
         td(escape(r.bottleneck) + (on_front ? " (front)" : ""), true) + td(html::num_sig(p.per_sample_s * unit.per_second, 4)) +
         td(html::num_sig(p.joules_per_sample, 4)) +
         td(dollars(cost.tokens ? p.rent_per_million_tokens : p.rent_per_million_samples)) +
         td(dollars(cost.tokens ? p.own_per_million_tokens : p.own_per_million_samples)) + "</tr>\n";
  }
  return o + "</table>\n</section>\n";
}

}  // namespace

std::string run_to_html(const train::RunResult& r) {
  const std::string body = run_header(r) + run_figures(r) + trust_section(r) + step_split_section(r) + timeline_section(r) +
                           links_section(r) + memory_section(r) +
                           "<p class=\"note\">Written by simtrain --html; self-contained, opens offline.</p>\n";
  return html::page("simtrain: " + r.scenario, body);
}

std::string sweep_to_html(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by) {
  const std::string scen = sweep_scenario_name(points);
  std::string keys;
  for (const SweepAxis& a : axes) keys += (keys.empty() ? "" : " &times; ") + escape(a.key);
  const TimeUnit unit = sample_time_unit(points);
  const CostUnit cost{sweep_costs_per_token(points)};
  const auto cps = chart_points(points, axes, unit, cost);
  const bool priced = any_priced(points);
  std::string body = fmt::format("<h1>simtrain sweep: {}</h1>\n<p>{} points ({}), ranked by {} per sample</p>\n",
                                 escape(scen), points.size(), keys, rank_by_name(by));
  body += sweep_chart_section(cps, priced, unit, cost);
  body += sweep_table(points, axes, priced ? html::pareto_front(cps) : std::vector<bool>(), unit, cost);
  body += "<p class=\"note\">Written by simtrain sweep --html; self-contained, opens offline.</p>\n";
  return html::page("simtrain sweep: " + scen, body);
}

}  // namespace simtrain::report
