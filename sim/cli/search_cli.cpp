#include "cli/search_cli.hpp"
#include "cli/version.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <chrono>
#include <iostream>
#include <memory>

#include "cli/flag_checks.hpp"
#include "cli/output_file.hpp"
#include "cli/terminal.hpp"
#include "drive/advise.hpp"
#include "drive/mpi_runner.hpp"
#include "drive/plan.hpp"
#include "drive/search.hpp"
#include "drive/sweep.hpp"
#include "drive/validate.hpp"
#include "report/advise_report.hpp"
#include "report/error_bands.hpp"
#include "report/headroom.hpp"
#include "report/html_report.hpp"
#include "report/plan_report.hpp"
#include "report/progress.hpp"
#include "report/sweep_report.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "scenario/limits.hpp"
#include "scenario/yaml_doc.hpp"
#include "train/strategy.hpp"

#ifndef SIMTRAIN_WITH_MPI
#define SIMTRAIN_WITH_MPI 0
#endif

namespace simtrain::cli {

using nlohmann::json;

namespace {

// The progress line on stderr: when it is a terminal or --progress forces it, never with
// --no-progress; redrawn at most ten times a second, and at the end.
std::function<void(std::size_t, std::size_t)> progress_bar(const SearchFlags& f) {
  if (f.no_progress || !(f.progress || ::isatty(STDERR_FILENO))) return {};
  struct State {
    std::chrono::steady_clock::time_point start, drawn;
    std::size_t resumed = 0, width = 0;
    bool begun = false;
  };
  auto s = std::make_shared<State>();
  return [s](std::size_t done, std::size_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (!s->begun) {
      s->begun = true;
      s->start = now;
      s->resumed = done;
    } else if (done < total && now - s->drawn < std::chrono::milliseconds(100)) {
      return;
    }
    s->drawn = now;
    std::string line =
        report::progress_line(done, total, s->resumed, std::chrono::duration<double>(now - s->start).count());
    const std::size_t width = line.size();
    if (line.size() < s->width) line += std::string(s->width - line.size(), ' ');  // over the longer last one
    s->width = width;
    std::cerr << "\r" << line << (done >= total ? "\n" : "") << std::flush;
  };
}

// After a search's output: when --max-total-seconds left points not run, say so on stderr and
// exit kExitSearchCut; else 0. A share's points not run stay out of its part file too.
int search_cut(const char* command, const char* what, std::size_t cut, std::size_t total, double seconds) {
  if (cut == 0) return 0;
  std::cerr << fmt::format("simtrain {}: the search's time limit (--max-total-seconds {:g}) left {} of {} {} not run "
                           "(listed as such); --resume a --journal to run them\n",
                           command, seconds, cut, total, what);
  return kExitSearchCut;
}

[[noreturn]] void usage(const std::string& flag, const std::string& msg) { throw ScenarioError(flag, 0, 0, flag, msg); }

// The MPI runner of this process's job, set as `ex`'s runner, when it is one.
struct MpiSeat {
#if SIMTRAIN_WITH_MPI
  std::unique_ptr<drive::MpiRunner> runner;
#endif
  MpiSeat(Dist& dist, drive::SearchExecution& ex) {
#if SIMTRAIN_WITH_MPI
    if (dist.mpi()) {
      runner = std::make_unique<drive::MpiRunner>(*dist.world());
      ex.runner = runner.get();
    }
#else
    (void)dist;
    (void)ex;
#endif
  }
};

// An output of the search (--csv, --html) that is its journal would replace the journal with
// the table once the search ends (the reliability campaign's `--csv j.csv --journal j.csv`).
// Same file by identity when both exist, else by their normal paths.
void check_output_not_journal(const char* flag, const std::string& out, const drive::SearchExecution& ex) {
  if (ex.journal.empty()) return;
  std::error_code ec;
  const bool same = std::filesystem::exists(out, ec) && std::filesystem::exists(ex.journal, ec)
                        ? std::filesystem::equivalent(out, ex.journal, ec)
                        : std::filesystem::absolute(out, ec).lexically_normal() ==
                              std::filesystem::absolute(ex.journal, ec).lexically_normal();
  if (same) usage(flag, out + " is the search's journal: give the table another name");
}

// The flags that say where the points run, checked together.
drive::SearchExecution execution(const SearchFlags& f, bool whole_outputs, Dist& dist, unsigned jobs) {
  drive::SearchExecution ex;
  if (!f.journal.empty() && !f.resume.empty()) usage("--resume", "give --journal FILE (a new journal) or --resume FILE (continue one), not both");
  if (f.progress && f.no_progress) usage("--progress", "give --progress or --no-progress, not both");
  if (!f.shard.empty()) {
    ex.share = drive::parse_share(f.shard);
    if (f.journal.empty() && f.resume.empty())
      usage("--shard", "a share writes its points to a part file: give --journal PART (or --resume PART to continue "
                       "one), then rank the parts with simtrain merge PART...");
    if (whole_outputs)
      usage("--shard", "a share is not the ranking: give --json, --csv and --html to simtrain merge");
  }
  ex.journal = f.journal.empty() ? f.resume : f.journal;
  ex.resume = !f.resume.empty();
  if (dist.mpi() && jobs > 0)
    usage("--jobs", "under MPI each rank runs one point at a time: start more ranks (mpirun -n) instead of --jobs");
  ex.jobs = jobs;
  if (dist.rank() == 0) ex.progress = progress_bar(f);
  return ex;
}

// The fields of a part's search description, each of its type: an error at the part's first
// line names the field ('search.steps': expected a whole number, got "3").
class Description {
 public:
  explicit Description(const drive::Journal& part) : part_(part), d_(part.description) {}
  std::string text(const char* key, const char* absent = nullptr) const {
    if (absent && !d_.contains(key)) return absent;
    const json& v = at(key);
    if (!v.is_string()) fail(key, "expected a string, got " + shown(v));
    return v.get<std::string>();
  }
  std::vector<std::string> texts(const char* key) const {
    const json& v = at(key);
    if (!v.is_array()) fail(key, "expected a list of strings, got " + shown(v));
    std::vector<std::string> out;
    for (const json& x : v) {
      if (!x.is_string()) fail(key, "expected a list of strings, got " + shown(x));
      out.push_back(x.get<std::string>());
    }
    return out;
  }
  long long whole(const char* key, long long lo, long long hi) const {
    const json& v = at(key);
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
      fail(key, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + shown(v));
    return v.get<long long>();
  }
  double seconds(const char* key) const {
    const json& v = at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
      fail(key, "expected a number of seconds >= 0, got " + shown(v));
    return v.get<double>();
  }

