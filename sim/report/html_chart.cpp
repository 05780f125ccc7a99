#include "report/html_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
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

const char* bound_color(std::string_view bound) {
  if (bound == "compute") return "#4e79a7";
  if (bound == "communication") return "#e15759";
  if (bound == "data") return "#edc948";
  if (bound == "host") return "#b07aa1";
  if (bound == "pipeline") return "#f28e2b";
  return "#9c9c9c";
}

std::string bound_legend(const std::vector<std::string>& bounds) {
  static const std::array<const char*, 5> order = {"compute", "communication", "data", "host", "pipeline"};
  std::string out = "<p class=\"legend\">bound: ";
  for (const char* b : order) {
    if (std::find(bounds.begin(), bounds.end(), b) == bounds.end()) continue;
    out += fmt::format("<span class=\"key\" style=\"background:{}\"></span>{} ", bound_color(b), b);
  }
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

// Where a marker's number goes: at (x, y), or moved down a line at a time until it clears every
// number already placed (coinciding points stay readable).
std::pair<double, double> place_label(std::vector<std::pair<double, double>>& placed, double x, double y) {
  auto clashes = [&] {
    return std::any_of(placed.begin(), placed.end(), [&](const auto& q) {
      return std::abs(q.first - x) < 16 && std::abs(q.second - y) < 12;
    });
  };
  for (int tries = 0; tries < 50 && clashes(); ++tries) y += 12;
  placed.emplace_back(x, y);
  return {x, y};
}

}  // namespace

std::string time_cost_chart_svg(const std::vector<ChartPoint>& points, const ChartAxes& axes) {
  const Frame f;
  double tmin = 0, tmax = 0, cmin = 0, cmax = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    tmin = i ? std::min(tmin, p.time) : p.time;
    tmax = i ? std::max(tmax, p.time) : p.time;
    cmin = i ? std::min(cmin, p.cost) : p.cost;
    cmax = i ? std::max(cmax, p.cost) : p.cost;
  }
  const NiceAxis ax = nice_axis(tmin, tmax), ay = nice_axis(cmin, cmax);
  std::string o = svg_open(f.width, f.height);
  o += axes_svg(f, ax, ay, axes);
  const std::vector<bool> front = pareto_front(points);
  auto px = [&](const ChartPoint& p) { return ax.at(p.time, f.x0(), f.x1()); };
  auto py = [&](const ChartPoint& p) { return ay.at(p.cost, f.y0(), f.y1()); };
  std::string line;
  for (std::size_t i : front_order(points, front)) line += fmt::format("{},{} ", num(px(points[i]), 1), num(py(points[i]), 1));
  if (!line.empty()) {
    line.pop_back();
    o += fmt::format("<polyline points=\"{}\" class=\"front\"/>\n", line);
  }
  std::vector<std::pair<double, double>> placed;  // the numbers' places so far
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    const std::string x = num(px(p), 1), y = num(py(p), 1);
    const auto [lx, ly] = place_label(placed, px(p) + 9, py(p) - 8);
    const char* color = bound_color(p.bound);
    o += fmt::format("<g><title>#{} {}: {} {}, {} {}{}{}</title>", i + 1, escape(p.label), num_sig(p.time, 4),
                     escape(axes.time_label), num_sig(p.cost, 4), escape(axes.cost_label), p.fits ? "" : "; does not fit in memory",
                     front[i] ? "; on the Pareto front" : "");
    if (front[i]) o += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"10\" class=\"ring\"/>", x, y);
    if (p.fits) o += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{}\"/>", x, y, color);
    else o += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"#fff\" stroke=\"{}\" stroke-width=\"2\"/>", x, y, color);
    o += fmt::format("<text x=\"{}\" y=\"{}\">{}</text></g>\n", num(lx, 1), num(ly, 1), i + 1);
  }
  return o + "</svg>\n";
}

std::string time_bars_svg(const std::vector<ChartPoint>& points, const std::string& time_label) {
  const int width = 760, row_h = 22, left = 44, bar_w = 360;
  double tmax = 0;
  for (const ChartPoint& p : points) tmax = std::max(tmax, p.time);
  const int height = row_h * static_cast<int>(points.size()) + 24;
  std::string o = svg_open(width, height);
  o += fmt::format("<text x=\"{}\" y=\"12\" class=\"title\">{}</text>\n", left, escape(time_label));
  int y = 20;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ChartPoint& p = points[i];
    const double w = tmax > 0 ? p.time / tmax * bar_w : 0;
    o += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">#{}</text>", left - 6, y + 12, i + 1);
    o += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"{}\"{}/>", left, y, num(w, 1),
                     bound_color(p.bound), p.fits ? "" : " fill-opacity=\"0.35\"");
    o += fmt::format("<text x=\"{}\" y=\"{}\">{}{}  {}</text>\n", num(left + w + 6, 1), y + 12, num_sig(p.time, 4),
                     p.fits ? "" : " (OOM)", escape(p.label));
    y += row_h;
  }
  return o + "</svg>\n";
}

std::string page(const std::string& title, const std::string& body) {
  static const char* style = R"(body{font:14px "DejaVu Sans",Arial,sans-serif;color:#222;background:#fff;margin:24px auto;max-width:1080px;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 6px;border-bottom:1px solid #ddd;padding-bottom:3px}
p{margin:4px 0}.note{color:#666;font-size:12px}.bad{color:#b00;font-weight:bold}
table{border-collapse:collapse;font-size:13px}td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
th{background:#f4f4f4}td.l,th.l{text-align:left}tr.front td{background:#f2f7ff}
dl.figures{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:8px 0}dt{color:#555}dd{margin:0}
svg{display:block;margin:6px 0}svg text{font:12px "DejaVu Sans",Arial,sans-serif;fill:#222}
svg text.in{fill:#fff;font-weight:bold}svg text.title{font-size:13px;fill:#444}
.grid{stroke:#e4e4e4;stroke-width:1}.stepend{stroke:#555;stroke-width:1;stroke-dasharray:3 3}.front{fill:none;stroke:#222;stroke-width:1.5;stroke-dasharray:5 3}
.ring{fill:none;stroke:#222;stroke-width:2}.legend{font-size:12px;color:#444}
.key{display:inline-block;width:11px;height:11px;margin:0 4px 0 10px;vertical-align:-1px})";
  return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
                     "<style>\n{}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
                     escape(title), style, body);
}

}  // namespace simtrain::report::html
