#include "scenario/units.hpp"

#include "scenario/limits.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

namespace simtrain {
namespace {

struct Unit {
  std::string_view name;
  double factor;
};

constexpr std::array kBytes = {
    Unit{"B", 1.0},          Unit{"KB", 1e3},          Unit{"MB", 1e6},
    Unit{"GB", 1e9},         Unit{"TB", 1e12},         Unit{"KiB", 1024.0},
    Unit{"MiB", 1048576.0},  Unit{"GiB", 1073741824.0}, Unit{"TiB", 1099511627776.0},
};
constexpr std::array kBandwidth = {
    Unit{"B/s", 1.0},           Unit{"KB/s", 1e3},          Unit{"MB/s", 1e6},
    Unit{"GB/s", 1e9},          Unit{"TB/s", 1e12},         Unit{"KiB/s", 1024.0},
    Unit{"MiB/s", 1048576.0},   Unit{"GiB/s", 1073741824.0}, Unit{"b/s", 1.0 / 8},
    Unit{"Kb/s", 1e3 / 8},      Unit{"Mb/s", 1e6 / 8},      Unit{"Gb/s", 1e9 / 8},
    Unit{"Tb/s", 1e12 / 8},
};
constexpr std::array kTime = {
    Unit{"ps", 1e-12}, Unit{"ns", 1e-9}, Unit{"us", 1e-6}, Unit{"ms", 1e-3},
    Unit{"s", 1.0},    Unit{"min", 60.0}, Unit{"h", 3600.0},
    // A whole run's length and a deadline: a day is 86,400 s, a week seven of them.
    Unit{"day", 86400.0}, Unit{"days", 86400.0}, Unit{"week", 604800.0}, Unit{"weeks", 604800.0},
};
constexpr std::array kFlops = {
    Unit{"FLOPS", 1.0},   Unit{"GFLOPS", 1e9}, Unit{"TFLOPS", 1e12}, Unit{"PFLOPS", 1e15},
};
constexpr std::array kPower = {Unit{"W", 1.0}, Unit{"kW", 1e3}, Unit{"MW", 1e6}};
constexpr std::array kMoney = {Unit{"USD", 1.0}};

template <size_t N>
bool lookup(const std::array<Unit, N>& table, std::string_view unit, double& factor) {
  for (const auto& u : table) {
    if (u.name == unit) {
      factor = u.factor;
      return true;
    }
  }
  return false;
}

bool lookup_dim(Dimension dim, std::string_view unit, double& factor) {
  switch (dim) {
    case Dimension::bytes: return lookup(kBytes, unit, factor);
    case Dimension::bandwidth: return lookup(kBandwidth, unit, factor);
    case Dimension::time: return lookup(kTime, unit, factor);
    case Dimension::flops: return lookup(kFlops, unit, factor);
    case Dimension::power: return lookup(kPower, unit, factor);
    case Dimension::money: return lookup(kMoney, unit, factor);
  }
  return false;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Splits "12.5 GB/s" into 12.5 and "GB/s". Returns false if no number leads the text.
bool split_number(std::string_view text, double& value, std::string_view& rest) {
  text = trim(text);
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  auto res = std::from_chars(begin, end, value);
  if (res.ec != std::errc() || res.ptr == begin) return false;
  rest = trim(std::string_view(res.ptr, static_cast<size_t>(end - res.ptr)));
  return std::isfinite(value);
}

}  // namespace

const char* dimension_name(Dimension d) { return kDimensionLabels.c_str(d); }

const char* dimension_examples(Dimension d) {
  switch (d) {
    case Dimension::bytes: return "e.g. 80 GiB, 40 GB, 110 KB (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB)";
    case Dimension::bandwidth:
      return "e.g. 25 GB/s, 200 Gb/s (bytes: B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s; bits: b/s Kb/s Mb/s Gb/s Tb/s)";
    case Dimension::time: return "e.g. 2 us, 1.5 ms (ps, ns, us, ms, s, min, h)";
    case Dimension::flops: return "e.g. 312 TFLOPS (FLOPS, GFLOPS, TFLOPS, PFLOPS)";
    case Dimension::power: return "e.g. 400 W (W, kW, MW)";
    case Dimension::money: return "e.g. $2.50 or 2.50 USD";
  }
  return "";
}

namespace {

// value x factor, refused when negative, infinite or past its dimension's bound.
double checked_quantity(std::string_view text, double value, double factor, Dimension dim) {
  if (value < 0) {
    const std::string name = dimension_name(dim);  // "a power", "an amount of money"
    throw UnitError("'" + std::string(text) + "' is negative: expected a non-negative " + name.substr(name.find(' ') + 1));
  }
  // 1e308 TB fits a double as written but not in bytes: an infinite quantity is no quantity.
  if (!std::isfinite(value * factor))
    throw UnitError("'" + std::string(text) + "' is too large to be " + std::string(dimension_name(dim)));
  if (dim == Dimension::money && value * factor > limits::max_money_usd)
    throw UnitError("'" + std::string(text) + "' is more money than any cluster costs (at most $1e12)");
  if (dim == Dimension::power && value * factor > limits::max_power_w)
    throw UnitError("'" + std::string(text) + "' is more power than a data centre draws (at most 1 GW)");
  return value * factor;
}

}  // namespace

double parse_quantity(std::string_view text, Dimension dim) {
  std::string_view t = trim(text);
  bool dollar = false;
  if (dim == Dimension::money && !t.empty() && t.front() == '$') {
    dollar = true;
    t.remove_prefix(1);
  }
  double value = 0;
  std::string_view unit;
  if (!split_number(t, value, unit)) {
    throw UnitError("expected " + std::string(dimension_name(dim)) + " with a unit, " +
                    dimension_examples(dim) + "; got '" + std::string(text) + "'");
  }
  if (dollar && unit.empty()) return checked_quantity(text, value, 1.0, dim);
  if (unit.empty()) {
    throw UnitError("'" + std::string(text) + "' has no unit: expected " +
                    dimension_name(dim) + ", " + dimension_examples(dim));
  }
  double factor = 0;
  if (!lookup_dim(dim, unit, factor)) {
    std::string hint;
    for (Dimension other : {Dimension::bytes, Dimension::bandwidth, Dimension::time,
                            Dimension::flops, Dimension::power}) {
      double f;
      if (other != dim && lookup_dim(other, unit, f)) {
        hint = std::string(" ('") + std::string(unit) + "' is " + dimension_name(other) + ")";
        break;
      }
    }
    if (hint.empty() && (unit == "Gbps" || unit == "GBps" || unit == "gbps"))
      hint = " (write Gb/s for bits or GB/s for bytes)";
    throw UnitError("bad unit '" + std::string(unit) + "' in '" + std::string(text) +
                    "': expected " + dimension_name(dim) + hint + ", " +
                    dimension_examples(dim));
  }
  return checked_quantity(text, value, factor, dim);
}

namespace {
double parse_cli_size_unchecked(std::string_view text);
}

double parse_cli_size(std::string_view text) {
  const double v = parse_cli_size_unchecked(text);
  // Sizes are counted in whole bytes (and elements) as 64-bit integers: keep them exact.
  if (v > 9007199254740992.0)
    throw UnitError("size '" + std::string(text) + "' is too large (at most 8 PiB)");
  return v;
}

namespace {
double parse_cli_size_unchecked(std::string_view text) {
  std::string_view t = trim(text);
  double value = 0;
  std::string_view unit;
  if (!split_number(t, value, unit) || value < 0) {
    throw UnitError("expected a size such as 8, 64K, 1M, 1G or 128MiB; got '" +
                    std::string(text) + "'");
  }
  if (unit.empty()) return value;
  if (unit == "K" || unit == "k") return value * 1024.0;
  if (unit == "M" || unit == "m") return value * 1048576.0;
  if (unit == "G" || unit == "g") return value * 1073741824.0;
  if (unit == "T" || unit == "t") return value * 1099511627776.0;
  double factor = 0;
  if (lookup(kBytes, unit, factor)) return value * factor;
  std::string units;
  for (const Unit& u : kBytes) units += std::string(units.empty() ? "" : ", ") + std::string(u.name);
  throw UnitError("bad size '" + std::string(text) +
                  "': expected a byte count with an optional suffix K, M, G or T (binary, as nccl-tests) or "
                  "one of the units " + units + " (at most 8 PiB)");
}

}  // namespace

}  // namespace simtrain