 private:
  static std::string shown(const json& v) {
    std::string t = v.dump();
    return t.size() > 40 ? t.substr(0, 37) + "..." : t;
  }
  const json& at(const char* key) const {
    if (!d_.contains(key)) fail(key, "missing from the search's description");
    return d_.at(key);
  }
  [[noreturn]] void fail(const char* key, const std::string& msg) const {
    throw ScenarioError(part_.path, 1, 0, std::string("search.") + key, msg);
  }
  const drive::Journal& part_;
  const json& d_;
};

json sweep_description(const SweepArgs& a) {
  return {{"command", "sweep"}, {"scenario", a.scenario}, {"set", a.set},       {"sweep", a.sweep},
          {"rank_by", a.rank_by}, {"steps", a.steps},     {"max_seconds", a.max_seconds},
          {"memory_margin", a.memory_margin}};
}

// The sweep a part file's header describes; errors at the part's first line.
SweepArgs sweep_args_from(const drive::Journal& part) {
  const Description d(part);
  SweepArgs a;
  a.scenario = d.text("scenario");
  a.set = d.texts("set");
  a.sweep = d.texts("sweep");
  a.rank_by = d.text("rank_by");
  a.steps = d.whole("steps", 0, std::numeric_limits<long long>::max());
  a.max_seconds = d.seconds("max_seconds");
  a.memory_margin = d.text("memory_margin", "");  // absent before the margin existed
  return a;
}

report::RankBy rank_by(const std::string& s) {
  if (auto by = report::kRankByNames.parse(s)) return *by;
  throw ScenarioError("", 0, 0, "--rank-by", "expected " + report::kRankByNames.choices() + ", got '" + s + "'" +
                                               did_you_mean(s, report::kRankByNames.names()));
}

// Runs (or merges) a sweep and prints it as `simtrain sweep` does.
int sweep_outputs(const SweepArgs& args, drive::SearchExecution& ex, Dist& dist, const std::string& version) {
  drive::ScenarioSweepOptions so;
  so.rank_by = rank_by(args.rank_by);
  so.steps_override = args.steps;
  so.max_seconds = args.max_seconds;
  so.memory_margin = report::parse_memory_margin(args.memory_margin);
  so.jobs = args.jobs;
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  so.error_bands = &bands;
  if (!args.csv.empty()) check_output_path("--csv", args.csv);
  if (!args.html.empty()) check_output_path("--html", args.html);
  if (!args.csv.empty()) check_output_not_journal("--csv", args.csv, ex);
  if (!args.html.empty()) check_output_not_journal("--html", args.html, ex);
  const auto axes = drive::sweep_axes(args.scenario, args.set, args.sweep);
  ex.identity = drive::search_identity(sweep_description(args), data_path::scenario_file(args.scenario), version);
  std::size_t cut = 0;
  ex.max_total_seconds = args.max_total_seconds;
  ex.not_run_by_time_limit = &cut;
  MpiSeat seat(dist, ex);
  const auto points = drive::run_sweep_search(args.scenario, args.set, axes, so, ex);
  if (!points) {
    if (dist.rank() == 0)
      std::cerr << "simtrain sweep: share " << ex.share.index << "/" << ex.share.count << " written to " << ex.journal
                << "; rank the shares with simtrain merge PART...\n";
    return 0;
  }
  if (!args.csv.empty()) write_file_atomic(args.csv, report::sweep_to_csv(*points, axes));
  if (!args.html.empty()) write_file_atomic(args.html, report::sweep_to_html(*points, axes, so.rank_by));
  if (args.json) print_json(std::cout, report::sweep_to_json(*points, axes, so.rank_by));
  else std::cout << report::format_sweep(*points, axes, so.rank_by);
  return search_cut("sweep", "points", cut, points->size(), args.max_total_seconds);
}

json advise_description(const AdviseArgs& a) {
  return {{"command", "advise"},        {"scenario", a.scenario},     {"set", a.set},
          {"systems", a.systems},       {"nodes", a.nodes},           {"strategies", a.strategies},
          {"deadline", a.deadline},     {"budget", a.budget},         {"max_seconds", a.max_seconds},
          {"memory_margin", a.memory_margin}};
}

AdviseArgs advise_args_from(const drive::Journal& part) {
  const Description d(part);
  AdviseArgs a;
  a.scenario = d.text("scenario");
  a.set = d.texts("set");
  a.systems = d.text("systems");
  a.nodes = d.text("nodes");
  a.strategies = d.text("strategies");
  a.deadline = d.text("deadline");
  a.budget = d.text("budget");
  a.max_seconds = d.seconds("max_seconds");
  a.memory_margin = d.text("memory_margin", "");  // absent before the margin existed
  return a;
}

// "a,b,c" of a flag.
std::vector<std::string> list(const std::string& flag, const std::string& v) {
  std::vector<std::string> out;
  std::stringstream ss(v);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  if (!v.empty() && out.empty()) throw ScenarioError(flag, 0, 0, flag, "expected a comma-separated list");
  return out;
}

// Runs (or merges) an advise search and prints it as `simtrain advise` does.
int advise_outputs(const AdviseArgs& args, drive::SearchExecution& ex, Dist& dist, const std::string& version) {
  if (!args.html.empty()) check_output_path("--html", args.html);
  if (!args.html.empty()) check_output_not_journal("--html", args.html, ex);
  drive::AdviseOptions ao;
  ao.systems = list("--systems", args.systems);
  ao.strategies = list("--strategies", args.strategies);
  for (const std::string& n : list("--nodes", args.nodes)) {
    std::size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(n, &used);
    } catch (...) {
      used = 0;
    }
    if (used != n.size() || v < 1 || v > limits::max_nodes)
      throw ScenarioError("--nodes", 0, 0, "--nodes", "expected whole node counts from 1 to " +
                                                          std::to_string(limits::max_nodes) + ", got '" + n + "'");
    ao.nodes.push_back(v);
  }
  if (!args.deadline.empty()) ao.deadline = args.deadline;
  if (!args.budget.empty()) ao.budget = args.budget;
  ao.jobs = args.jobs;
  ao.max_seconds = args.max_seconds;
  ao.memory_margin = report::parse_memory_margin(args.memory_margin);
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  ao.error_bands = &bands;
  ex.identity = drive::search_identity(advise_description(args), data_path::scenario_file(args.scenario), version);
  std::size_t cut = 0;
  ex.max_total_seconds = args.max_total_seconds;
  ex.not_run_by_time_limit = &cut;
  MpiSeat seat(dist, ex);
  const auto res = drive::advise_search(args.scenario, args.set, ao, ex);
  if (!res) {
    if (dist.rank() == 0)
      std::cerr << "simtrain advise: share " << ex.share.index << "/" << ex.share.count << " written to " << ex.journal
                << "; rank the shares with simtrain merge PART...\n";
    return 0;
  }
  if (!args.html.empty()) write_file_atomic(args.html, report::advise_to_html(*res));
  if (args.json) print_json(std::cout, report::advise_to_json(*res));
  else std::cout << report::format_advise(*res);
  return search_cut("advise", "configurations", cut, res->candidates.size(), args.max_total_seconds);
}

json plan_description(const PlanArgs& a) {
  return {{"command", "plan"},
          {"scenario", a.scenario},
          {"set", a.set},
          {"simulate", a.simulate},
          {"memory_margin", a.memory_margin}};
}

PlanArgs plan_args_from(const drive::Journal& part) {
  const Description d(part);
  PlanArgs a;
  a.scenario = d.text("scenario");
  a.set = d.texts("set");
  a.simulate = static_cast<int>(d.whole("simulate", 0, std::numeric_limits<int>::max()));
  a.memory_margin = d.text("memory_margin", "");  // absent before the margin existed
  return a;
}

// Runs (or merges) a layout search and prints it as `simtrain plan` does.
int plan_outputs(const PlanArgs& args, drive::SearchExecution& ex, Dist& dist, const std::string& version) {
  const ScenarioSpec spec = load_scenario(args.scenario, args.set);
  drive::PlanOptions po;
  po.simulate = args.simulate;
  po.simulate_given = args.simulate_given;
  po.max_seconds = args.max_seconds;
  po.memory_margin = report::parse_memory_margin(args.memory_margin);
  const report::ErrorBands bands = report::load_error_bands(report::default_error_bands_path());
  po.error_bands = &bands;
  ex.identity = drive::search_identity(plan_description(args), data_path::scenario_file(args.scenario), version);
  MpiSeat seat(dist, ex);
  const auto res = drive::plan_search(spec, args.set, po, ex);
  if (!res) {
    if (dist.rank() == 0)
      std::cerr << "simtrain plan: share " << ex.share.index << "/" << ex.share.count << " written to " << ex.journal
                << "; rank the shares with simtrain merge PART...\n";
    return 0;
  }
  if (args.json) print_json(std::cout, report::plan_to_json(*res));
  else std::cout << report::format_plan(*res);
  return 0;
}

}  // namespace

