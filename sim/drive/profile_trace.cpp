#include "drive/profile_trace.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <regex>
#include <tuple>

#include "base/intervals.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::drive {

const char* kernel_kind_name(KernelKind k) { return report::kKernelKindNames.c_str(k); }

KernelKind classify_kernel(const std::string& name) {
  std::string n = name.substr(0, 4096);
  std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  auto has = [&](std::initializer_list<const char*> words) {
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return n.find(w) != std::string::npos; });
  };
  if (has({"nccl"})) return KernelKind::nccl;
  if (has({"flash", "fmha", "attention", "sdpa"})) return KernelKind::attention;
  if (has({"gemm", "xmma", "cutlass", "nvjet", "conv", "cudnn", "wgrad", "dgrad"})) return KernelKind::gemm;
  return KernelKind::other;
}

namespace {

using nlohmann::json;

// 1-based line and column of byte `pos` in `text`.
std::pair<int, int> line_col(const std::string& text, std::size_t pos) {
  int line = 1, col = 1;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, col = 1;
    else ++col;
  }
  return {line, col};
}

double number_or(const json& j, const char* key, double fallback) {
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) {  // some exporters write "ts": "123.456"
    try {
      return std::stod(it->get<std::string>());
    } catch (const std::exception&) {
      return fallback;
    }
  }
  return fallback;
}

// Bounds on a trace's times (microseconds): a day per event, timestamps before the year 5000.
constexpr double kMaxTraceDurationUs = 86400e6;
constexpr double kMaxTraceTimestampUs = 1e17;

// An event's text field: "" when absent, else it must be a string (an error naming the event
// and the field, not the JSON library's type error).
std::string text_field(const json& e, const char* key, const std::string& path, std::size_t index) {
  auto it = e.find(key);
  if (it == e.end()) return "";
  if (!it->is_string())
    throw ScenarioError(path, 0, 0, fmt::format("traceEvents[{}].{}", index, key),
                        std::string("expected a string, got ") + it->type_name());
  return it->get<std::string>();
}

long long int_or(const json& j, const char* key, long long fallback) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return fallback;
  const double v = it->get<double>();
  return v >= -1e15 && v <= 1e15 ? static_cast<long long>(v) : fallback;
}

// A GPU event's device: args.device, else its pid (Kineto puts GPU rows under pid = device).
int device_of(const json& e) {
  if (auto a = e.find("args"); a != e.end() && a->is_object()) {
    const long long d = int_or(*a, "device", -1);
    if (d >= 0 && d < 4096) return static_cast<int>(d);
  }
  const long long p = int_or(e, "pid", 0);
  return p >= 0 && p < 4096 ? static_cast<int>(p) : 0;
}

bool is_profiler_step(const std::string& name) { return name.rfind("ProfilerStep#", 0) == 0; }

// Where each element of the top-level "deviceProperties" array starts in the text, and where
// its own "name" key is (npos: none). The text is valid JSON (parsed before): a scan that
// follows strings and nesting is enough; nlohmann's parser keeps no positions.
struct EntrySpot {
  std::size_t start = 0, name = std::string::npos;
};

std::size_t skip_space(const std::string& text, std::size_t i) {
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  return i;
}

std::vector<EntrySpot> device_property_spots(const std::string& text) {
  std::vector<EntrySpot> out;
  std::size_t depth = 0, array_at = std::string::npos;
  bool in_array = false, expect = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (in_array && depth == 2 && c != ',' && c != ']' && expect) {
      out.push_back({i, std::string::npos});
      expect = false;
    }
    if (c == '"') {
      std::size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      const std::string key = text.substr(i + 1, std::min(j, text.size()) - i - 1);
      const std::size_t colon = skip_space(text, j + 1);
      if (colon < text.size() && text[colon] == ':') {
        if (depth == 1 && !in_array && key == "deviceProperties") array_at = skip_space(text, colon + 1);
        if (in_array && depth == 3 && key == "name" && !out.empty() && out.back().name == std::string::npos)
          out.back().name = i;
      }
      i = j;
    } else if (c == '{' || c == '[') {
      ++depth;
      if (i == array_at && c == '[') in_array = expect = true;
    } else if (c == '}' || c == ']') {
      if (depth > 0) --depth;
      if (in_array && depth == 1) break;
    } else if (c == ',' && in_array && depth == 2) {
      expect = true;
    }
  }
  return out;
}

std::string line_text(const std::string& text, std::size_t pos) {
  const std::size_t b = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  const std::size_t from = b == std::string::npos || pos == 0 ? 0 : b + 1;
  const std::size_t e = text.find('\n', pos);
  return text.substr(from, (e == std::string::npos ? text.size() : e) - from);
}

