// How the points of a search get run: the one seam between a search and where its points run.
// The searches and their points:
//   sweep      a scenario point of the product of values (drive/sweep.hpp)
//   advise     a (system, nodes, strategy) configuration (drive/advise.hpp)
//   plan       one of the layouts the closed forms rank best, simulated in full (drive/plan.hpp)
//   validate   one case of the cases file (drive/validate.hpp); no --shard (its --strict and
//              bands read every case: cli/search_cli.hpp), so merge refuses its journal
// A search is n indexed points, each run independently to a record (report/search_record.hpp:
// one JSON object carrying its index and all the ranking reads); the search ranks the n
// records. Runners over the seam:
//
//   threads   this process's worker threads (drive/parallel.hpp), the default
//   MPI       ranks of one MPI job (drive/mpi_runner.hpp, when built with SIMTRAIN_WITH_MPI):
//             rank 0 hands out indices on request and gathers the records
//   --shard K/N   share K of N: point i belongs to share (i mod N) + 1, so each share holds
//             every N-th point, mixing cheap and dear ones; the share's records go to its
//             journal and `simtrain merge` ranks the union
//   --journal FILE / --resume FILE   each record is appended to FILE as its point ends; a
//             resumed search skips the points FILE holds
//   merge     the records come from part files; nothing runs
// Every record goes through its text form, one process included, so the ranking is the same
// byte for byte whichever runner ran the points, and whatever their number.
//
// The journal (a part file is the journal of a share), JSON Lines, version 2:
//   line 1    the header, a JSON object: "simtrain_journal": 2, "version": "simtrain 0.1.0",
//             "fingerprint": "<16 hex>", "points": n, "share": [K, N], "search": {<the
//             search's description>}, "checksum": "<16 hex>"
//   then      one record per line, in the order the points ended, each with its "checksum".
// A checksum is FNV-1a (64 bit) over the search's fingerprint, a NUL, and the JSON text of the
// header or record without its checksum (keys sorted, numbers in their shortest form, as
// nlohmann writes them): a line edited or damaged, or carried over from another search's file,
// fails it. Version 1 files (no checksums) are refused with a word to run their share again.
//
// Read back, a journal is input from elsewhere (a part file from another machine): the
// header's fields are type-checked; a record must carry its point, its checksum, at most one
// stored failure of the right type, and pass the search's own check (CheckRecord: every figure
// type- and range-checked, report/search_record.hpp); a second header is another run's
// records; a point that failed with an internal error when it ran is reported as "point N
// failed when it ran: TEXT" (its text escaped when printed), exit 2. Every error names the
// file and line.
//
// Opening a journal (--journal new, --resume continued): never through a symbolic link
// (O_NOFOLLOW), created with O_EXCL when absent, never a FIFO, device or folder (refused, never
// waited on), and held with flock(LOCK_EX|LOCK_NB) until the run ends: a second run on the
// same file is refused with "another simtrain run holds FILE". An empty file (a run killed
// before its header) starts again under either flag; --journal over a file with content is
// refused (--resume continues it).
// A line is written with one write(2) of the whole line and its newline, on a file opened
// O_APPEND, and synced to disk at most once a second (and at the end): a killed process leaves
// at most a torn last line, which a resume drops (the file is cut back to the last whole
// line) and re-runs; a crashed machine may also lose the last second's points.
// The fingerprint is FNV-1a (64 bit) over the simtrain version, the description (command,
// scenario path as given, --set and --sweep values, and the options that change results or the
// ranking) and the scenario file's bytes: resuming or merging files of another search is an
// error (exit 2) that says which part of the description differs. Files the scenario names
// (systems, models) are not in it: change them between the parts of one search and the
// merged table mixes the two. Not a defence against forgery: a check against mix-ups.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace simtrain::drive {

// Share `index` (1-based) of `count`.
struct Share {
  std::size_t index = 1, count = 1;
  bool whole() const { return count == 1; }
  bool owns(std::size_t point) const { return point % count == index - 1; }
};
// "--shard 2/3"; a ScenarioError naming --shard when it is not K/N with 1 <= K <= N.
Share parse_share(const std::string& arg);

// What makes two runs the same search.
struct SearchIdentity {
  nlohmann::json description;  // {"command": "sweep", "scenario": ..., ...}: what merge runs again
  std::string version;         // "simtrain 0.1.0"
  std::string fingerprint;     // 16 hex digits
};
// The identity of `description` over the scenario file `scenario` (read here) and `version`.
SearchIdentity search_identity(const nlohmann::json& description, const std::string& scenario, const std::string& version);

// A journal or part file as read: its header and its records by point.
struct Journal {
  std::string path;
  std::string version, fingerprint;
  nlohmann::json description;
  std::size_t points = 0;
  Share share;
  std::map<std::size_t, nlohmann::json> records;
  std::size_t whole_bytes = 0;  // up to the end of the last whole line (a torn one is dropped)
};
// How a search checks a record read back from a journal or part file, as it will read it:
// throws report::RecordError (a field out of place, reported at its key) or
// std::invalid_argument (a stored failure that stops the search, reported as its text).
using CheckRecord = std::function<void(std::size_t point, const nlohmann::json& record)>;

// Reads FILE (the text `text`, read from PATH); a malformed header or record (not the torn last
// line) is a ScenarioError at its line, as are a record for a point out of range or twice, one
// whose checksum fails, one that `check` refuses. Records are kept without their checksum.
Journal read_journal(const std::string& path, const CheckRecord& check = {});
Journal parse_journal(const std::string& path, const std::string& text, const CheckRecord& check = {});