void add_total_limit_flag(CLI::App* cmd, double& seconds) {
  cmd->add_option("--max-total-seconds", seconds,
                  "Stop starting points after this many seconds of the whole search (points running then finish; the "
                  "first always runs): the points done are ranked, the rest listed as 'not run: the search's time "
                  "limit', exit 8. Also lets a search past the estimate's budget run")
      ->check(cli::positive_number());
}

void add_search_flags(CLI::App* cmd, SearchFlags& f, bool shard) {
  cmd->add_option("--shard", f.shard, "Run share K of N of the points (K/N; point i is in share i mod N + 1) into the "
                                      "--journal/--resume part file; rank the parts with simtrain merge")
      ->group(shard ? "Options" : "");
  cmd->add_option("--journal", f.journal, "Append each point's result to this new file as it ends (a part file with --shard)");
  cmd->add_option("--resume", f.resume, "Continue the journal in this file: skip the points it holds, append the rest "
                                        "(starts it when absent)");
  cmd->add_flag("--progress", f.progress, "Draw the progress line on stderr even when it is not a terminal (mpirun)");
  cmd->add_flag("--no-progress", f.no_progress, "Never draw the progress line");
}

Dist::Dist() = default;

Dist::~Dist() {
  if (cout_) std::cout.rdbuf(cout_);
  if (cerr_) std::cerr.rdbuf(cerr_);
}

