// Checks of numeric flags with messages a user reads: "expected a whole number from 1 to
// 65536, got '4abc'" where CLI11's own validators print "Value 4abc not in range 0.000000 to
// 1797693134862315708..." (a 309-digit bound). Each check parses the
// whole text (no prefix: '4abc' is not 4) before CLI11 converts it.
#pragma once

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>
#include <algorithm>

#include "base/enum_names.hpp"
#include "scenario/error.hpp"

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

// A name from a fixed list (an enum's, base/enum_names.hpp): "unknown algorithm 'rign' (did
// you mean 'ring'?); expected auto, ring or tree". `accepted` also takes aliases the message
// does not offer (nccl-tests' allreduce). No description: --help's text lists the names.
inline CLI::Validator one_of(const std::string& what, std::vector<std::string> names,
                             std::vector<std::string> accepted = {}) {
  accepted.insert(accepted.end(), names.begin(), names.end());
  return CLI::Validator(
      [what, names, accepted](std::string& text) -> std::string {
        if (std::find(accepted.begin(), accepted.end(), text) != accepted.end()) return {};
        std::string list;
        for (std::size_t i = 0; i < names.size(); ++i)
          list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        return "unknown " + what + " '" + printable(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'") +
               did_you_mean(text, names) + "; expected " + list;
      },
      "");
}

// The names of an enum's table (base/enum_names.hpp), its aliases accepted but not offered.
template <typename E, std::size_t N>
CLI::Validator one_of(const std::string& what, const EnumNames<E, N>& table) {
  return one_of(what, table.names(), table.aliases());
}

// A former spelling of `canonical` (docs/cli.md, Flag spellings): still taken, no longer
// listed in --help; giving both is an error.
template <typename T>
CLI::Option* add_hidden_alias(CLI::App* cmd, const std::string& name, T& value, CLI::Option* canonical) {
  CLI::Option* o = cmd->add_option(name, value, "the former spelling of " + canonical->get_name())->group("");
  o->excludes(canonical);
  canonical->remove_excludes(o);  // CLI11 adds the reverse for --help, which would name the hidden alias ""
  return o;
}

}  // namespace simtrain::cli