// The checksum of a header or record `v` (its "checksum" field left out) in the search of
// `fingerprint`: 16 hex digits.
std::string record_checksum(const std::string& fingerprint, const nlohmann::json& v);

// The error of a point that a merge with --allow-missing found in no part; its record also
// carries "not_run": true.
inline constexpr const char* kNotRun = "not run: in no part merged";

// The record of point i (report/search_record.hpp), built by the search.
using RunPoint = std::function<nlohmann::json(std::size_t)>;
// Called with each record on the process that holds the results, one at a time.
using PointDone = std::function<void(std::size_t, const nlohmann::json&)>;

// Where points run.
class PointRunner {
 public:
  virtual ~PointRunner() = default;
  // Whether this process gets the records (an MPI worker rank does not: it only runs points).
  virtual bool holds_results() const { return true; }
  // Runs each point of `todo` once and passes its record to `done`. Returns whether this
  // process holds the results (an MPI worker rank does not: it only runs points).
  virtual bool run(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) = 0;
};

// This process's threads (0: the machine's cores).
class ThreadRunner : public PointRunner {
 public:
  explicit ThreadRunner(unsigned jobs) : jobs_(jobs) {}
  bool run(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) override;

 private:
  unsigned jobs_;
};

// How one search is executed; the default runs every point on this process's threads.
struct SearchExecution {
  PointRunner* runner = nullptr;  // none: a ThreadRunner of `jobs`
  unsigned jobs = 0;
  Share share;
  SearchIdentity identity;  // written to and checked against the journal and the parts
  std::string journal;      // --journal FILE (new) or --resume FILE (continued, or new when absent)
  bool resume = false;
  std::vector<std::string> parts;  // merge: the part files; nothing runs
  bool allow_missing = false;      // merge: points no part holds rank last as "not run" (kNotRun)
  // Points done (resumed ones included) and the points this process runs in all: called once
  // before the first point, then after each, serialized.
  std::function<void(std::size_t, std::size_t)> progress;
  // --max-total-seconds (0: none): the search's own time limit, from the moment it starts
  // running points. A point starts only before it; one that started runs to its end (bounded
  // by the point's own --max-seconds) and counts. The first point left to run always runs, so
  // a search shows at least one figure. Points that never started are records
  // {"point": i, "error": "not run: the search's time limit"} (what the searches show as a row
  // with that reason), never journaled: a --resume of the journal runs them. Which points
  // start depends on the clock; the records and their order do not (points are taken in
  // index order, so the run ones are the first of the search with --jobs 1).
  double max_total_seconds = 0;
  // Given, execute_search stores how many points the time limit left not run (0: none).
  std::size_t* not_run_by_time_limit = nullptr;
};

// The reason a point the time limit left out carries (its record's "error").
inline constexpr const char* kNotRunTimeLimit = "not run: the search's time limit";

// The records of points 0..n-1, each as read back from its text; nullopt on a process that
// does not hold them all (a share other than 1/1, an MPI worker). Errors (exit 2): a journal or
// parts of another search, a new --journal over a file that holds points, merge parts that
// repeat a share or a point or leave points missing (listed; unless allow_missing).
// Records read from a journal or the parts go through `check` (CheckRecord above).
std::optional<std::vector<nlohmann::json>> execute_search(std::size_t n, const RunPoint& run_point,
                                                          const SearchExecution& ex, const CheckRecord& check = {});

// The record of a point, its index first.
nlohmann::json point_record(std::size_t index);
// The record of point `index` with what `result` returned under "result", or the failure it
// threw by kind: a ScenarioError under "input_error" (report::scenario_error_to_json), an
// std::invalid_argument under "error" (a reason the point's row can show), any other
// std::exception under "internal_error".
nlohmann::json point_outcome(std::size_t index, const std::function<nlohmann::json()>& result);
// Throws the failure a point_outcome record carries, as the point threw it (a ScenarioError, an
// std::invalid_argument or an std::runtime_error); returns when the point succeeded.
void rethrow_point_failure(const nlohmann::json& record);

// The check of a search that a failed point stops (plan, validate): a stored "error" read back
// is refused as "point N failed when it ran: TEXT" (at the record's file and line), a stored
// input error is left for the search to throw, and otherwise `read_result(i, record["result"])`
// must read the figures.
CheckRecord check_stopping_record(std::function<void(std::size_t, const nlohmann::json&)> read_result);

// "3, 7-9, 12": a sorted list of points as ranges.
std::string point_ranges(const std::vector<std::size_t>& points);

// How this process was started: how many tasks the launcher says it is one of
// (OMPI_COMM_WORLD_SIZE under mpirun, PMI_SIZE under MPICH's or Slurm's PMI,
// SLURM_STEP_NUM_TASKS under srun), the variable that says so, and whether an MPI process
// manager interface is there to join them (OMPI_COMM_WORLD_SIZE, PMI_RANK, PMIX_RANK).
struct Launch {
  long long tasks = 1;
  std::string variable;
  bool process_manager = false;
};
Launch launcher_tasks(const std::function<const char*(const char*)>& getenv_fn);
Launch launcher_tasks();  // from the environment

// What a search does with its launch: run as one process, join an MPI job of `tasks` ranks,
// or refuse (exit 2) with `error`: several tasks without MPI in this build (each would run the
// whole search), or several tasks with no process manager to join them (srun without PMI).
struct LaunchPlan {
  bool mpi = false;
  std::string error;
};
LaunchPlan plan_launch(const Launch& launch, bool built_with_mpi);

}  // namespace simtrain::drive