void Dist::start(int* argc, char*** argv) {
  const drive::Launch launch = drive::launcher_tasks();
  const drive::LaunchPlan plan = drive::plan_launch(launch, SIMTRAIN_WITH_MPI != 0);
  if (!plan.error.empty()) throw ScenarioError("", 0, 0, "", plan.error);
  if (!plan.mpi) return;
#if SIMTRAIN_WITH_MPI
  world_ = decltype(world_)(new drive::MpiWorld(argc, argv), [](drive::MpiWorld* w) { delete w; });
  if (world_->size() != launch.tasks)
    throw ScenarioError("", 0, 0, "", "started as one of " + std::to_string(launch.tasks) + " tasks (" +
                                          launch.variable + ") but MPI joins " + std::to_string(world_->size()) +
                                          ": the launcher is not the MPI this simtrain is built with (Open MPI); "
                                          "start it with that MPI's mpirun -n " + std::to_string(launch.tasks));
  if (world_->rank() != 0) {  // worker ranks print nothing; a worker's own failure: finish()
    cout_ = std::cout.rdbuf(silenced_.rdbuf());
    cerr_ = std::cerr.rdbuf(silenced_.rdbuf());
  }
#else
  (void)argc;
  (void)argv;
#endif
}

bool Dist::mpi() const { return world_ && world_->size() > 1; }
int Dist::rank() const { return world_ ? world_->rank() : 0; }
int Dist::size() const { return world_ ? world_->size() : 1; }
drive::MpiWorld* Dist::world() { return world_.get(); }

