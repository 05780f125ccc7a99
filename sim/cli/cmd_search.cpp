// The searches' subcommands: `plan`, `sweep`, `merge`, `advise`, `validate`. Each declares its
// flags here and calls its command in cli/search_cli.hpp, which runs the points (threads, MPI
// ranks, a share) and prints the ranking.
#include <memory>

#include "cli/commands.hpp"
#include "cli/flag_checks.hpp"
#include "cli/search_cli.hpp"
#include "report/sweep_report.hpp"

namespace simtrain::cli {

namespace {

constexpr const char* kMarginHelp =
    "Memory headroom: rank a configuration as fitting only when its peak plus this share fits the GPU (15%, 0.15; 0: "
    "the simulated peak alone; default: the peak-memory band's median error)";

// A search command's own arguments and the flags every search shares.
template <class Args>
struct WithSearch {
  Args args;
  SearchFlags search;
};

// The flags that bound a ranked search and its points (sweep, advise): the memory headroom, a
// point's wall-clock limit (`point_help` says what the row shows), the whole search's limit,
// and the search's own flags (--shard, --journal, --resume, --progress).
template <class Args>
void add_point_limit_flags(CLI::App* cmd, Args& a, SearchFlags& search, const char* point_help) {
  cmd->add_option("--memory-margin", a.memory_margin, kMarginHelp);
  cmd->add_option("--max-seconds", a.max_seconds, point_help)->check(positive_number());
  add_total_limit_flag(cmd, a.max_total_seconds);
  add_search_flags(cmd, search);
}

}  // namespace

Subcommand add_plan_command(CLI::App& app) {
  struct Flags {
    PlanArgs args;
    SearchFlags search;
    CLI::Option* simulate = nullptr;
  };
  auto f = std::make_shared<Flags>();
  auto* cmd = app.add_subcommand("plan", "Search tensor/pipeline/data-parallel layouts for the scenario's model and cluster, ranked by time per token, with why the rest fail");
  cmd->add_option("scenario", f->args.scenario, "Scenario file (its model, cluster, precision and global batch)")->required();
  cmd->add_option("--set", f->args.set, "Override a scenario value: key.path=value (repeatable)");
  f->simulate = cmd->add_option("--simulate", f->args.simulate, "Best layouts by the closed forms to simulate in full (within the plan's task budget)")->check(whole_number(0, 64));
  cmd->add_option("--max-seconds", f->args.max_seconds,
                  "Stop after this many seconds of wall clock: the layouts simulated by then are ranked, the rest "
                  "marked not simulated (the layout running then included)")
      ->check(positive_number());
  cmd->add_flag("--json", f->args.json, "Print one JSON object");
  cmd->add_option("--memory-margin", f->args.memory_margin, kMarginHelp);
  add_search_flags(cmd, f->search);  // the simulated layouts are a search's points
  return {cmd,
          [f](Context& c) {
            f->args.simulate_given = f->simulate->count() > 0;
            return plan_command(f->args, f->search, c.dist, c.version);
          },
          true};
}

Subcommand add_sweep_command(CLI::App& app) {
  auto f = std::make_shared<WithSearch<SweepArgs>>();
  SweepArgs& a = f->args;
  auto* cmd = app.add_subcommand("sweep", "Run a scenario over lists of values (its sweep: block, --sweep) and rank them");
  cmd->add_option("scenario", a.scenario, "Scenario file (with a sweep: block, or use --sweep)")->required();
  cmd->add_option("--set", a.set, "Override a scenario value for every point: key.path=value (repeatable)");
  cmd->add_option("--sweep", a.sweep, "Sweep a key over values: key.path=v1,v2,... (repeatable; adds to sweep:)");
  cmd->add_option("--rank-by", a.rank_by, report::kRankByNames.choices(" | ", " | ") + " (per sample of the global batch)");
  cmd->add_option("--csv", a.csv, "Also write the ranked table as CSV to this file");
  cmd->add_option("--html", a.html, "Also write a self-contained HTML page (time vs cost, Pareto front, table) to this file");
  cmd->add_option("--jobs", a.jobs, "Worker threads (default: the machine's cores)")->check(whole_number(1, 1024));
  cmd->add_option("--steps", a.steps, "Steps to simulate per point (overrides `steps`)")->check(whole_number(1, 10000));
  cmd->add_flag("--json", a.json, "Print one JSON object (its rows under \"rows\") instead of the table");
  add_point_limit_flags(cmd, a, f->search,
                        "Stop a point after this many seconds of simulating (the row says so); --max-total-seconds bounds the whole sweep");
  return {cmd, [f](Context& c) { return sweep_command(f->args, f->search, c.dist, c.version); }, true};
}

// The part files of a sharded search, ranked as the whole search.
Subcommand add_merge_command(CLI::App& app) {
  auto f = std::make_shared<MergeArgs>();
  auto* cmd = app.add_subcommand("merge", "Rank the part files of `sweep` or `advise --shard K/N` runs as the whole search would: same table, JSON, CSV, HTML");
  cmd->add_option("parts", f->parts, "Part files (sweep --shard K/N --journal PART), one per share")->required();
  cmd->add_flag("--json", f->json, "Print one JSON object (its rows under \"rows\") instead of the table");
  cmd->add_option("--csv", f->csv, "Also write the ranked table as CSV to this file");
  cmd->add_option("--html", f->html, "Also write the sweep's HTML page to this file");
  cmd->add_flag("--allow-missing", f->allow_missing, "Rank points that no part holds last, as not run, instead of refusing");
  return {cmd, [f](Context& c) { return merge_command(*f, c.dist, c.version); }, true};
}

Subcommand add_advise_command(CLI::App& app) {
  auto f = std::make_shared<WithSearch<AdviseArgs>>();
  AdviseArgs& a = f->args;
  auto* cmd = app.add_subcommand("advise", "Which systems, node counts and strategies train the scenario's run (run.tokens | epochs | steps) "
                                           "soonest and cheapest: the Pareto front of days against cost, and the cheapest that meets a deadline");
  cmd->add_option("scenario", a.scenario, "Scenario file (model, batch per GPU, precision, run:, and optionally advise:)")->required();
  cmd->add_option("--set", a.set, "Override a scenario value for every configuration: key.path=value (repeatable)");
  cmd->add_option("--systems", a.systems, "Systems to search, comma-separated (default: advise.systems, else every shipped system)");
  cmd->add_option("--nodes", a.nodes, "Node counts, comma-separated (default: advise.nodes, else 1,2,4,8)");
  cmd->add_option("--strategies", a.strategies, "Strategies, comma-separated (default: advise.strategies, else all)");
  cmd->add_option("--deadline", a.deadline, "The run must end within this time: '14 days', '336 h' (default: advise.deadline)");
  cmd->add_option("--budget", a.budget, "The run must cost at most this, on cost.basis: '$60000' (default: advise.budget)");
  cmd->add_option("--html", a.html, "Also write a self-contained HTML page (days vs cost, Pareto front, table) to this file");
  cmd->add_option("--jobs", a.jobs, "Worker threads (default: the machine's cores)")->check(whole_number(1, 1024));
  cmd->add_flag("--json", a.json, "Print one JSON object instead of the report");
  add_point_limit_flags(cmd, a, f->search,
                        "Stop a configuration after this many seconds of simulating (listed as not run, with the reason); "
                        "--max-total-seconds bounds the whole search");
  return {cmd, [f](Context& c) { return advise_command(f->args, f->search, c.dist, c.version); }, true};
}

Subcommand add_validate_command(CLI::App& app) {
  auto f = std::make_shared<WithSearch<ValidateArgs>>();
  ValidateArgs& a = f->args;
  auto* cmd = app.add_subcommand("validate", "The simulator against public measurements, case by case, with the error of each");
  cmd->add_option("--cases", a.cases, "Cases file (default: the project's validation/cases.yaml)");
  cmd->add_option("--only", a.only, "Run only these cases (an id, or id/case)")->expected(1, -1);
  cmd->add_flag("--json", a.json, "Print one JSON object (its rows under \"rows\") instead of the table");
  cmd->add_flag("--strict", a.strict, "Exit with status 5 when a case lies outside its tolerance");
  cmd->add_flag("--bands", a.bands, "Print the error bands (YAML of validation/error_bands.yaml) instead of the table");
  cmd->add_flag("--cross-validate", a.cross_validate,
                "After the table, leave each source out in turn and print how many of its cases the other "
                "sources' bands cover (per category and GPU generation)");
  cmd->add_option("--check-bands", a.check_bands,
                  "After the table, check this bands file against the results; exit with status 6 when it differs");
  add_search_flags(cmd, f->search, false);  // the cases are a search's points; not split into shares
  return {cmd, [f](Context& c) { return validate_command(f->args, f->search, c.dist, c.version); }, true};
}

}  // namespace simtrain::cli
