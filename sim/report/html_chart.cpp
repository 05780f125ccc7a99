#include "report/html_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace simtrain::report::html {

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string num(double v, int decimals) {
  if (!std::isfinite(v)) v = 0;
  std::string s = fmt::format("{:.{}f}", v, decimals);
  // "-0.00" reads as a sign where there is none.
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

std::string svg_open(int width, int height) {
  return fmt::format("<svg viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\">\n", width, height);
}

std::string num_sig(double v, int digits) {
  if (!std::isfinite(v) || v == 0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(v))));
  return num(v, std::clamp(digits - 1 - magnitude, 0, 9));
}

std::string percent(double part, double whole) { return num(whole > 0 ? 100.0 * part / whole : 0.0, 1) + "%"; }

namespace {

// Tableau 20 (Tableau's default categorical palette, also matplotlib's tab20 in its own order):
// the fallback for names not in the table and the series palette (its first 10).
constexpr std::array<const char*, 20> kPalette = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                                  "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
                                                  "#a0cbe8", "#ffbe7d", "#ff9d9a", "#86bcb6", "#8cd17d",
                                                  "#f1ce63", "#d4a6c8", "#fabfd2", "#d7b5a6", "#79706e"};

// FNV-1a: a fixed hash (std::hash may differ between library versions).
std::uint32_t fnv1a(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

}  // namespace

const char* category_color(std::string_view name) {
  // The step's parts and the bounds (one colour each across the step split, the timeline, the
  // links, the bound legends), then the memory parts (distinct among themselves: they share
  // one stacked bar).
  static const std::array<std::pair<std::string_view, const char*>, 25> table = {{
      {"compute", "#4e79a7"},        {"forward", "#4e79a7"},          {"backward", "#76b7b2"},
      {"optimizer", "#59a14f"},      {"communication", "#e15759"},    {"data", "#edc948"},
      {"host", "#b07aa1"},           {"pipeline", "#f28e2b"},         {"idle", "#bab0ac"},
      {"memory", "#9c755f"},         {"memory margin", "#d7b5a6"},    {"other", "#9c9c9c"},
      {"weights", "#4e79a7"},        {"parameters", "#4e79a7"},       {"amp_weight_copies", "#a0cbe8"},
      {"gathered_parameters", "#d4a6c8"}, {"gradients", "#499894"},   {"unsharded_gradients", "#86bcb6"},
      {"ddp_buckets", "#b6992d"},    {"optimizer_state", "#59a14f"},  {"activations", "#f28e2b"},
      {"pipeline_buffers", "#ffbe7d"}, {"input_batch", "#edc948"},    {"cuda_context_workspace", "#79706e"},
      {"allocator_slack", "#bab0ac"},
  }};
  for (const auto& [n, c] : table)
    if (n == name) return c;
  return kPalette[fnv1a(name) % kPalette.size()];
}

std::vector<std::string> series_colors(const std::vector<std::string>& names) {
  constexpr std::size_t kSeries = 10;
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::vector<std::size_t> slot(sorted.size());
  std::array<bool, kSeries> taken{};
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    std::size_t s = fnv1a(sorted[i]) % kSeries;
    // More series than colours: they share, from the hashed one on.
    for (std::size_t k = 0; k < kSeries && taken[s] && i < kSeries; ++k) s = (s + 1) % kSeries;
    taken[s] = true;
    slot[i] = s;
  }
  std::vector<std::string> out;
  for (const std::string& n : names)
    out.emplace_back(kPalette[slot[static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), n) - sorted.begin())]]);
  return out;
}

namespace {

constexpr std::array<const char*, 5> kBoundOrder = {"compute", "communication", "data", "host", "pipeline"};

// A marker of radius about `r` centred on (x, y): the shape says the bound (circle compute,
// square communication, triangle data, diamond host, down-triangle pipeline, circle otherwise).
std::string marker_svg(std::string_view bound, double x, double y, double r, const std::string& paint) {
  auto pts = [&](std::initializer_list<std::pair<double, double>> l) {
    std::string o;
    for (const auto& [dx, dy] : l) o += fmt::format("{},{} ", num(x + dx * r, 1), num(y + dy * r, 1));
    o.pop_back();
    return fmt::format("<polygon points=\"{}\" {}/>", o, paint);
  };
  if (bound == "communication") return pts({{-0.85, -0.85}, {0.85, -0.85}, {0.85, 0.85}, {-0.85, 0.85}});
  if (bound == "data") return pts({{0, -1.15}, {1.05, 0.8}, {-1.05, 0.8}});
  if (bound == "host") return pts({{0, -1.2}, {1.2, 0}, {0, 1.2}, {-1.2, 0}});
  if (bound == "pipeline") return pts({{0, 1.15}, {1.05, -0.8}, {-1.05, -0.8}});
  return fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>", num(x, 1), num(y, 1), num(r, 1), paint);
}

// A legend key: a small inline picture of a marker, or a colour swatch.
std::string shape_key(std::string_view bound) {
  return "<svg class=\"k\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\">" +
         marker_svg(bound, 7, 7, 5, "fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.5\"") + "</svg>";
}

}  // namespace

