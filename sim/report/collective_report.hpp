// `simtrain collective`: an nccl-tests style sweep of one collective on a cluster.
//
// Each size is simulated on its own (a fresh network, the plan's transfers, the engine),
// so the time is what the flow model gives, not a formula. Columns follow nccl-tests'
// all_reduce_perf: size (B), count (elements), type, redop, root, time (us), algbw and
// busbw (GB/s = 1e9 B/s), with nccl-tests' bus-bandwidth factors: 2(n-1)/n for all_reduce,
// (n-1)/n for all_gather and reduce_scatter, 1 for broadcast. simtrain adds the algorithm
// and protocol chosen, and names the busiest link of the largest size.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "coll/collective.hpp"

namespace simtrain::report {

struct SweepOptions {
  coll::Request request;  // bytes ignored; sizes come from the sweep
  double min_bytes = 8, max_bytes = 1073741824.0, factor = 2;
  std::string dtype = "float";
  bool full_solve = false;
};

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
};

// Bytes per element of an nccl-tests type name; throws std::invalid_argument if unknown.
int dtype_size(const std::string& dtype);

SweepResult run_sweep(const topo::Cluster& cluster, coll::Planner& planner, const SweepOptions& opt);
// One collective of `bytes`, simulated; used by the sweep and by tests.
SweepRow simulate_one(const topo::Cluster& cluster, coll::Planner& planner, coll::Request req,
                      bool full_solve, int top_links = 5);

std::string format_table(const SweepResult& r);
nlohmann::json to_json(const SweepResult& r);

}  // namespace simtrain::report
