#include "scenario/error.hpp"

#include <algorithm>

namespace simtrain {
namespace {

std::string format_what(const std::string& file, int line, int col, const std::string& key,
                        const std::string& message, const std::string& context) {
  // Built with append: GCC 12 warns falsely (-Wrestrict) on chained operator+ here.
  std::string out;
  out.append(file.empty() ? std::string("simtrain") : file);
  if (line > 0) {
    out.append(":").append(std::to_string(line));
    if (col > 0) out.append(":").append(std::to_string(col));
  }
  out.append(": error: ");
  if (!key.empty()) out.append("'").append(key).append("': ");
  out.append(message);
  if (!context.empty()) {
    out.append("\n    ").append(context);
    if (col > 0) out.append("\n    ").append(static_cast<size_t>(col - 1), ' ').append("^");
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
      message_(std::move(message)) {}

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
