// The table of `simtrain collective`: an nccl-tests style sweep of one collective on a
// cluster (drive/collective.hpp simulates the sizes).
//
// Columns follow nccl-tests' all_reduce_perf: size (B), count (elements), type, redop, root,
// time (us), algbw and busbw (GB/s = 1e9 B/s), with nccl-tests' bus-bandwidth factors:
// 2(n-1)/n for all_reduce, (n-1)/n for all_gather and reduce_scatter, 1 for broadcast.
// simtrain adds the algorithm and protocol chosen, and names the busiest link of the
// largest size.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "train/error_band.hpp"

namespace simtrain::report {

struct LinkUse {
  std::string name;
  std::string kind;
  double utilization = 0;  // bytes carried / (capacity x duration)
  double bytes = 0;
};

struct SweepRow {
  double size_bytes = 0;
  long long count = 0;
  double time_us = 0, algbw_gbps = 0, busbw_gbps = 0;
  std::string algo, protocol;
  double network_bytes = 0;  // bytes that crossed network links (NIC <-> switch), all directions
  std::vector<LinkUse> busiest;  // top links by utilization
  std::uint64_t events = 0;
};

struct SweepResult {
  std::string system;
  std::string library;  // "RCCL" when the GPUs run AMD's library; "" for NCCL (nothing printed)
  int nodes = 1, ranks = 0;
  std::string op, dtype, redop;
  int root = -1;
  std::vector<SweepRow> rows;
  // How far to trust busbw, per size class in the rows (report/error_bands.hpp); empty unless
  // drive::SweepOptions::error_bands is given.
  std::vector<train::ErrorBand> bands;
  // `--calibration FILE` with a network section: what it set, and the size range of the log it
  // was fitted on (sizes outside it are marked: not calibrated there).
  std::string network_calibration;
  std::optional<std::pair<double, double>> calibrated_range;  // empty range (first > second): no fit of this scope
  std::vector<std::string> overrides;  // --set system.* / catalog.* applied, echoed under the title
};

std::string format_table(const SweepResult& r);
nlohmann::json to_json(const SweepResult& r);

// `simtrain collective --compare LOG`: each size of a measured nccl-tests log beside the same
// collective simulated (drive/collective.hpp compare_with_log). The error is on busbw,
// (simulated - measured) / measured, against the log's out-of-place figure; the summary splits
// at 64 MiB, where nccl-tests curves leave the latency and mid-size region for the
// bandwidth-bound plateau (validation/error_bands.yaml's large class starts there too).
struct CompareRow {
  int line = 0;  // the row's line in the log
  long long size_bytes = 0, count = 0;
  double measured_time_us = 0, measured_algbw_gbps = 0, measured_busbw_gbps = 0;
  std::optional<double> in_place_time_us, in_place_busbw_gbps;  // when the log has them
  std::optional<long long> measured_wrong;  // the log's out-of-place #wrong (none: N/A, not checked)
  SweepRow simulated;
  std::optional<double> busbw_error;  // none when the log's busbw is 0.00 (too small to print)
};

struct CompareResult {
  std::string system, log_path, op, dtype;
  std::string log_program;  // "all_reduce_perf" when the log names it, else ""
  std::string op_source;    // how the operation was known: "named by the log", "from its rows: ...", ...
  int nodes = 1, ranks = 0, log_hosts = 0;
  bool log_complete = true;
  std::string forced_device;  // "the log ran on ... (--force-device)" when its GPU is not the system's
  std::vector<CompareRow> rows;
  std::string network_calibration;  // as SweepResult's
  std::optional<std::pair<double, double>> calibrated_range;  // empty range (first > second): no fit of this scope
};

// The median |error| and the worst error of the rows with an error whose size lies in
// [min_bytes, max_bytes).
struct CompareSummary {
  int compared = 0;
  double median_abs_error = 0, worst_error = 0;
  long long worst_size_bytes = 0;
};
CompareSummary summarize_compare(const std::vector<CompareRow>& rows, double min_bytes, double max_bytes);

std::string format_compare(const CompareResult& r);
nlohmann::json compare_to_json(const CompareResult& r);

}  // namespace simtrain::report
