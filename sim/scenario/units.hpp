// Units at the edge.
//
// Every dimensioned value in a YAML file or on the command line carries its unit
// ("25 GB/s", "200 Gb/s", "2 us", "80 GiB", "312 TFLOPS", "400 W") and is converted here,
// once, into SI: bytes, bytes/s, seconds, FLOP/s, watts. Decimal prefixes are powers of
// 1000 (GB = 1e9 B), binary ones powers of 1024 (GiB). A lower-case `b` is a bit, an
// upper-case `B` a byte: "200 Gb/s" is 25e9 bytes/s, "25 GB/s" is 25e9 bytes/s, and a
// size where a bandwidth is expected ("25 GB") is an error, never a guess.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "base/enum_names.hpp"

namespace simtrain {

enum class Dimension { bytes, bandwidth, time, flops, power, money };
// As an error names what it expected ("expected a bandwidth"; labels only).
inline constexpr auto kDimensionLabels = enum_names<Dimension>({{Dimension::bytes, "a size", NameUse::kPrintOnly},
                                                                {Dimension::bandwidth, "a bandwidth", NameUse::kPrintOnly},
                                                                {Dimension::time, "a time", NameUse::kPrintOnly},
                                                                {Dimension::flops, "a compute rate", NameUse::kPrintOnly},
                                                                {Dimension::power, "a power", NameUse::kPrintOnly},
                                                                {Dimension::money, "an amount of money", NameUse::kPrintOnly}});

const char* dimension_name(Dimension d);
// Example units for a dimension, for error messages ("e.g. 25 GB/s, 200 Gb/s").
const char* dimension_examples(Dimension d);

// Thrown by parse_quantity; callers that know the file position rethrow it as ScenarioError.
class UnitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses "<number> <unit>" (space optional) into SI units of `dim`:
// bytes -> bytes, bandwidth -> bytes/s, time -> seconds, flops -> FLOP/s, power -> watts,
// money -> US dollars ("$2.50" or "2.50 USD"). Throws UnitError naming the expected units.
double parse_quantity(std::string_view text, Dimension dim);

// nccl-tests style sizes on the command line: "8", "64K", "1M", "1G" (binary: K = 1024),
// also accepts explicit units ("1 GiB", "128MB"). Returns bytes.
double parse_cli_size(std::string_view text);

}  // namespace simtrain
