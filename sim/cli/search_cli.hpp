// The command line of the searches that outgrow one machine (drive/search.hpp): where their
// points run (threads, MPI ranks, a Slurm array task's share), their journal, their progress
// bar, and `simtrain merge`. main.cpp declares the flags with these and calls in.
//
//   simtrain sweep|advise|plan S.yaml ... [--shard K/N] [--journal FILE | --resume FILE] [--progress | --no-progress]
//   simtrain validate ... [--journal FILE | --resume FILE] [--progress | --no-progress]
//   mpirun -n N simtrain sweep|advise|plan|validate ...     (a build with SIMTRAIN_WITH_MPI)
//   simtrain merge PART... [--json] [--csv F] [--html F] [--allow-missing]
//
// validate takes no --shard: its --strict, --bands and --check-bands read every case, and a
// merge would have to carry them; under mpirun or with a journal it runs whole.
//
// Launch rules (drive/search.hpp plan_launch): one process without a launcher, an MPI build
// included; under a launcher of several tasks, an MPI job when built with MPI and a process
// manager is there, else exit 2 (each task would run the whole search).
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace simtrain::drive {
class MpiWorld;
}

namespace simtrain::cli {

// Where a search's points run and what it keeps, as the flags give it.
struct SearchFlags {
  std::string shard, journal, resume;
  bool progress = false, no_progress = false;
};
// `shard` false (validate): --shard is not offered in --help; it is still read, so that
// validate_command refuses it with the reason rather than as an unknown flag.
void add_search_flags(CLI::App* cmd, SearchFlags& f, bool shard = true);

// Exit status of a search that --max-total-seconds cut: the points done are ranked, the rest
// listed as "not run: the search's time limit" (cli/main.cpp lists the codes).
inline constexpr int kExitSearchCut = 8;
// --max-total-seconds on `cmd`, with its help (sweep and advise).
void add_total_limit_flag(CLI::App* cmd, double& seconds);

// The MPI job this process is a rank of, when it is one; else a single process.
class Dist {
 public:
  Dist();
  ~Dist();
  // For a search command: joins the MPI job when launched as one (MPI_Init), or throws a
  // ScenarioError (exit 2) for a launch that would run the whole search on every task.
  void start(int* argc, char*** argv);
  bool mpi() const;
  int rank() const;
  int size() const;
  drive::MpiWorld* world();
  // Collective under MPI: agrees on rank 0's exit status (and lets a worker that could not
  // prepare the search say why); returns the status to exit with.
  int finish(int rc);

 private:
  // (A deleter set where the world is made: a build without MPI never names ~MpiWorld.)
  std::unique_ptr<drive::MpiWorld, void (*)(drive::MpiWorld*)> world_{nullptr, nullptr};
  std::ostringstream silenced_;  // a worker rank's stdout and stderr
  std::streambuf* cout_ = nullptr;
  std::streambuf* cerr_ = nullptr;
};

// `simtrain sweep` with its flags as given.
struct SweepArgs {
  std::string scenario, rank_by = "time", csv, html;
  std::string memory_margin;  // --memory-margin as given ("": the memory band's)
  std::vector<std::string> set, sweep;
  long long steps = 0;
  double max_seconds = 0;
  double max_total_seconds = 0;  // --max-total-seconds: the whole search's (drive/search.hpp)
  unsigned jobs = 0;
  bool json = false;
};
int sweep_command(const SweepArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version);

// `simtrain advise` with its flags as given.
struct AdviseArgs {
  std::string scenario, systems, nodes, strategies, deadline, budget, html;
  std::string memory_margin;  // --memory-margin as given ("": each configuration's memory band)
  std::vector<std::string> set;
  unsigned jobs = 0;
  double max_seconds = 0;
  double max_total_seconds = 0;  // --max-total-seconds: the whole search's (drive/search.hpp)
  bool json = false;
};
int advise_command(const AdviseArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version);

// `simtrain plan` with its flags as given (drive/plan.hpp: the layouts simulated in full are
// the points).
struct PlanArgs {
  std::string scenario;
  std::string memory_margin;  // --memory-margin as given ("": the memory band's)
  std::vector<std::string> set;
  int simulate = 8;
  bool simulate_given = false;  // --simulate given: the plan's budget refuses it rather than trims it
  double max_seconds = 0;       // --max-seconds: the whole plan's (not in the search's identity)
  bool json = false;
};
int plan_command(const PlanArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version);

// `simtrain validate` with its flags as given (drive/validate.hpp: the cases are the points).
// Returns 5 (--strict, a case outside its tolerance) or 6 (--check-bands, the file differs).
struct ValidateArgs {
  std::string cases, check_bands;  // "" : the project's validation/cases.yaml
  std::vector<std::string> only;
  bool json = false, strict = false, bands = false;
  bool cross_validate = false;  // also the leave-one-source-out coverage of the bands
};
int validate_command(const ValidateArgs& args, const SearchFlags& flags, Dist& dist, const std::string& version);

// `simtrain merge PART...`: the parts' search ranked as the whole search would rank it.
struct MergeArgs {
  std::vector<std::string> parts;
  std::string csv, html;
  bool json = false, allow_missing = false;
};
int merge_command(const MergeArgs& args, Dist& dist, const std::string& version);

}  // namespace simtrain::cli