std::string bound_legend(const std::vector<std::string>& bounds, bool shapes) {
  std::string out = shapes ? "<p class=\"legend\">marker shape, bound: " : "<p class=\"legend\">bound: ";
  for (const char* b : kBoundOrder) {
    if (std::find(bounds.begin(), bounds.end(), b) == bounds.end()) continue;
    if (shapes) out += shape_key(b) + fmt::format("{} ", b);
    else out += fmt::format("<span class=\"key\" style=\"background:{}\"></span>{} ", category_color(b), b);
  }
  return out + "</p>\n";
}

std::string series_legend(const std::vector<std::string>& names, const std::vector<std::string>& colors) {
  std::string out = "<p class=\"legend\">colour, system: ";
  for (std::size_t i = 0; i < names.size() && i < colors.size(); ++i)
    out += fmt::format("<span class=\"key\" style=\"background:{}\"></span>{} ", colors[i], escape(names[i]));
  return out + "</p>\n";
}

std::string stacked_bar_svg(const std::vector<Segment>& parts, double whole, int width) {
  std::vector<const Segment*> shown;
  for (const Segment& s : parts)
    if (s.value > 0) shown.push_back(&s);
  const int bar_h = 30, row_h = 20;
  const int height = bar_h + 12 + row_h * static_cast<int>(shown.size());
  std::string o = svg_open(width, height);
  double x = 0;
  const double scale = whole > 0 ? width / whole : 0;
  for (const Segment* s : shown) {
    const double w = std::min(s->value * scale, width - x);
    o += fmt::format("<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}: {} ({})</title></rect>\n",
                     num(x, 1), num(w, 1), bar_h, s->color, escape(s->label), escape(s->text), percent(s->value, whole));
    if (w > 48)
      o += fmt::format("<text x=\"{}\" y=\"{}\" class=\"in\">{}</text>\n", num(x + 5, 1), bar_h / 2 + 4,
                       percent(s->value, whole));
    x += w;
  }
  int y = bar_h + 12;
  for (const Segment* s : shown) {
    o += fmt::format("<rect x=\"0\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>", y, s->color);
    o += fmt::format("<text x=\"18\" y=\"{}\">{}: {} ({})</text>\n", y + 10, escape(s->label), escape(s->text),
                     percent(s->value, whole));
    y += row_h;
  }
  return o + "</svg>\n";
}

