// Checks of numeric flags with messages a user reads: "expected a whole number from 1 to
// 65536, got '4abc'" where CLI11's own validators print "Value 4abc not in range 0.000000 to
// 1797693134862315708..." (a 309-digit bound: issue 26, defect 21). Each check parses the
// whole text (no prefix: '4abc' is not 4) before CLI11 converts it.
#pragma once

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace simtrain::cli {

// A whole number in [lo, hi].
inline CLI::Validator whole_number(long long lo, long long hi) {
  const std::string what = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, what](std::string& text) -> std::string {
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi)
          return "expected " + what + ", got '" + text.substr(0, 40) + (text.size() > 40 ? "...'" : "'");
        return {};
      },
      what);
}

// A whole number >= 1 (counts: GPUs, channels), at most `hi`.
inline CLI::Validator whole_number_at_least_1(long long hi = 1LL << 40) { return whole_number(1, hi); }

// A finite number above 0 (seconds, factors).
inline CLI::Validator positive_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !std::isfinite(v) || !(v > 0))
          return "expected a finite number above 0, got '" + text.substr(0, 40) + (text.size() > 40 ? "...'" : "'");
        return {};
      },
      "a number above 0");
}

}  // namespace simtrain::cli
