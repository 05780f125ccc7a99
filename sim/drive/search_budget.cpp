#include "drive/search_budget.hpp"

#include <fmt/format.h>

#include "report/run_report.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"

namespace simtrain::drive {

namespace {
// "562 M", "90.2 G": engine tasks.
std::string tasks_text(double tasks) {
  return tasks >= 1e9 ? fmt::format("{:.3g} G", tasks / 1e9) : fmt::format("{:.3g} M", tasks / 1e6);
}
}  // namespace

void check_search_size(const SearchEstimate& e, const std::string& command, const std::string& what,
                       double max_total_seconds) {
  if (e.tasks <= limits::max_search_tasks || max_total_seconds > 0) return;
  throw ScenarioError(
      "", 0, 0, "--max-total-seconds",
      fmt::format("this {} would run {} {} of about {} engine tasks in all (the largest {}{}), more than "
                  "the {} a search may take without a time limit (the run-size estimate of each, summed); give "
                  "--max-total-seconds S to rank the {} done by then and list the rest as not run, fewer values, or "
                  "--shard K/N to split it",
                  command, report::thousands(static_cast<double>(e.points - e.over)), what, tasks_text(e.tasks),
                  tasks_text(e.largest),
                  e.over > 0 ? fmt::format("; {} more over the run-size budget, listed and not run",
                                           report::thousands(static_cast<double>(e.over)))
                             : std::string(),
                  tasks_text(limits::max_search_tasks), what));
}

}  // namespace simtrain::drive
