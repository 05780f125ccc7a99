// The building blocks of simtrain's HTML pages (report/html_report.hpp): entity escaping, fixed
// number formatting, inline SVG charts and the page around them. No JavaScript, no fonts or
// images fetched: a page opens offline. Every function is a pure function of its arguments,
// with fixed number formats, so the same input gives the same bytes.
//
// The time-vs-cost chart is here, apart from the sweep page, so that any command with a list
// of candidates (a sweep, `advise`) draws the same chart with the same Pareto front.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simtrain::report::html {

// `s` with & < > " ' as entities: safe in element text and in quoted attributes.
std::string escape(std::string_view s);
// `v` with `decimals` digits after the point; never "-0.00", "nan" or "inf" (those print 0).
std::string num(double v, int decimals);
// `v` with `digits` significant digits in fixed notation (0.2981, 53.69, 12346); 0 for 0.
std::string num_sig(double v, int digits);
// `part` as a percent of `whole` with one decimal ("12.5%"); 0% when `whole` is not positive.
std::string percent(double part, double whole);

// An inline <svg> element's opening tag, `width` x `height` pixels (no namespace attribute:
// HTML5 needs none, so a page names no URL).
std::string svg_open(int width, int height);

// A linear scale with round ticks (1, 2 or 5 times a power of ten) covering [mn, mx]; the
// tick labels need `decimals` digits.
struct NiceAxis {
  double lo = 0, hi = 1, step = 1;
  int decimals = 0;
  // `v` mapped linearly from [lo, hi] onto [from, to] (pixels).
  double at(double v, double from, double to) const { return from + (v - lo) / (hi - lo) * (to - from); }
  int ticks() const;  // intervals between lo and hi
};
NiceAxis nice_axis(double mn, double mx);

// A coloured share of a whole: a segment of a stacked bar, a row of horizontal bars.
struct Segment {
  std::string label;
  double value = 0;
  std::string text;   // what the legend says of it ("12.40 ms"); the percent is added
  std::string color;  // CSS colour
};

// A horizontal stacked bar of `parts` (non-positive parts are left out) scaled to `whole`,
// with a legend: colour, label, text and percent of `whole`.
std::string stacked_bar_svg(const std::vector<Segment>& parts, double whole, int width);

// One horizontal bar per row, scaled to `full` (a utilization: full = 1), its text beside it.
std::string hbars_svg(const std::vector<Segment>& rows, double full, int width);

// One colour per named category, the same in every chart and legend of every page: the parts
// of a step (compute, forward, backward, optimizer, communication, data, host, pipeline, idle),
// what limits a configuration (those names and memory), and the parts of GPU memory (weights,
// gradients, optimizer_state, activations, ...). A fixed table, so a category added to a page
// never moves another's colour; a name not in the table takes a colour from a hash of the name
// (the same in every run, whatever else is drawn).
const char* category_color(std::string_view name);

// The colour of each of `names` (the series of a chart: advise's systems) from a fixed palette
// of 10, chosen by a hash of the name, so that a series keeps its colour when another is added
// or left out; a name whose colour is taken by a name before it (in sorted order) takes the next
// free one. Returned in the order of `names`.
std::vector<std::string> series_colors(const std::vector<std::string>& names);

// A candidate of a time-vs-cost chart: lower is better on both axes.
struct ChartPoint {
  std::string label;  // shown in the tooltip ("strategy=fsdp, nodes=2")
  double time = 0;    // in the chart's time unit
  double cost = 0;    // in the chart's cost unit
  std::string bound;  // compute, communication, data, host, pipeline: the marker's shape
  bool fits = true;   // false: does not fit in GPU memory (drawn hollow, never on the front)
  std::string color{};  // CSS colour of its series; empty: category_color(bound)
};

// A line across a chart: what the points must stay under (advise's deadline and budget).
struct ChartLimit {
  double value = 0;   // in the axis' unit
  std::string label;  // "deadline 14 days"
};

struct ChartAxes {
  std::string time_label;  // "time per sample (us)"
  std::string cost_label;  // "cost per 1M samples ($)"
  // Drawn as a dashed line with its label, the side past it shaded (id "deadline", "budget"):
  // inside the plot when the data's range stretched to hold it stays within 3x of the data's;
  // otherwise named at the plot's edge with an arrow towards it.
  std::optional<ChartLimit> time_limit{};  // points right of it miss it
  std::optional<ChartLimit> cost_limit{};  // points above it exceed it
};

// For each point: whether it is on the Pareto front, i.e. it fits and no other point that
// fits is at least as fast and as cheap and strictly better in one of the two.
std::vector<bool> pareto_front(const std::vector<ChartPoint>& points);

// The scatter of cost against time, markers numbered by their place in `points` (1-based),
// shaped by bound and coloured by series (or by bound), with the Pareto front ringed and joined
// from fastest to cheapest. Numbers never overlap one another or a marker: points at one place
// share a label ("1, 5"); a label that cannot sit beside its marker moves out along a leader line.
std::string time_cost_chart_svg(const std::vector<ChartPoint>& points, const ChartAxes& axes);

// Without prices: one horizontal bar per point, its time, numbered as above; the time limit, if
// given, as a dashed line across the bars (id "deadline").
std::string time_bars_svg(const std::vector<ChartPoint>& points, const std::string& time_label,
                          const std::optional<ChartLimit>& time_limit = std::nullopt);

// A legend of the bounds present among `bounds`, in a fixed order: their colour, or with
// `shapes` their marker's shape (the chart is coloured by series).
std::string bound_legend(const std::vector<std::string>& bounds, bool shapes = false);
// A legend of series: each name with its colour.
std::string series_legend(const std::vector<std::string>& names, const std::vector<std::string>& colors);

// The whole document: doctype, UTF-8, the title (escaped), the inline style sheet, `body`.
std::string page(const std::string& title, const std::string& body);

}  // namespace simtrain::report::html
