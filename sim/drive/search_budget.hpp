// A search's size before it runs: `sweep` over 10,000 points at --max-seconds
// 0.5 once could run 83 minutes, and `advise` over 20 systems x 17 node counts for hours, with
// nothing said up front and no way to bound the whole.
//
// The estimate is the sum over the points the search will run of each one's run-size estimate
// (drive/run.hpp estimate_run: engine tasks, from one node of the system and the model, no
// build), the same figure `run` refuses past limits::max_estimated_events:
//     tasks(search) = sum over points of tasks(point)      (points over the run budget: 0, listed)
// A point over the run budget is a row of the search ("over the run-size budget: ..."), not
// a failure of the search. A search estimated past limits::max_search_tasks is refused up
// front (exit 2) with the numbers, unless --max-total-seconds bounds it: then it runs until
// that limit and lists the rest as not run (drive/search.hpp SearchExecution).
#pragma once

#include <cstddef>
#include <string>

namespace simtrain::drive {

struct SearchEstimate {
  std::size_t points = 0;  // the points this process will run (its share, less a journal's)
  std::size_t over = 0;    // of them, over the run-size budget: listed, not run
  double tasks = 0;        // engine tasks of the others, estimated, in all
  double largest = 0;      // the largest one point's
  void add(double point_tasks, bool over_budget) {
    ++points;
    if (over_budget) {
      ++over;
      return;
    }
    tasks += point_tasks;
    if (point_tasks > largest) largest = point_tasks;
  }
};

// ScenarioError (exit 2) naming --max-total-seconds when `e` is past limits::max_search_tasks
// and no total time limit is given; `what` names the points ("points", "configurations").
void check_search_size(const SearchEstimate& e, const std::string& command, const std::string& what,
                       double max_total_seconds);

}  // namespace simtrain::drive