std::string hbars_svg(const std::vector<Segment>& rows, double full, int width) {
  const int row_h = 22, bar_w = std::min(320, width / 3);
  const int height = row_h * static_cast<int>(rows.size()) + 4;
  std::string o = svg_open(width, height);
  int y = 2;
  for (const Segment& r : rows) {
    const double w = full > 0 ? std::clamp(r.value / full, 0.0, 1.0) * bar_w : 0;
    o += fmt::format("<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"#eee\"/>", y, bar_w);
    o += fmt::format("<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"{}\"/>", y, num(w, 1), r.color);
    o += fmt::format("<text x=\"{}\" y=\"{}\">{}  {}</text>\n", bar_w + 8, y + 12, escape(r.text), escape(r.label));
    y += row_h;
  }
  return o + "</svg>\n";
}

NiceAxis nice_axis(double mn, double mx) {
  if (!(mx > mn)) {
    const double d = mn != 0 ? std::abs(mn) * 0.1 : 1.0;
    mn -= d;
    mx += d;
  }
  const double raw = (mx - mn) / 5;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  NiceAxis a;
  a.step = (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
  a.lo = std::floor(mn / a.step) * a.step;
  a.hi = std::ceil(mx / a.step) * a.step;
  a.decimals = std::clamp(static_cast<int>(-std::floor(std::log10(a.step))), 0, 6);
  return a;
}

int NiceAxis::ticks() const { return static_cast<int>(std::lround((hi - lo) / step)); }

std::vector<bool> pareto_front(const std::vector<ChartPoint>& points) {
  std::vector<bool> front(points.size(), false);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    if (!p.fits) continue;
    bool dominated = false;
    for (std::size_t j = 0; j < points.size() && !dominated; ++j) {
      const ChartPoint& q = points[j];
      dominated = j != i && q.fits && q.time <= p.time && q.cost <= p.cost && (q.time < p.time || q.cost < p.cost);
    }
    front[i] = !dominated;
  }
  return front;
}

namespace {

struct Frame {
  int width = 760, height = 440, left = 80, right = 20, top = 16, bottom = 56;
  double x0() const { return left; }
  double x1() const { return width - right; }
  double y0() const { return height - bottom; }  // the bottom of the plot
  double y1() const { return top; }
};

// Grid lines, tick labels and axis titles of a scatter.
std::string axes_svg(const Frame& f, const NiceAxis& ax, const NiceAxis& ay, const ChartAxes& labels) {
  std::string o;
  for (int k = 0; k <= ax.ticks(); ++k) {
    const double v = ax.lo + k * ax.step, x = ax.at(v, f.x0(), f.x1());
    o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"grid\"/>", num(x, 1), num(f.y1(), 1),
                     num(f.y0(), 1));
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", num(x, 1), num(f.y0() + 16, 1),
                     num(v, ax.decimals));
  }
  for (int k = 0; k <= ay.ticks(); ++k) {
    const double v = ay.lo + k * ay.step, y = ay.at(v, f.y0(), f.y1());
    o += fmt::format("<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\" class=\"grid\"/>", num(y, 1), num(f.x0(), 1),
                     num(f.x1(), 1));
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", num(f.x0() - 6, 1), num(y + 4, 1),
                     num(v, ay.decimals));
  }
  o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" class=\"title\">{}</text>\n",
                   num((f.x0() + f.x1()) / 2, 1), f.height - 14, escape(labels.time_label));
  o += fmt::format("<text transform=\"translate(16,{}) rotate(-90)\" text-anchor=\"middle\" class=\"title\">{}</text>\n",
                   num((f.y0() + f.y1()) / 2, 1), escape(labels.cost_label));
  return o;
}

// The front's points from fastest to cheapest.
std::vector<std::size_t> front_order(const std::vector<ChartPoint>& points, const std::vector<bool>& front) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (front[i]) idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    return points[a].time != points[b].time ? points[a].time < points[b].time : points[a].cost < points[b].cost;
  });
  return idx;
}

// A box on the chart that a label must not cover: a marker or a label already placed.
struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

constexpr double kCharW = 7.0, kLabelH = 12.0;  // a 12 px digit's width and a label's height

// A number label: the points it names (those drawn at one place share it), where its text
// starts (baseline), and whether it sits away from its marker (a leader line joins them).
struct Label {
  std::vector<std::size_t> points;
  double mx = 0, my = 0;  // its marker's centre
  double x = 0, y = 0;
  Box box{0, 0, 0, 0};  // where its text is
  bool leader = false;
  std::string text() const {
    std::string t;
    for (std::size_t i : points) t += (t.empty() ? "" : ", ") + std::to_string(i + 1);
    return t;
  }
};