void read_device_properties(const json& doc, const std::string& text, ProfileTrace& t) {
  if (!doc.is_object()) return;
  auto it = doc.find("deviceProperties");
  if (it == doc.end()) return;
  t.has_device_properties = true;
  if (!it->is_array()) return;
  const std::vector<EntrySpot> spots = device_property_spots(text);
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& e = (*it)[i];
    if (!e.is_object()) continue;
    TraceDevice d;
    d.id = int_or(e, "id", static_cast<long long>(i));
    if (auto n = e.find("name"); n != e.end() && n->is_string()) d.name = n->get<std::string>();
    d.compute_major = static_cast<int>(int_or(e, "computeMajor", -1));
    d.compute_minor = static_cast<int>(int_or(e, "computeMinor", -1));
    const long long sms = int_or(e, "numSms", 0);
    d.sms = sms > 0 && sms < 100000 ? static_cast<int>(sms) : 0;
    const double mem = number_or(e, "totalGlobalMem", 0);
    d.memory_bytes = std::isfinite(mem) && mem > 0 ? mem : 0;
    if (i < spots.size()) {
      const std::size_t at = spots[i].name != std::string::npos ? spots[i].name : spots[i].start;
      std::tie(d.line, d.col) = line_col(text, at);
      d.context = line_text(text, at);
    }
    t.devices.push_back(std::move(d));
  }
}

}  // namespace

ProfileTrace load_profile_trace(const std::string& path) {
  const std::string text = read_input_file(path);
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    const auto [l, c] = line_col(text, e.byte > 0 ? e.byte - 1 : 0);
    throw ScenarioError(path, l, c, "trace", "not JSON (a PyTorch profiler trace is Chrome-trace JSON): " + std::string(e.what()));
  } catch (const json::out_of_range& e) {
    // A number no double holds (1e400): the parser says which, not where; its first occurrence.
    const std::string what = e.what();
    const auto q = what.find('\'');
    const std::string number = q == std::string::npos ? "" : what.substr(q + 1, what.find('\'', q + 1) - q - 1);
    const std::size_t at = number.empty() ? std::string::npos : text.find(number);
    const auto [l, c] = at == std::string::npos ? std::pair<int, int>{0, 0} : line_col(text, at);
    throw ScenarioError(path, l, c, "trace", "a number too large for a double: '" + number + "'");
  }
  const json* events = nullptr;
  if (doc.is_object()) {
    auto it = doc.find("traceEvents");
    if (it == doc.end() || !it->is_array())
      throw ScenarioError(path, 1, 1, "traceEvents", "no traceEvents array: not a Chrome/Kineto trace");
    events = &*it;
  } else if (doc.is_array()) {
    events = &doc;
  } else {
    throw ScenarioError(path, 1, 1, "trace", "expected {\"traceEvents\": [...]} or an array of events");
  }
  ProfileTrace t;
  t.path = path;
  read_device_properties(doc, text, t);
  std::size_t index = 0;
  for (const json& e : *events) {
    ++index;
    if (!e.is_object()) continue;
    const std::string ph = text_field(e, "ph", path, index - 1);
    if (ph != "X") continue;
    const std::string cat = text_field(e, "cat", path, index - 1);
    const std::string name = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>() : "";
    const double ts = number_or(e, "ts", -1), dur = number_or(e, "dur", -1);
    if (!(ts >= 0) || !(dur >= 0) || !std::isfinite(ts) || !std::isfinite(dur)) {
      if (cat == "kernel")
        throw ScenarioError(path, 0, 0, fmt::format("traceEvents[{}]", index - 1),
                            "a kernel without a usable ts and dur (microseconds, >= 0)");
      continue;
    }
    // A profiler step or a kernel longer than a day, or a timestamp past the year 5000, is a
    // corrupted figure (a 300-digit step made a 300-digit measured time, then inf and NaN).
    if (dur > kMaxTraceDurationUs || ts > kMaxTraceTimestampUs)
      throw ScenarioError(path, 0, 0, fmt::format("traceEvents[{}].{}", index - 1, dur > kMaxTraceDurationUs ? "dur" : "ts"),
                          fmt::format("expected a duration of at most a day ({:.0f} us) and a timestamp of at most {:.0e} "
                                      "us, got ts {:g}, dur {:g}",
                                      kMaxTraceDurationUs, kMaxTraceTimestampUs, ts, dur));
    if (cat == "kernel" || cat == "gpu_memcpy" || cat == "gpu_memset") {
      TraceKernel k;
      k.name = name;
      k.start_us = ts;
      k.dur_us = dur;
      k.device = device_of(e);
      k.kind = cat == "kernel" ? classify_kernel(name) : KernelKind::other;
      if (auto a = e.find("args"); a != e.end() && a->is_object()) k.correlation = int_or(*a, "correlation", -1);
      t.kernels.push_back(std::move(k));
    } else if (cat == "gpu_user_annotation" && is_profiler_step(name)) {
      t.gpu_steps_by_device[device_of(e)].push_back({ts, ts + dur, name});
    } else if ((cat == "user_annotation" || cat == "cpu_op") && is_profiler_step(name)) {
      t.cpu_steps.push_back({ts, ts + dur, name});
    } else if (cat == "cuda_runtime" || cat == "cuda_driver") {
      if (auto a = e.find("args"); a != e.end() && a->is_object()) {
        const long long c = int_or(*a, "correlation", -1);
        if (c >= 0) t.launch_us[c] = ts;
      }
    }
  }
  if (t.kernels.empty())
    throw ScenarioError(path, 0, 0, "traceEvents",
                        "no GPU kernel (events of cat \"kernel\"): record with activities=[ProfilerActivity.CUDA]");
  std::stable_sort(t.kernels.begin(), t.kernels.end(), [](const TraceKernel& a, const TraceKernel& b) { return a.start_us < b.start_us; });
  auto by_start = [](const StepWindow& a, const StepWindow& b) { return a.start_us < b.start_us; };
  for (auto& [d, v] : t.gpu_steps_by_device) std::stable_sort(v.begin(), v.end(), by_start);
  std::stable_sort(t.cpu_steps.begin(), t.cpu_steps.end(), by_start);
  return t;
}