int Dist::finish(int rc) {
#if !SIMTRAIN_WITH_MPI
  return rc;
#else
  if (!world_) return rc;
  const int rank = world_->rank();
  bool speak = false;
  if (!world_->agreed()) {
    const drive::MpiWorld::Readiness r = world_->agree_ready(rc == 0);
    speak = rank != 0 && rc != 0 && r.rank0;  // rank 0 was fine: this rank's failure is news
  }
  const int agreed = world_->agree_exit(rc);
  if (cout_) std::cout.rdbuf(cout_);
  if (cerr_) std::cerr.rdbuf(cerr_);
  cout_ = cerr_ = nullptr;
  if (speak) std::cerr << "simtrain rank " << rank << ": " << silenced_.str() << std::flush;
  world_.reset();
  return agreed;
#endif
}

int sweep_command(const SweepArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version) {
  drive::SearchExecution ex =
      execution(flags, args.json || !args.csv.empty() || !args.html.empty(), dist, args.jobs);
  return sweep_outputs(args, ex, dist, version);
}

int advise_command(const AdviseArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version) {
  drive::SearchExecution ex = execution(flags, args.json || !args.html.empty(), dist, args.jobs);
  return advise_outputs(args, ex, dist, version);
}

int merge_command(const MergeArgs& args, Dist& dist, const std::string& version) {
  if (dist.rank() != 0) return 0;  // nothing to run: rank 0 merges
  if (args.parts.empty()) usage("merge", "expected the part files to merge");
  const drive::Journal first = drive::read_journal(args.parts.front());
  drive::SearchExecution ex;
  ex.parts = args.parts;
  ex.allow_missing = args.allow_missing;
  Dist single;  // merging runs nothing: no ranks to hand points to
  const std::string command = Description(first).text("command");
  if (command != "sweep" && command != "advise" && command != "plan" && command != "validate")
    throw ScenarioError(first.path, 1, 0, "search.command", "holds a '" + command + "' search; merge ranks sweep, advise and plan searches");
  if (command == "validate")
    throw ScenarioError(first.path, 1, 0, "search", "holds a validate journal: validate is not split into shares, "
                                                     "so there is nothing to merge; --resume it to finish the run");
  if (command == "plan") {
    if (!args.csv.empty() || !args.html.empty()) usage(args.csv.empty() ? "--html" : "--csv", "a plan has no CSV or HTML: --json");
    PlanArgs plan = plan_args_from(first);
    plan.json = args.json;
    return plan_outputs(plan, ex, single, version);
  }
  if (command == "advise") {
    if (!args.csv.empty()) usage("--csv", "an advise search has no CSV: --json or --html");
    AdviseArgs advise = advise_args_from(first);
    advise.json = args.json;
    advise.html = args.html;
    return advise_outputs(advise, ex, single, version);
  }
  SweepArgs sweep = sweep_args_from(first);
  sweep.json = args.json;
  sweep.csv = args.csv;
  sweep.html = args.html;
  return sweep_outputs(sweep, ex, single, version);
}

