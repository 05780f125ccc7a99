// Memory headroom in the searches (`plan`, `advise`, `sweep`): a configuration counts as
// fitting only when its simulated peak memory plus a margin fits the GPU,
//
//     peak x (1 + margin) <= the GPU's memory.
//
// The margin is --memory-margin when given (0 ranks on the simulated peak alone), else the
// median error of the peak-memory band the run falls in (validation/error_bands.yaml; the band
// the run report prints beside its peak, the nearest domain's when the run lies outside every
// validated one): on half the public runs of its kind the simulated peak was further off than
// that, and the model tends to underestimate memory (the band's mean optimism is > 0), so a
// configuration at 97 % of the GPU would likely run out of memory on the machine. Without a
// bands file there is no margin, and the output says so.
//
// A configuration over the margin but under the GPU's memory is ranked with those that do not
// fit, marked as such (not hidden): `--memory-margin 0` ranks it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/error_bands.hpp"
#include "train/error_band.hpp"

namespace simtrain::report {

// "--memory-margin": "15%", "0.15" or "0" (a fraction of the peak, at most 100%), "auto" or ""
// (the band's). Throws ScenarioError naming the flag.
std::optional<double> parse_memory_margin(const std::string& text);

struct MemoryMargin {
  double fraction = 0;
  // "--memory-margin", "the peak-memory band's median error (peak-memory runs on Ampere, 2 to
  // 64 nodes)", or "no peak-memory band: none".
  std::string source;
};
// The margin of a run that carries its bands (drive::RunOptions::error_bands).
MemoryMargin memory_margin(const std::optional<double>& given, const std::vector<train::ErrorBand>& run_bands);
// The margin of a run of `kind` (a memory kind: run_kind(r, true), memory_kind) looked up in
// `bands` (none: no margin).
MemoryMargin memory_margin(const std::optional<double>& given, const ErrorBands* bands, const RunKind& kind);

// Whether `peak` fits `capacity` with `margin` (fraction) on top.
bool fits_with_margin(double peak_bytes, double capacity_bytes, double margin);
// "77.4/80" (GiB): the peak of the capacity, for the searches' memory column.
std::string memory_cell(double peak_bytes, double capacity_bytes);
// "12%" of a margin.
std::string margin_text(double fraction);

}  // namespace simtrain::report
