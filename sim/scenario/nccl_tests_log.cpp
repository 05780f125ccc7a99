#include "scenario/nccl_tests_log.hpp"

#include "scenario/limits.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain {
namespace {

struct Token {
  std::string text;
  int col = 0;  // 1-based
};

std::vector<Token> split_fields(const std::string& line) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// NCCL's own debug output (NCCL_DEBUG=INFO/WARN) interleaves with the table in real logs.
bool is_nccl_debug_line(const std::string& line) {
  return line.find(" NCCL INFO ") != std::string::npos || line.find(" NCCL WARN ") != std::string::npos ||
         starts_with(line, "NCCL version ");
}

// The columns of one half (out-of-place or in-place): time algbw busbw #wrong [i_min i_max i_p99 i_cv%].
struct Layout {
  std::vector<std::string> leading;  // size count type [redop] [root]
  int half_width = 4;                // fields per half
  bool timestamp = false;            // a trailing timestamp (any number of fields)
  bool wrong_is_count = true;        // "#wrong" (2.13+) counts wrong elements; "error" (older) was a max deviation
  int header_line = 0;
};

// Reads the column-name row ("#  size  count  type  redop  root  time  algbw  busbw #wrong ...").
Layout read_layout(const std::vector<Token>& names, const std::string& path, int line, const std::string& text) {
  Layout lay;
  lay.header_line = line;
  std::size_t i = 0;
  auto fail = [&](std::size_t at, const std::string& msg) -> Layout {
    const int col = at < names.size() ? names[at].col : static_cast<int>(text.size()) + 1;
    throw ScenarioError(path, line, col, "", "not an nccl-tests column header: " + msg, text);
  };
  for (const char* want : {"size", "count", "type"}) {
    if (i >= names.size() || names[i].text != want)
      return fail(i, std::string("expected '") + want + "' here (the columns start size count type)");
    lay.leading.push_back(want);
    ++i;
  }
  for (const char* optional : {"redop", "root"})
    if (i < names.size() && names[i].text == optional) {
      lay.leading.push_back(optional);
      ++i;
    }
  for (int half = 0; half < 2; ++half) {
    const std::size_t begin = i;
    for (const char* want : {"time", "algbw", "busbw", "#wrong"}) {
      if (half == 0 && std::string(want) == "#wrong" && i < names.size()) lay.wrong_is_count = names[i].text == "#wrong";
      const bool ok = i < names.size() &&
                      (names[i].text == want || (std::string(want) == "time" && names[i].text == "cputime") ||
                       (std::string(want) == "#wrong" && names[i].text == "error"));
      if (!ok)
        return fail(i, std::string("expected '") + want + "' (each half is time algbw busbw #wrong), got '" +
                           (i < names.size() ? names[i].text : std::string("end of line")) + "'");
      ++i;
    }
    while (i < names.size() && starts_with(names[i].text, "i_")) ++i;  // 2.19's per-iteration columns
    const int width = static_cast<int>(i - begin);
    if (half == 0) lay.half_width = width;
    else if (width != lay.half_width) return fail(begin, "the in-place half has other columns than the out-of-place half");
  }
  if (i < names.size() && names[i].text == "timestamp") {
    lay.timestamp = true;
    ++i;
  }
  if (i < names.size()) return fail(i, "unexpected column '" + names[i].text + "'");
  return lay;
}

[[noreturn]] void row_error(const std::string& path, int line, int col, const std::string& msg, const std::string& text) {
  throw ScenarioError(path, line, col, "", msg, text);
}

long long parse_whole(const Token& t, const char* what, bool allow_negative, const std::string& path, int line,
                      const std::string& text) {
  const std::string& s = t.text;
  std::size_t digits_from = allow_negative && !s.empty() && s[0] == '-' ? 1 : 0;
  // At most 15 digits: a petabyte is more than any run moves, and products of these stay exact in
  // a double (fits() compares size with count x ranks x element size that way).
  bool ok = s.size() > digits_from && s.size() - digits_from <= 15;
  for (std::size_t k = digits_from; ok && k < s.size(); ++k) ok = s[k] >= '0' && s[k] <= '9';
  if (!ok) row_error(path, line, t.col, std::string(what) + ": expected a whole number, got '" + s + "'", text);
  return std::strtoll(s.c_str(), nullptr, 10);
}

// A printed figure (time, algbw, busbw): a finite number >= 0; "N/A" gives nullopt when allowed.
std::optional<double> parse_figure(const Token& t, const char* what, bool allow_na, const std::string& path, int line,
                                   const std::string& text) {
  if (t.text == "N/A") {
    if (allow_na) return std::nullopt;
    row_error(path, line, t.col, std::string(what) + ": N/A where the out-of-place half must have a figure", text);
  }
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(t.text.c_str(), &end);
  if (end != t.text.c_str() + t.text.size() || errno == ERANGE || !std::isfinite(v) || v < 0)
    row_error(path, line, t.col, std::string(what) + ": expected a number >= 0, got '" + t.text + "'", text);
  return v;
}

std::string describe_columns(const Layout& lay) {
  std::string s;
  for (const auto& c : lay.leading) s += c + " ";
  s += "then time algbw busbw #wrong";
  if (lay.half_width > 4) s += " and the per-iteration columns";
  s += " for out-of-place and for in-place";
  return s;
}

NcclTestsRow parse_row(const std::vector<Token>& f, const Layout& lay, const std::string& path, int line,
                       const std::string& text) {
  const std::size_t lead = lay.leading.size(), half = static_cast<std::size_t>(lay.half_width);
  const std::size_t one = lead + half, both = lead + 2 * half;
  const int end_col = static_cast<int>(text.size()) + 1;
  if (f.size() < one || (f.size() > one && f.size() < both))
    row_error(path, line, end_col,
              "the row ends after " + std::to_string(f.size()) + " fields, expected " + std::to_string(both) + " (" +
                  describe_columns(lay) + "): a truncated or garbled row",
              text);
  if (f.size() > both && !lay.timestamp)
    row_error(path, line, f[both].col,
              "unexpected field '" + f[both].text + "' after the " + std::to_string(both) + " columns of the header",
              text);
  NcclTestsRow row;
  row.line = line;
  std::size_t k = 0;
  for (const std::string& name : lay.leading) {
    const Token& t = f[k++];
    if (name == "size") {
      row.size_bytes = parse_whole(t, "size", false, path, line, text);
    } else if (name == "count") {
      row.count = parse_whole(t, "count", false, path, line, text);
    } else if (name == "type") {
      if (nccl_tests_type_bytes(t.text) == 0)
        row_error(path, line, t.col,
                  "type: '" + t.text + "' is not an nccl-tests type (int8, uint8, int32, uint32, int64, uint64, half, "
                                       "float, double, bfloat16, f8e4m3, f8e5m2)",
                  text);
      row.type = t.text;
    } else if (name == "redop") {
      const bool word = std::all_of(t.text.begin(), t.text.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
      if (!word) row_error(path, line, t.col, "redop: expected a reduction name (sum, prod, max, min, avg, none), got '" + t.text + "'", text);
      row.redop = t.text;
    } else {
      const long long r = parse_whole(t, "root", true, path, line, text);
      if (r < -1 || r > 1000000) row_error(path, line, t.col, "root: expected -1 or a rank, got '" + t.text + "'", text);
      row.root = static_cast<int>(r);
    }
  }
  auto read_half = [&](std::size_t at, bool in_place) -> std::optional<NcclTestsFigures> {
    const char* label = in_place ? "in-place" : "out-of-place";
    auto time = parse_figure(f[at], (std::string(label) + " time").c_str(), in_place, path, line, text);
    auto alg = parse_figure(f[at + 1], (std::string(label) + " algbw").c_str(), in_place, path, line, text);
    auto bus = parse_figure(f[at + 2], (std::string(label) + " busbw").c_str(), in_place, path, line, text);
    const Token& w = f[at + 3];
    if (w.text != "N/A") {
      const auto wrong = parse_figure(w, "#wrong", false, path, line, text);  // 0, 0e+00 before 2.13
      // A count of wrong elements: whole, and no more than the row's elements (a 1e30 would not
      // fit the integer it is kept in).
      const double most = row.count > 0 ? static_cast<double>(row.count) : 9e15;
      if (lay.wrong_is_count && !(*wrong >= 0 && *wrong <= most && *wrong == std::floor(*wrong)))
        row_error(path, line, w.col,
                  "#wrong: expected a count of wrong elements, a whole number from 0 to the row's " +
                      (row.count > 0 ? std::to_string(row.count) : std::string("9e15")) + " elements, got '" + w.text + "'",
                  text);
      if (!in_place && lay.wrong_is_count) row.wrong = static_cast<long long>(*wrong);
    }
    for (std::size_t j = at + 4; j < at + half; ++j) parse_figure(f[j], "per-iteration figure", true, path, line, text);
    if (!time || !alg || !bus) return std::nullopt;
    return NcclTestsFigures{*time, *alg, *bus};
  };
  row.out_of_place = *read_half(lead, false);
  if (f.size() >= both) row.in_place = read_half(one, true);
  return row;
}

// Device lines: "#  Rank  3 Group  0 Pid 1234 on host device  3 [0x..] NAME" (2.13+),
// "#   Rank  3 Pid 1234 on host device  3 [0x..] NAME" (older).
struct DeviceLine {
  int rank = 0;
  std::string host, name;
};

// The device's name: what follows the bus id ("[0x07] NVIDIA A100-SXM4-80GB"), trimmed.
std::string device_name(const std::string& text) {
  const auto dev = text.find(" device ");
  if (dev == std::string::npos) return "";
  const auto close = text.find(']', dev);
  if (close == std::string::npos) return "";
  std::string n = text.substr(close + 1);
  const auto first = n.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = n.find_last_not_of(" \t\r");
  return n.substr(first, last - first + 1);
}

std::optional<DeviceLine> read_device_line(const std::vector<Token>& f, const std::string& path, int line,
                                           const std::string& text) {
  // f[0] is "#" or starts with '#'; the body starts at the first token equal to "Rank".
  std::size_t i = 0;
  while (i < f.size() && f[i].text != "Rank") ++i;
  if (i + 1 >= f.size()) return std::nullopt;
  DeviceLine d;
  d.rank = static_cast<int>(parse_whole(f[i + 1], "Rank", false, path, line, text));
  for (std::size_t j = i + 2; j + 1 < f.size(); ++j)
    if (f[j].text == "on") {
      d.host = f[j + 1].text;
      break;
    }
  d.name = device_name(text);
  return d;
}

bool sharded(NcclTestsBinary b) {
  return b == NcclTestsBinary::all_gather || b == NcclTestsBinary::reduce_scatter || b == NcclTestsBinary::alltoall;
}

bool no_reduction(NcclTestsBinary b) {
  return b == NcclTestsBinary::all_gather || b == NcclTestsBinary::alltoall || b == NcclTestsBinary::broadcast;
}

bool rooted(NcclTestsBinary b) { return b == NcclTestsBinary::broadcast || b == NcclTestsBinary::reduce; }

// Before 2.13 each binary printed its own leading columns (src/<binary>.cu, print_header).
bool old_columns_fit(NcclTestsBinary b, bool redop, bool root) {
  switch (b) {
    case NcclTestsBinary::all_reduce:
    case NcclTestsBinary::reduce_scatter:
    case NcclTestsBinary::alltoall: return redop && !root;
    case NcclTestsBinary::all_gather:
    case NcclTestsBinary::sendrecv: return !redop && !root;
    case NcclTestsBinary::broadcast: return !redop && root;
    case NcclTestsBinary::reduce: return redop && root;
  }
  return false;
}

// The printed busbw against algbw x factor, within what printing to two decimals (or fewer
// digits for wide figures) loses; rows with algbw under 0.05 GB/s carry too few digits to say.
bool factor_fits(const std::vector<NcclTestsRow>& rows, double factor) {
  for (const auto& r : rows) {
    const auto& m = r.out_of_place;
    if (m.algbw_gbps < 0.05) continue;
    if (std::abs(m.busbw_gbps - m.algbw_gbps * factor) > 0.016 + 2e-3 * m.busbw_gbps) return false;
  }
  return true;
}

bool fits(NcclTestsBinary b, const NcclTestsLog& log) {
  const bool new_columns = log.has_redop_column && log.has_root_column;
  if (!new_columns && !old_columns_fit(b, log.has_redop_column, log.has_root_column)) return false;
  const NcclTestsRow& first = log.rows.front();
  if (new_columns && (first.redop == "none") != no_reduction(b)) return false;
  if (first.root && (*first.root >= 0) != rooted(b)) return false;
  const int esize = nccl_tests_type_bytes(first.type);
  const double per_count = static_cast<double>(esize) * (sharded(b) ? log.ranks : 1);
  for (const auto& r : log.rows)
    if (r.count > 0 && static_cast<double>(r.size_bytes) != static_cast<double>(r.count) * per_count) return false;
  return factor_fits(log.rows, nccl_tests_busbw_factor(b, log.ranks));
}

std::string fmt_factor(double f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", f);
  return buf;
}

// What the inference read, for messages.
std::string describe_shape(const NcclTestsLog& log) {
  const NcclTestsRow& first = log.rows.front();
  std::string s;
  if (log.has_redop_column) s += "redop " + first.redop + ", ";
  if (first.root) s += "root " + std::to_string(*first.root) + ", ";
  const int esize = nccl_tests_type_bytes(first.type);
  const NcclTestsRow* counted = nullptr;
  for (const auto& r : log.rows)
    if (r.count > 0) {
      counted = &r;
      break;
    }
  if (counted) {
    const long long per = counted->size_bytes / counted->count;
    if (per == esize) s += "size = count x " + std::to_string(esize) + " B, ";
    else if (per == static_cast<long long>(esize) * log.ranks)
      s += "size = count x " + std::to_string(log.ranks) + " ranks x " + std::to_string(esize) + " B, ";
    else s += "size = count x " + std::to_string(per) + " B, ";
  }
  const NcclTestsRow* best = &log.rows.front();
  for (const auto& r : log.rows)
    if (r.out_of_place.algbw_gbps > best->out_of_place.algbw_gbps) best = &r;
  if (best->out_of_place.algbw_gbps >= 0.05)
    s += "busbw = " + fmt_factor(best->out_of_place.busbw_gbps / best->out_of_place.algbw_gbps) + " x algbw";
  else s += "busbw and algbw too small to compare";
  return s;
}

// "all_reduce_perf" or "all_reduce_perf_mpi" -> the binary.
std::optional<NcclTestsBinary> binary_of_program(std::string name) {
  const auto slash = name.find_last_of('/');
  if (slash != std::string::npos) name = name.substr(slash + 1);
  for (const EnumName<NcclTestsBinary>& b : kNcclTestsBinaryNames.entries)
    if (starts_with(name, std::string(b.name) + "_perf")) return b.value;
  return std::nullopt;
}

}  // namespace

const char* nccl_tests_binary_name(NcclTestsBinary b) { return kNcclTestsBinaryNames.c_str(b); }

double nccl_tests_busbw_factor(NcclTestsBinary b, int ranks) {
  const double n = ranks;
  if (ranks <= 0) return 1;
  switch (b) {
    case NcclTestsBinary::all_reduce: return 2 * (n - 1) / n;
    case NcclTestsBinary::all_gather:
    case NcclTestsBinary::reduce_scatter:
    case NcclTestsBinary::alltoall: return (n - 1) / n;
    case NcclTestsBinary::broadcast:
    case NcclTestsBinary::reduce:
    case NcclTestsBinary::sendrecv: return 1;
  }
  return 1;
}

int nccl_tests_type_bytes(const std::string& type) {
  static const std::map<std::string, int> sizes = {
      {"int8", 1},   {"uint8", 1},  {"char", 1},   {"f8e4m3", 1}, {"f8e5m2", 1},   {"half", 2},
      {"bfloat16", 2}, {"int32", 4}, {"uint32", 4}, {"int", 4},    {"float", 4},    {"int64", 8},
      {"uint64", 8}, {"double", 8}};
  const auto it = sizes.find(type);
  return it == sizes.end() ? 0 : it->second;
}

NcclTestsLog parse_nccl_tests_log(const std::string& text, const std::string& path) {
  NcclTestsLog log;
  log.path = path;
  const std::vector<std::string> lines = split_lines(text);
  std::optional<Layout> layout;
  std::map<int, int> rank_lines;  // rank -> line
  std::set<std::string> hosts;
  int program_line = 0;
  for (std::size_t idx = 0; idx < lines.size(); ++idx) {
    const int ln = static_cast<int>(idx) + 1;
    const std::string& line = lines[idx];
    const std::vector<Token> f = split_fields(line);
    if (f.empty() || is_nccl_debug_line(line)) continue;
    if (log.complete) {
      // After the footer ("# Collective test concluded", memory usage, a shell prompt): only a
      // second run matters, and it is refused rather than left out without a word.
      if (line.find("Rank") != std::string::npos && line[0] == '#' && line.find(" device ") != std::string::npos)
        row_error(path, ln, 1, "a second run after the footer (# Avg bus bandwidth): keep one run per file", line);
      continue;
    }
    if (f[0].text[0] == '#') {
      // "#  size ..." or "#size ...": the body's first word.
      std::vector<Token> body(f.begin() + (f[0].text == "#" ? 1 : 0), f.end());
      if (!body.empty() && f[0].text != "#") body[0].text = body[0].text.substr(1);
      if (body.empty()) continue;
      const std::string& w = body[0].text;
      if (w == "Rank") {
        if (layout) row_error(path, ln, body[0].col, "a device line after the column header: the log holds more than one run", line);
        if (const auto d = read_device_line(body, path, ln, line)) {
          if (const auto seen = rank_lines.find(d->rank); seen != rank_lines.end())
            row_error(path, ln, body[0].col,
                      "rank " + std::to_string(d->rank) + " is listed twice (first at line " +
                          std::to_string(seen->second) +
                          "): the processes did not form one communicator (an nccl-tests build without MPI=1 "
                          "started by mpirun runs one job per process), or two runs are in one file",
                      line);
          rank_lines[d->rank] = ln;
          hosts.insert(d->host);
          if (log.device.empty() && !d->name.empty()) {
            log.device = d->name;
            log.device_line = ln;
          }
        }
      } else if (w == "Collective" && body.size() >= 4 && body[1].text == "test" && body[2].text == "starting:") {
        log.program = body[3].text;
        program_line = ln;
      } else if (w == "size") {
        if (layout && !log.rows.empty())
          row_error(path, ln, body[0].col, "a second column header after data rows: the log holds more than one run; keep one per file", line);
        if (!layout) layout = read_layout(body, path, ln, line);
      } else if (w == "Avg" && body.size() >= 2 && body[1].text == "bus") {
        log.complete = true;
      }
      continue;
    }
    if (!layout) continue;  // before the table: the command, launcher banners
    NcclTestsRow row = parse_row(f, *layout, path, ln, line);
    if (!log.rows.empty()) {
      const NcclTestsRow& prev = log.rows.back();
      if (row.type != prev.type)
        row_error(path, ln, f[2].col,
                  "type " + row.type + " after " + prev.type + " rows: the log holds several sweeps (-d all?); keep one per file",
                  line);
      if (row.size_bytes <= prev.size_bytes)
        row_error(path, ln, f[0].col,
                  "sizes must increase down the log: " + std::to_string(row.size_bytes) + " after " +
                      std::to_string(prev.size_bytes) + " (line " + std::to_string(prev.line) +
                      "); a file of several sweeps (-o all, -d all, several roots, runs appended)? keep one per file",
                  line);
    }
    if (log.rows.empty()) log.first_row_line = ln;
    if (log.rows.size() >= limits::max_nccl_tests_rows)
      row_error(path, ln, 1,
                "more than " + std::to_string(limits::max_nccl_tests_rows) +
                    " sizes: each is simulated; keep the sizes you want compared (a doubling sweep has ~35)",
                line);
    log.rows.push_back(std::move(row));
  }
  if (!layout)
    throw ScenarioError(path, 0, 0, "",
                        "not an nccl-tests log: no column header ('#  size  count  type ...  time  algbw  busbw') found");
  if (log.rows.empty())
    throw ScenarioError(path, layout->header_line, 0, "",
                        "no data rows after the column header: the run ended before its first size");
  if (rank_lines.empty())
    throw ScenarioError(path, layout->header_line, 0, "",
                        "no device lines ('#  Rank  0 Group  0 Pid ... device  0 [...] NAME') before the table: the "
                        "number of ranks is unknown; keep the log's header");
  log.ranks = static_cast<int>(rank_lines.size());
  if (rank_lines.rbegin()->first != log.ranks - 1) {
    int missing = 0;
    while (rank_lines.count(missing)) ++missing;
    throw ScenarioError(path, rank_lines.begin()->second, 0, "",
                        "the device lines list " + std::to_string(log.ranks) + " ranks but not rank " +
                            std::to_string(missing) + ": some device lines are missing");
  }
  log.hosts = static_cast<int>(hosts.size());
  log.has_redop_column = std::find(layout->leading.begin(), layout->leading.end(), "redop") != layout->leading.end();
  log.has_root_column = std::find(layout->leading.begin(), layout->leading.end(), "root") != layout->leading.end();
  for (const EnumName<NcclTestsBinary>& b : kNcclTestsBinaryNames.entries)
    if (fits(b.value, log)) log.candidates.push_back(b.value);
  log.shape = describe_shape(log);
  if (log.candidates.empty())
    throw ScenarioError(path, log.first_row_line, 0, "",
                        "the rows fit no nccl-tests binary at " + std::to_string(log.ranks) + " ranks (" + log.shape +
                            "): are the device lines complete?");
  if (!log.program.empty()) {
    const auto named = binary_of_program(log.program);
    if (named && std::find(log.candidates.begin(), log.candidates.end(), *named) == log.candidates.end())
      throw ScenarioError(path, program_line, 0, "",
                          "the log names " + log.program + " but its rows are not " + nccl_tests_binary_name(*named) +
                              "'s at " + std::to_string(log.ranks) + " ranks (" + log.shape + ")");
    if (named) log.candidates = {*named};
  }
  return log;
}

NcclTestsLog read_nccl_tests_log(const std::string& path) { return parse_nccl_tests_log(read_input_file(path), path); }

}  // namespace simtrain