// The labels of markers at `xy`, placed in order (the first, the best ranked, gets the nearest
// place): each clear of every marker, of every label placed before it and of the `reserved`
// boxes (a limit's text), inside `bounds`. Tried: eight places around the marker, then the same
// directions two to four times as far out (with a leader line); when none is clear, the first.
std::vector<Label> place_labels(const std::vector<std::pair<double, double>>& xy, std::vector<Box> reserved,
                                const Box& bounds) {
  std::vector<Label> labels;
  for (std::size_t i = 0; i < xy.size(); ++i) {
    auto same = std::find_if(labels.begin(), labels.end(), [&](const Label& l) {
      return std::abs(l.mx - xy[i].first) < 3 && std::abs(l.my - xy[i].second) < 3;
    });
    if (same != labels.end()) same->points.push_back(i);
    else labels.push_back(Label{{i}, xy[i].first, xy[i].second});
  }
  std::vector<Box> taken = std::move(reserved);
  for (const auto& [x, y] : xy) taken.push_back({x - 8, y - 8, x + 8, y + 8});
  // (dx, dy) of the label's centre from the marker's, in units of the marker's clearance.
  static const std::array<std::pair<double, double>, 8> dirs = {
      {{1, -1}, {1, 0.15}, {1, 1}, {0, 1.2}, {0, -1.2}, {-1, 0.15}, {-1, -1}, {-1, 1}}};
  for (Label& l : labels) {
    const double w = kCharW * static_cast<double>(l.text().size()) + 2;
    std::optional<Box> best;
    for (int far = 1; far <= 4 && !best; ++far) {
      for (const auto& [dx, dy] : dirs) {
        const double cx = l.mx + dx * (8 + w / 2) * far, cy = l.my + dy * 12 * far;
        const Box b{cx - w / 2, cy - kLabelH / 2, cx + w / 2, cy + kLabelH / 2};
        if (b.x0 < bounds.x0 || b.x1 > bounds.x1 || b.y0 < bounds.y0 || b.y1 > bounds.y1) continue;
        if (std::any_of(taken.begin(), taken.end(), [&](const Box& t) { return t.overlaps(b); })) continue;
        best = b;
        l.leader = far > 1;
        break;
      }
    }
    if (!best) best = Box{l.mx + 8, l.my - 8 - kLabelH / 2, l.mx + 8 + w, l.my - 8 + kLabelH / 2};
    taken.push_back(*best);
    l.box = *best;
    l.x = best->x0 + 1;
    l.y = best->y1 - 2;
  }
  return labels;
}

// A data range [lo, hi] stretched to hold a limit, when that keeps it within 3x of the data's.
void stretch(double& lo, double& hi, const std::optional<ChartLimit>& limit) {
  if (!limit) return;
  const double v = limit->value;
  if (v <= hi * 3 && v >= lo / 3) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
}

// The deadline (vertical, the late side shaded) or the budget (horizontal, the dear side
// shaded) with its label, or the label at the plot's edge when the limit lies off the plot;
// `label_box` gets where its text is, which point labels then avoid.
std::string limit_svg(const ChartLimit& lim, bool vertical, const Frame& f, const NiceAxis& a, Box& label_box) {
  const char* id = vertical ? "deadline" : "budget";
  std::string o = fmt::format("<g id=\"{}\" class=\"limit\"><title>{}</title>", id, escape(lim.label));
  const double w = kCharW * static_cast<double>(lim.label.size()) + 14;
  if (lim.value < a.lo || lim.value > a.hi) {  // off the plot: say which way
    const bool past = lim.value > a.hi;
    const std::string text = lim.label + (vertical ? (past ? " \xE2\x86\x92" : " \xE2\x86\x90") : (past ? " \xE2\x86\x91" : " \xE2\x86\x93"));
    const double x = vertical ? (past ? f.x1() - w : f.x0() + 4) : f.x0() + 4;
    const double y = vertical ? f.y1() + 12 : (past ? f.y1() + 12 : f.y0() - 4);
    label_box = {x, y - kLabelH, x + w, y + 2};
    return o + fmt::format("<text x=\"{}\" y=\"{}\" class=\"limit\">{}</text></g>\n", num(x, 1), num(y, 1), escape(text));
  }
  if (vertical) {
    const double x = a.at(lim.value, f.x0(), f.x1());
    o += fmt::format("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" class=\"over\"/>"
                     "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{4}\" class=\"limit\"/>",
                     num(x, 1), num(f.y1(), 1), num(f.x1() - x, 1), num(f.y0() - f.y1(), 1), num(f.y0(), 1));
    const bool right = x + w <= f.x1();  // its text beside the line, inside the plot
    const double tx = right ? x + 4 : x - w;
    label_box = {tx, f.y1() + 1, tx + w, f.y1() + 4 + kLabelH};
    o += fmt::format("<text x=\"{}\" y=\"{}\" class=\"limit\">{}</text>", num(tx, 1), num(f.y1() + 13, 1), escape(lim.label));
  } else {
    const double y = a.at(lim.value, f.y0(), f.y1());
    o += fmt::format("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" class=\"over\"/>"
                     "<line x1=\"{0}\" y1=\"{4}\" x2=\"{5}\" y2=\"{4}\" class=\"limit\"/>",
                     num(f.x0(), 1), num(f.y1(), 1), num(f.x1() - f.x0(), 1), num(y - f.y1(), 1), num(y, 1), num(f.x1(), 1));
    const double tx = f.x1() - w;
    const double ty = y - 4 - kLabelH > f.y1() ? y - 4 : y + 4 + kLabelH;  // above the line, or below at the top
    label_box = {tx, ty - kLabelH, tx + w, ty + 2};
    o += fmt::format("<text x=\"{}\" y=\"{}\" class=\"limit\">{}</text>", num(tx, 1), num(ty, 1), escape(lim.label));
  }
  return o + "</g>\n";
}

