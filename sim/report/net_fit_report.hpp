// The report of `simtrain calibrate --nccl-tests` (drive/net_fit.hpp fits; this file only
// formats): each fitted network parameter with the log sizes it was fitted on and its value
// before and after, what the log cannot determine, and per size the busbw error of the model
// before and after the fit.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "report/collective_report.hpp"

namespace simtrain::report {

enum class FitBound { none, lower, upper };

struct NetFitParam {
  std::string key;      // as in the file: "link_efficiency.nvlink3", "step_latency_scale.nvlink"
  std::string meaning;  // "efficiency of nvlink3 links (the ring's bottleneck at 17179869184 B)"
  double before = 0, after = 0;
  std::string unit;              // "" (a factor or share) or "GB/s" (0: no bound)
  std::vector<long long> sizes;  // the log sizes it was fitted on
  double lower = 0, upper = 0;   // the range the fit searched, in the unit above
  FitBound bound = FitBound::none;  // the fit ended on one end of that range
  std::string note;              // why, where the fit ended on a bound or fitted nothing; "" when none
};

// The sentence a fit that ends on a bound prints (the report, and a comment in the written
// file): "PARAM fitted at its lower bound B: the data do not determine it; the value is the
// bound, not a measurement". `side` is "lower" or "upper".
std::string fit_bound_warning(const std::string& param, const std::string& side, const std::string& bound);
// NetFitParam's warning ("" when it did not end on a bound).
std::string bound_warning(const NetFitParam& p);

struct NetFitResult {
  std::string system, log_path, output_path;
  int nodes = 1, gpus_per_node = 0;
  std::vector<NetFitParam> params;
  std::vector<std::string> undetermined;  // what this log's shape cannot pin down, one sentence each
  std::set<long long> bandwidth_sizes, latency_sizes;
  std::map<long long, std::string> latency_protocol;  // a latency size -> the protocol it was fitted on
  CompareResult before, after;  // every size of the log, the model before and after the fit
};

std::string format_net_fit(const NetFitResult& r);
// A parameter's value as the report and the file's comments print it ("0.8189", "27.31 GB/s",
// "none" for a bound of 0).
std::string param_value_text(const NetFitParam& p, double v);

}  // namespace simtrain::report
