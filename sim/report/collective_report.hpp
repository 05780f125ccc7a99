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
#include <string>
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
  int nodes = 1, ranks = 0;
  std::string op, dtype, redop;
  int root = -1;
  std::vector<SweepRow> rows;
  // How far to trust busbw, per size class in the rows (report/error_bands.hpp); empty unless
  // drive::SweepOptions::error_bands is given.
  std::vector<train::ErrorBand> bands;
};

std::string format_table(const SweepResult& r);
nlohmann::json to_json(const SweepResult& r);

}  // namespace simtrain::report