// The chart's plot range: the points', stretched to hold the limits where they are near.
std::pair<NiceAxis, NiceAxis> chart_ranges(const std::vector<ChartPoint>& points, const ChartAxes& axes) {
  double tmin = 0, tmax = 0, cmin = 0, cmax = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    tmin = i ? std::min(tmin, p.time) : p.time;
    tmax = i ? std::max(tmax, p.time) : p.time;
    cmin = i ? std::min(cmin, p.cost) : p.cost;
    cmax = i ? std::max(cmax, p.cost) : p.cost;
  }
  stretch(tmin, tmax, axes.time_limit);
  stretch(cmin, cmax, axes.cost_limit);
  return {nice_axis(tmin, tmax), nice_axis(cmin, cmax)};
}

}  // namespace

std::string time_cost_chart_svg(const std::vector<ChartPoint>& points, const ChartAxes& axes) {
  const Frame f;
  const auto ranges = chart_ranges(points, axes);
  const auto& ax = ranges.first;  // named, not a structured binding: clang 14 cannot capture one
  const auto& ay = ranges.second;
  std::string o = svg_open(f.width, f.height);
  o += axes_svg(f, ax, ay, axes);
  std::vector<Box> reserved;
  for (const auto& [lim, vertical] : {std::pair{&axes.time_limit, true}, std::pair{&axes.cost_limit, false}}) {
    if (!*lim) continue;
    o += limit_svg(**lim, vertical, f, vertical ? ax : ay, reserved.emplace_back());
  }
  const std::vector<bool> front = pareto_front(points);
  auto px = [&](const ChartPoint& p) { return ax.at(p.time, f.x0(), f.x1()); };
  auto py = [&](const ChartPoint& p) { return ay.at(p.cost, f.y0(), f.y1()); };
  std::string line;
  for (std::size_t i : front_order(points, front)) line += fmt::format("{},{} ", num(px(points[i]), 1), num(py(points[i]), 1));
  if (!line.empty()) {
    line.pop_back();
    o += fmt::format("<polyline points=\"{}\" class=\"front\"/>\n", line);
  }
  std::vector<std::pair<double, double>> xy;
  for (const ChartPoint& p : points) xy.emplace_back(px(p), py(p));
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    const std::string color = p.color.empty() ? std::string(category_color(p.bound)) : p.color;
    o += fmt::format("<g class=\"point\"><title>#{} {}: {} {}, {} {}{}{}{}</title>", i + 1, escape(p.label), num_sig(p.time, 4),
                     escape(axes.time_label), num_sig(p.cost, 4), escape(axes.cost_label),
                     p.bound.empty() ? "" : "; " + escape(p.bound) + "-bound", p.fits ? "" : "; does not fit in memory",
                     front[i] ? "; on the Pareto front" : "");
    if (front[i]) o += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"10\" class=\"ring\"/>", num(xy[i].first, 1), num(xy[i].second, 1));
    o += marker_svg(p.bound, xy[i].first, xy[i].second, 6,
                    p.fits ? fmt::format("fill=\"{}\" stroke=\"#fff\" stroke-width=\"0.8\"", color)
                           : fmt::format("fill=\"#fff\" stroke=\"{}\" stroke-width=\"2\"", color));
    o += "</g>\n";
  }
  for (const Label& l : place_labels(xy, std::move(reserved), {f.x0() + 1, 0, static_cast<double>(f.width), f.y0() - 1})) {
    if (l.leader) {  // from the marker's edge to the nearest point of the text's box
      const double ex = std::clamp(l.mx, l.box.x0, l.box.x1), ey = std::clamp(l.my, l.box.y0, l.box.y1);
      const double d = std::max(std::hypot(ex - l.mx, ey - l.my), 1.0);
      o += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"leader\"/>", num(l.mx + (ex - l.mx) * 8 / d, 1),
                       num(l.my + (ey - l.my) * 8 / d, 1), num(ex, 1), num(ey, 1));
    }
    o += fmt::format("<text x=\"{}\" y=\"{}\" class=\"num\">{}</text>\n", num(l.x, 1), num(l.y, 1), l.text());
  }
  return o + "</svg>\n";
}

