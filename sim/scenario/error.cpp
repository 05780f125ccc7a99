#include "scenario/error.hpp"

#include <algorithm>
#include <cstdint>

namespace simtrain {

std::string printable(std::string s, bool keep_newlines) {
  for (size_t i = 0; i < s.size();) {
    const size_t bad = first_invalid_utf8(std::string_view(s).substr(i));
    const size_t stop = bad == std::string_view::npos ? s.size() : i + bad;
    for (size_t k = i; k < stop; ++k) {
      const auto c = static_cast<unsigned char>(s[k]);
      if (((c < 0x20 && c != '\t') || c == 0x7F) && !(keep_newlines && c == '\n')) s[k] = '?';
    }
    if (stop == s.size()) break;
    s[stop] = '?';
    i = stop + 1;
  }
  return s;
}

namespace {

// A file name or key from the command line may be a whole argument (`--set name=<100,000
// bytes>`): past kMaxEcho bytes it is cut, with its length said, as quoted lines are.
std::string echo(const std::string& s) {
  constexpr size_t kMaxEcho = 160, kKeep = 120;
  if (s.size() <= kMaxEcho) return printable(s);
  return printable(s.substr(0, kKeep)) + "... (" + std::to_string(s.size()) + " bytes)";
}

std::string format_what(const std::string& file, int line, int col, const std::string& key,
                        const std::string& message, const std::string& context) {
  // Built with append: GCC 12 warns falsely (-Wrestrict) on chained operator+ here.
  std::string out;
  out.append(file.empty() ? std::string("simtrain") : echo(file));
  if (line > 0) {
    out.append(":").append(std::to_string(line));
    if (col > 0) out.append(":").append(std::to_string(col));
  }
  out.append(": error: ");
  // Key and message may carry input text (a value, a stored record's error): no terminal
  // escapes get through.
  if (!key.empty()) out.append("'").append(echo(key)).append("': ");
  out.append(printable(message, true));
  if (!context.empty()) {
    // The quoted line is input: a line of thousands of bytes is cut to a window around the
    // caret, and bytes that are not printable UTF-8 are shown as '?' (one byte for one, so the
    // caret stays under its column), so an error about bad text does not print it.
    constexpr size_t kWindow = 120;
    const size_t caret = col > 0 ? static_cast<size_t>(col - 1) : 0;
    size_t start = 0;
    std::string prefix, suffix;
    if (context.size() > kWindow) {
      start = caret > kWindow / 2 ? std::min(caret - kWindow / 2, context.size() - kWindow) : 0;
      if (start > 0) prefix = "... ";
      if (start + kWindow < context.size()) suffix = " ...";
    }
    const std::string shown = printable(context.substr(start, kWindow));
    out.append("\n    ").append(prefix).append(shown).append(suffix);
    if (col > 0 && caret >= start && caret <= start + kWindow)
      out.append("\n    ").append(prefix.size() + caret - start, ' ').append("^");
  }
  return out;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

ScenarioError::ScenarioError(std::string file, int line, int col, std::string key,
                             std::string message, std::string context)
    : std::runtime_error(format_what(file, line, col, key, message, context)),
      file_(std::move(file)),
      line_(line),
      col_(col),
      key_(std::move(key)),
      message_(std::move(message)),
      context_(std::move(context)) {}

std::size_t first_invalid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = p[i];
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) { ++i; continue; }
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1Fu; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0Fu; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07u; }
    else return i;  // a continuation byte first, an overlong 2-byte lead (C0, C1), or F5-FF
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0u) != 0x80u) return i;
      cp = (cp << 6) | (p[i + k] & 0x3Fu);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

bool valid_utf8(std::string_view s) { return first_invalid_utf8(s) == std::string_view::npos; }

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  size_t best = std::string::npos;
  std::string best_name;
  for (const auto& c : candidates) {
    size_t d = edit_distance(name, c);
    if (d < best) {
      best = d;
      best_name = c;
    }
  }
  size_t limit = std::max<size_t>(2, name.size() / 3);
  if (best_name.empty() || best > limit) return {};
  return " (did you mean '" + best_name + "'?)";
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  return out;
}

}  // namespace simtrain
