#include "report/headroom.hpp"

#include <fmt/format.h>

#include <cmath>

#include "scenario/error.hpp"
#include "scenario/units.hpp"

namespace simtrain::report {

std::optional<double> parse_memory_margin(const std::string& text) {
  if (text.empty() || text == "auto") return std::nullopt;
  const auto bad = [&] {
    return ScenarioError("--memory-margin", 0, 0, "--memory-margin",
                         "expected a share of the peak: a percentage (15%), a fraction (0.15), 0 (none) or auto (the "
                         "memory band's median error), got '" + text + "'");
  };
  const bool percent = text.back() == '%';
  const std::string number = percent ? text.substr(0, text.size() - 1) : text;
  double v = 0;
  std::size_t used = 0;
  try {
    v = std::stod(number, &used);
  } catch (...) {
    throw bad();
  }
  if (used != number.size() || number.empty() || !std::isfinite(v)) throw bad();
  if (percent) v /= 100;
  if (!(v >= 0 && v <= 1)) throw bad();
  return v;
}

MemoryMargin memory_margin(const std::optional<double>& given, const std::vector<train::ErrorBand>& run_bands) {
  if (given) return {*given, "--memory-margin"};
  for (const train::ErrorBand& b : run_bands)
    if (b.figure == "peak_memory" && b.found)
      return {b.median_abs_error, "the peak-memory band's median error (" + b.domain + ")"};
  return {0, "no peak-memory band: none"};
}

MemoryMargin memory_margin(const std::optional<double>& given, const ErrorBands* bands, const RunKind& kind) {
  if (given) return {*given, "--memory-margin"};
  if (!bands) return {0, "no peak-memory band: none"};
  return memory_margin(given, {lookup_band(*bands, kind, "peak_memory")});
}

bool fits_with_margin(double peak_bytes, double capacity_bytes, double margin) {
  return peak_bytes * (1 + margin) <= capacity_bytes;
}

std::string memory_cell(double peak_bytes, double capacity_bytes) {
  constexpr double kGiB = 1073741824.0;
  return fmt::format("{:.1f}/{:.0f}", peak_bytes / kGiB, capacity_bytes / kGiB);
}

std::string margin_text(double fraction) { return fmt::format("{:.0f}%", 100 * fraction); }

}  // namespace simtrain::report