std::string time_bars_svg(const std::vector<ChartPoint>& points, const std::string& time_label,
                          const std::optional<ChartLimit>& time_limit) {
  const int width = 760, row_h = 22, left = 44, bar_w = 360;
  double tmax = 0;
  for (const ChartPoint& p : points) tmax = std::max(tmax, p.time);
  const bool limit_drawn = time_limit && time_limit->value > 0 && time_limit->value <= 3 * tmax;
  const double scale_max = limit_drawn ? std::max(tmax, time_limit->value) : tmax;
  const int height = row_h * static_cast<int>(points.size()) + 24;
  std::string o = svg_open(width, height);
  o += fmt::format("<text x=\"{}\" y=\"12\" class=\"title\">{}</text>\n", left, escape(time_label));
  if (time_limit) {
    const double x = limit_drawn ? left + time_limit->value / scale_max * bar_w : left + bar_w;
    o += fmt::format("<g id=\"deadline\" class=\"limit\"><title>{0}</title>{1}<text x=\"{2}\" y=\"12\" class=\"limit\">{0}{3}</text></g>\n",
                     escape(time_limit->label),
                     limit_drawn ? fmt::format("<line x1=\"{0}\" y1=\"16\" x2=\"{0}\" y2=\"{1}\" class=\"limit\"/>", num(x, 1), height) : "",
                     num(x + 4, 1), limit_drawn ? "" : " \xE2\x86\x92");
  }
  int y = 20;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    const double w = scale_max > 0 ? p.time / scale_max * bar_w : 0;
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">#{}</text>", left - 6, y + 12, i + 1);
    o += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"{}\"{}/>", left, y, num(w, 1),
                     p.color.empty() ? std::string(category_color(p.bound)) : p.color, p.fits ? "" : " fill-opacity=\"0.35\"");
    o += fmt::format("<text x=\"{}\" y=\"{}\">{}{}  {}{}</text>\n", num(left + w + 6, 1), y + 12,
                     num_sig(p.time, 4), p.fits ? "" : " (OOM)", escape(p.label),
                     p.color.empty() || p.bound.empty() ? "" : " (" + escape(p.bound) + ")");
    y += row_h;
  }
  return o + "</svg>\n";
}

std::string page(const std::string& title, const std::string& body) {
  static const char* style = R"(body{font:14px "DejaVu Sans",Arial,sans-serif;color:#222;background:#fff;margin:24px auto;max-width:1240px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 6px;border-bottom:1px solid #ddd;padding-bottom:3px}
p{margin:4px 0}.note{color:#666;font-size:12px}.bad{color:#b00;font-weight:bold}
section{overflow-x:auto}table{border-collapse:collapse;font-size:12px}td,th{padding:3px 6px;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
th{background:#f4f4f4}td.l,th.l{text-align:left}tr.front td{background:#f2f7ff}
dl.figures{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:8px 0}dt{color:#555}dd{margin:0}
svg{display:block;margin:6px 0}svg text{font:12px "DejaVu Sans",Arial,sans-serif;fill:#222}
svg text.in{fill:#fff;font-weight:bold}svg text.title{font-size:13px;fill:#444}
.grid{stroke:#e4e4e4;stroke-width:1}.stepend{stroke:#555;stroke-width:1;stroke-dasharray:3 3}.front{fill:none;stroke:#222;stroke-width:1.5;stroke-dasharray:5 3}
.ring{fill:none;stroke:#222;stroke-width:2}.legend{font-size:12px;color:#444}
line.limit{stroke:#b00;stroke-width:1.5;stroke-dasharray:7 3}rect.over{fill:#e15759;fill-opacity:0.07}svg text.limit{fill:#b00;font-weight:bold}
.leader{stroke:#888;stroke-width:0.8}svg text.num{font-size:11px}svg.k{display:inline-block;margin:0 3px 0 10px;vertical-align:-2px}
.key{display:inline-block;width:11px;height:11px;margin:0 4px 0 10px;vertical-align:-1px}td .key{margin-left:0})";
  return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
                     "<style>\n{}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
                     escape(title), style, body);
}

}  // namespace simtrain::report::html