int plan_command(const PlanArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version) {
  drive::SearchExecution ex = execution(flags, args.json, dist, 0);
  ex.jobs = 1;  // one process simulates one layout at a time, as plan always has
  return plan_outputs(args, ex, dist, version);
}

int validate_command(const ValidateArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version) {
  if (!flags.shard.empty())
    usage("--shard", "validate is not split into shares (--strict, --bands and --check-bands read every case): run it "
                     "under mpirun -n N, or keep a --journal FILE and --resume FILE to finish an interrupted run");
  drive::SearchExecution ex = execution(flags, false, dist, 0);
  ex.jobs = 1;  // one case at a time in one process, as validate always has
  const std::string path = args.cases.empty() ? drive::default_cases_path() : args.cases;
  const std::vector<report::ValidationCase> cases = drive::load_cases(path);
  ex.identity = drive::search_identity({{"command", "validate"}, {"cases", args.cases}, {"only", args.only}}, path, version);
  MpiSeat seat(dist, ex);
  const auto results = drive::validation_search(cases, args.only, ex);
  if (!results) return 0;  // an MPI worker rank
  // Leave-one-source-out is derived once: the bands file and the --cross-validate table share it.
  std::optional<std::vector<report::CoverageRow>> coverage;
  const auto cross_validated = [&]() -> const std::vector<report::CoverageRow>& {
    if (!coverage) coverage = report::cross_validate(*results);
    return *coverage;
  };
  const auto bands_yaml = [&] { return report::format_bands_yaml(report::compute_bands(*results), cross_validated()); };
  if (args.bands) {
    std::cout << bands_yaml();
    return 0;
  }
  // --check-bands: does the bands file say what these results give? Under --json the verdict is
  // a field of the one JSON object (nothing else on stdout); in text, a line after the table.
  std::optional<bool> bands_match;
  if (!args.check_bands.empty()) bands_match = read_input_file(args.check_bands) == bands_yaml();
  if (args.json) {
    nlohmann::json body = {{"rows", report::validation_to_json(*results)}};
    if (args.cross_validate) body["cross_validation"] = report::cross_validation_to_json(cross_validated());
    if (bands_match) body["bands_check"] = {{"file", args.check_bands}, {"matches", *bands_match}};
    print_json(std::cout, body);
  } else {
    std::cout << report::format_validation(*results, args.cases.empty() ? "validation/cases.yaml" : args.cases,
                                           terminal_columns());
    if (args.cross_validate) std::cout << "\n" << report::format_cross_validation(cross_validated());
    if (bands_match)
      std::cout << "\nerror bands: " << args.check_bands
                << (*bands_match ? " matches these results\n"
                                 : " differs from these results: regenerate it with `simtrain validate --bands > " +
                                       args.check_bands + "` and review the change\n");
  }
  const bool all_within = std::all_of(results->begin(), results->end(), [](const auto& r) { return r.within; });
  if (bands_match && !*bands_match) return 6;
  return args.strict && !all_within ? 5 : 0;
}

}  // namespace simtrain::cli