std::optional<MeasuredDevice> traced_device(const ProfileTrace& t, int device) {
  for (const TraceDevice& d : t.devices) {
    if (d.id != device) continue;
    MeasuredDevice m;
    m.name = d.name;
    if (d.compute_major >= 0 && d.compute_minor >= 0 && d.compute_major < 100 && d.compute_minor < 10)
      m.arch = fmt::format("sm_{}{}", d.compute_major, d.compute_minor);
    m.sms = d.sms;
    m.memory_bytes = d.memory_bytes;
    m.path = t.path;
    m.line = d.line;
    m.col = d.col;
    const std::string details = device_details(m);
    m.where = (details.empty() ? "" : details + "; ") + fmt::format("deviceProperties, id {}", d.id);
    m.context = d.context;
    if (m.name.empty() && m.arch.empty()) return std::nullopt;
    return m;
  }
  return std::nullopt;
}

namespace {

using Interval = std::pair<double, double>;

// The first index from which a run of items sorted by start may still end after x (at or after
// x with `or_at`): items before it all end earlier. prefix_end[i] is the largest end among items
// 0..i, which never decreases, so the search is a binary one; ends need not be sorted (items may
// overlap).
std::size_t first_ending_after(const std::vector<double>& prefix_end, double x, bool or_at = false) {
  auto it = or_at ? std::lower_bound(prefix_end.begin(), prefix_end.end(), x)
                  : std::upper_bound(prefix_end.begin(), prefix_end.end(), x);
  return static_cast<std::size_t>(it - prefix_end.begin());
}

template <typename T, typename EndOf>
std::vector<double> prefix_ends(const std::vector<T>& items, EndOf end_of) {
  std::vector<double> out;
  out.reserve(items.size());
  double m = -std::numeric_limits<double>::infinity();
  for (const T& i : items) out.push_back(m = std::max(m, end_of(i)));
  return out;
}

// Steps from CPU annotations: each kernel belongs to the first CPU step (by start) whose range
// holds its launch; a step's GPU window runs from its first kernel to the next non-empty step's
// first kernel (the idle between them is the earlier step's). One sorted pass: each launch is
// found by a binary search over the steps, n log n in kernels and steps.
std::vector<StepWindow> windows_by_launch(const ProfileTrace& t, const std::vector<const TraceKernel*>& ks) {
  const std::vector<StepWindow>& steps = t.cpu_steps;  // sorted by start (read_profile_trace)
  const std::vector<double> ends = prefix_ends(steps, [](const StepWindow& w) { return w.end_us; });
  std::vector<double> first(steps.size(), -1), last(steps.size(), -1);
  for (const TraceKernel* k : ks) {
    auto l = t.launch_us.find(k->correlation);
    if (l == t.launch_us.end()) continue;
    for (std::size_t i = first_ending_after(ends, l->second); i < steps.size() && steps[i].start_us <= l->second; ++i)
      if (l->second >= steps[i].start_us && l->second < steps[i].end_us) {
        if (first[i] < 0 || k->start_us < first[i]) first[i] = k->start_us;
        last[i] = std::max(last[i], k->start_us + k->dur_us);
        break;
      }
  }
  std::vector<StepWindow> windows;
  double next_first = -1;
  for (std::size_t i = steps.size(); i-- > 0;) {
    if (first[i] < 0) continue;
    windows.push_back({first[i], std::max(last[i], next_first < 0 ? last[i] : next_first), steps[i].name});
    next_first = first[i];
  }
  std::reverse(windows.begin(), windows.end());
  return windows;
}

// Each kernel's time inside each window, summed by kind, and the kernels starting in each
// window: the kernels sorted by start, each window visiting only those that can reach it.
void kernels_in_windows(const std::vector<const TraceKernel*>& ks, const std::vector<StepWindow>& windows,
                        TraceSplit& s, std::map<KernelKind, double>& kind) {
  std::vector<const TraceKernel*> sorted = ks;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const TraceKernel* a, const TraceKernel* b) { return a->start_us < b->start_us; });
  const std::vector<double> ends = prefix_ends(sorted, [](const TraceKernel* k) { return k->start_us + k->dur_us; });
  for (const StepWindow& w : windows) {
    if (!(w.end_us - w.start_us > 0)) continue;
    // A kernel of no length at the window's start counts, so those ending at its start are visited.
    for (std::size_t i = first_ending_after(ends, w.start_us, true); i < sorted.size() && sorted[i]->start_us < w.end_us; ++i) {
      const TraceKernel* k = sorted[i];
      const double a = std::max(k->start_us, w.start_us), b = std::min(k->start_us + k->dur_us, w.end_us);
      if (b > a) kind[k->kind] += b - a;
      if (k->start_us >= w.start_us) ++s.kernels;
    }
  }
}

}  // namespace

TraceSplit split_trace(const ProfileTrace& t, int device) {
  TraceSplit s;
  if (device < 0) {
    device = t.kernels.front().device;
    for (const TraceKernel& k : t.kernels) device = std::min(device, k.device);
  }
  s.device = device;
  std::vector<const TraceKernel*> ks;
  for (const TraceKernel& k : t.kernels)
    if (k.device == device) ks.push_back(&k);
  if (ks.empty()) throw ScenarioError(t.path, 0, 0, "--device", fmt::format("no kernel of device {} in the trace", device));

  // The steps' GPU windows.
  std::vector<StepWindow> windows;
  if (auto it = t.gpu_steps_by_device.find(device); it != t.gpu_steps_by_device.end() && !it->second.empty()) {
    windows = it->second;
    s.step_source = "gpu_user_annotation";
  } else if (!t.cpu_steps.empty() && !t.launch_us.empty()) {
    windows = windows_by_launch(t, ks);
    s.step_source = "user_annotation via correlation";
  }
  if (windows.empty()) {
    double lo = ks.front()->start_us, hi = lo;
    for (const TraceKernel* k : ks) hi = std::max(hi, k->start_us + k->dur_us);
    windows.push_back({lo, hi, "whole trace"});
    s.step_source = "whole trace";
  } else {
    s.step_ranges = true;
  }

  std::vector<Interval> compute, comm;
  for (const TraceKernel* k : ks) (k->kind == KernelKind::nccl ? comm : compute).emplace_back(k->start_us, k->start_us + k->dur_us);
  std::vector<Interval> both = compute;
  both.insert(both.end(), comm.begin(), comm.end());
  const IntervalUnion<double> compute_u(compute), comm_u(comm), both_u(std::move(both));
  double step = 0, comp = 0, com = 0, exposed = 0, idle = 0;
  for (const StepWindow& w : windows) {
    const double len = w.end_us - w.start_us;
    if (!(len > 0)) continue;
    ++s.steps;
    step += len;
    const double c = compute_u.length_within(w.start_us, w.end_us);
    const double x = both_u.length_within(w.start_us, w.end_us) - c;  // communication outside compute
    comp += c;
    com += comm_u.length_within(w.start_us, w.end_us);
    exposed += x;
    idle += len - (c + x);
  }
  if (s.steps == 0) throw ScenarioError(t.path, 0, 0, "ProfilerStep", "every step range of the device is empty");
  std::map<KernelKind, double> kind;
  kernels_in_windows(ks, windows, s, kind);
  const double per = 1e-6 / s.steps;
  s.step_s = step * per;
  s.compute_s = comp * per;
  s.comm_s = com * per;
  s.exposed_comm_s = exposed * per;
  s.idle_s = idle * per;
  for (const auto& [k, v] : kind) s.by_kind_s[k] = v * per;
  for (KernelKind k : {KernelKind::gemm, KernelKind::attention, KernelKind::other, KernelKind::nccl}) s.by_kind_s[k] += 0;
  s.kernels /= s.steps;
  return s;
}

}  // namespace simtrain::drive
