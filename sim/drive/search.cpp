#include "drive/search.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "drive/parallel.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::drive {

using nlohmann::json;

namespace {

constexpr int kJournalVersion = 1;

std::uint64_t fnv1a(std::uint64_t h, const std::string& bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

[[noreturn]] void journal_error(const std::string& path, int line, const std::string& key, const std::string& msg) {
  throw ScenarioError(path, line, 0, key, msg);
}

// Why `j` (a journal or part) is not of the search `id`: the first part of the description
// that differs, or the scenario's bytes / the version.
std::string difference(const Journal& j, const SearchIdentity& id) {
  if (j.version != id.version) return "it was written by " + j.version + ", this is " + id.version;
  for (const auto& [key, value] : id.description.items()) {
    if (!j.description.contains(key)) return "it has no '" + key + "'";
    if (j.description.at(key) != value)
      return "its " + key + " is " + j.description.at(key).dump() + ", this search's is " + value.dump();
  }
  for (const auto& [key, value] : j.description.items())
    if (!id.description.contains(key)) return "it has '" + key + "', this search has not";
  return "the scenario file's contents differ";
}

void check_same_search(const Journal& j, const SearchIdentity& id, std::size_t n, const char* what) {
  if (j.fingerprint != id.fingerprint)
    journal_error(j.path, 1, "fingerprint", std::string(what) + " of another search: " + difference(j, id));
  if (j.points != n)
    journal_error(j.path, 1, "points", "holds a search of " + std::to_string(j.points) + " points, this one has " +
                                           std::to_string(n));
}

std::string share_text(const Share& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

// Appends records to a journal: one write(2) per line, synced at most once a second.
class JournalWriter {
 public:
  // A new journal (header written), or `existing` continued after its last whole line.
  JournalWriter(const std::string& path, const std::string& header, const Journal* existing) : path_(path) {
    const int flags = O_WRONLY | O_APPEND | O_CLOEXEC | (existing ? 0 : O_CREAT | O_TRUNC);
    fd_ = ::open(path.c_str(), flags, 0644);
    if (fd_ < 0) fail(std::strerror(errno));
    if (existing) {
      if (::ftruncate(fd_, static_cast<off_t>(existing->whole_bytes)) != 0) fail(std::strerror(errno));
    } else {
      append_line(header);
    }
    sync();
  }
  ~JournalWriter() {
    if (fd_ >= 0) {
      ::fdatasync(fd_);
      ::close(fd_);
    }
  }
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  void append_line(std::string line) {
    line += '\n';
    const ssize_t w = ::write(fd_, line.data(), line.size());
    if (w != static_cast<ssize_t>(line.size())) fail(w < 0 ? std::strerror(errno) : "short write (disk full?)");
    const auto now = std::chrono::steady_clock::now();
    if (now - last_sync_ > std::chrono::seconds(1)) sync();
  }

 private:
  [[noreturn]] void fail(const std::string& why) {
    throw ScenarioError(path_, 0, 0, "", "cannot write the journal: " + why);
  }
  void sync() {
    ::fdatasync(fd_);
    last_sync_ = std::chrono::steady_clock::now();
  }
  std::string path_;
  int fd_ = -1;
  std::chrono::steady_clock::time_point last_sync_{};
};

std::string header_line(const SearchIdentity& id, std::size_t n, const Share& share) {
  json h = {{"simtrain_journal", kJournalVersion},
            {"version", id.version},
            {"fingerprint", id.fingerprint},
            {"points", n},
            {"share", {share.index, share.count}},
            {"search", id.description}};
  return h.dump();
}

// Merge: the records of the parts, checked to be one search's shares, each once.
std::vector<json> merge_parts(std::size_t n, const SearchExecution& ex) {
  std::vector<Journal> parts;
  for (const std::string& p : ex.parts) {
    parts.push_back(read_journal(p));
    check_same_search(parts.back(), ex.identity, n, "a part");
  }
  std::map<std::size_t, std::string> share_file;
  const std::size_t count = parts.front().share.count;
  for (const Journal& j : parts) {
    if (j.share.count != count)
      journal_error(j.path, 1, "share", "is share " + share_text(j.share) + ", " + parts.front().path + " is share " +
                                            share_text(parts.front().share) + ": parts of one split, please");
    auto [it, fresh] = share_file.emplace(j.share.index, j.path);
    if (!fresh) journal_error(j.path, 1, "share", "share " + share_text(j.share) + " is given twice (also " + it->second + ")");
  }
  std::vector<std::optional<json>> records(n);
  std::vector<std::string> from(n);
  for (const Journal& j : parts)
    for (const auto& [i, r] : j.records) {
      if (records[i]) journal_error(j.path, 0, "point", "point " + std::to_string(i) + " is also in " + from[i]);
      records[i] = r;
      from[i] = j.path;
    }
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < n; ++i)
    if (!records[i]) missing.push_back(i);
  if (!missing.empty() && !ex.allow_missing) {
    std::string shares;
    for (std::size_t k = 1; k <= count; ++k)
      if (!share_file.count(k)) shares += (shares.empty() ? "" : ", ") + share_text({k, count});
    throw ScenarioError("merge", 0, 0, "",
                        std::to_string(missing.size()) + " of " + std::to_string(n) + " points are in no part: " +
                            point_ranges(missing) +
                            (shares.empty() ? std::string(" (resume their shares with --resume PART)")
                                            : " (shares not given: " + shares + ")") +
                            "; --allow-missing ranks them last as not run");
  }
  std::vector<json> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (records[i]) {
      out.push_back(std::move(*records[i]));
    } else {
      json r = point_record(i);
      r["error"] = "not run: in no part merged";
      out.push_back(std::move(r));
    }
  }
  return out;
}

// --max-total-seconds (SearchExecution::max_total_seconds): `run_point`, except that a point
// asked for once the limit has passed returns the time limit's record at once. `first` always
// runs. The clock starts here, when the search starts running points.
RunPoint time_limited(const RunPoint& run_point, double seconds, std::size_t first) {
  if (!(seconds > 0)) return run_point;
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  return [run_point, until, first](std::size_t i) {
    if (i != first && std::chrono::steady_clock::now() >= until) {
      json r = point_record(i);
      r["error"] = kNotRunTimeLimit;
      return r;
    }
    return run_point(i);
  };
}

bool cut_by_time_limit(const json& r) {
  const auto it = r.find("error");
  return it != r.end() && it->is_string() && it->get_ref<const std::string&>() == kNotRunTimeLimit;
}

}  // namespace

Share parse_share(const std::string& arg) {
  const auto slash = arg.find('/');
  auto number = [&](const std::string& s) -> long long {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoll(s);
  };
  const long long k = slash == std::string::npos ? -1 : number(arg.substr(0, slash));
  const long long n = slash == std::string::npos ? -1 : number(arg.substr(slash + 1));
  if (k < 1 || n < 1)
    throw ScenarioError("--shard", 0, 0, "--shard", "expected K/N, share K of N (1 <= K <= N), e.g. 2/3; got '" + arg + "'");
  if (k > n)
    throw ScenarioError("--shard", 0, 0, "--shard", "share " + std::to_string(k) + " of " + std::to_string(n) +
                                                        " does not exist: K runs from 1 to N (Slurm: --shard "
                                                        "$((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT with --array=0-" +
                                                        std::to_string(n - 1) + ")");
  return {static_cast<std::size_t>(k), static_cast<std::size_t>(n)};
}

SearchIdentity search_identity(const json& description, const std::string& scenario, const std::string& version) {
  SearchIdentity id;
  id.description = description;
  id.version = version;
  std::uint64_t h = 0xcbf29ce484222325ULL;
  h = fnv1a(h, version);
  h = fnv1a(h, std::string(1, '\0'));
  h = fnv1a(h, description.dump());
  h = fnv1a(h, std::string(1, '\0'));
  h = fnv1a(h, read_input_file(scenario));
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  id.fingerprint = hex;
  return id;
}

Journal read_journal(const std::string& path) {
  Journal j;
  j.path = path;
  const std::string text = read_input_file(path);
  std::size_t at = 0;
  int line_no = 0;
  bool header = false;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // a torn last line: the point re-runs
    const std::string line = text.substr(at, end - at);
    ++line_no;
    json v;
    try {
      v = json::parse(line);
    } catch (const json::exception&) {
      // Only the last line can be torn (one write per line): anything else is damage.
      if (end + 1 == text.size() && header) break;
      if (!header) journal_error(path, line_no, "", "not a simtrain journal or part file (its first line is not JSON)");
      journal_error(path, line_no, "", "a damaged line (not JSON) before the last: the file was changed since simtrain wrote it");
    }
    if (!header) {
      if (!v.is_object() || !v.contains("simtrain_journal"))
        journal_error(path, line_no, "", "not a simtrain journal or part file (its first line names no simtrain_journal)");
      if (v["simtrain_journal"] != kJournalVersion)
        journal_error(path, line_no, "simtrain_journal", "version " + v["simtrain_journal"].dump() + ", expected " +
                                                             std::to_string(kJournalVersion));
      try {
        j.version = v.at("version").get<std::string>();
        j.fingerprint = v.at("fingerprint").get<std::string>();
        // A count is a whole number as written: a float (1e92) converted to size_t is undefined.
        const auto count = [&](const json& x) {
          if (!x.is_number_unsigned()) throw std::invalid_argument("'points' and 'share' hold whole numbers");
          return x.get<std::size_t>();
        };
        j.points = count(v.at("points"));
        j.share.index = count(v.at("share").at(0));
        j.share.count = count(v.at("share").at(1));
        j.description = v.at("search");
      } catch (const json::exception& e) {
        journal_error(path, line_no, "", std::string("malformed header: ") + e.what());
      } catch (const std::invalid_argument& e) {
        journal_error(path, line_no, "", std::string("malformed header: ") + e.what());
      }
      if (j.share.index < 1 || j.share.index > j.share.count || !j.description.is_object())
        journal_error(path, line_no, "share", "malformed header");
      header = true;
    } else {
      if (!v.is_object() || !v.contains("point") || !v["point"].is_number_unsigned())
        journal_error(path, line_no, "point", "a record without its point");
      const std::size_t i = v["point"].get<std::size_t>();
      if (i >= j.points || !j.share.owns(i))
        journal_error(path, line_no, "point", "point " + std::to_string(i) + " is not in share " +
                                                  share_text(j.share) + " of " + std::to_string(j.points) + " points");
      if (!j.records.emplace(i, std::move(v)).second)
        journal_error(path, line_no, "point", "point " + std::to_string(i) + " is recorded twice");
    }
    at = end + 1;
    j.whole_bytes = at;
  }
  if (!header) journal_error(path, 0, "", "empty: not a simtrain journal or part file");
  return j;
}

bool ThreadRunner::run(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) {
  std::mutex m;
  for_each_index(todo.size(), jobs_, [&](std::size_t k) {
    const json r = run_point(todo[k]);
    std::lock_guard<std::mutex> lock(m);
    done(todo[k], r);
  }, {});
  return true;
}

json point_record(std::size_t index) { return json{{"point", index}}; }

json point_outcome(std::size_t index, const std::function<json()>& result) {
  json rec = point_record(index);
  try {
    rec["result"] = result();
  } catch (const ScenarioError& e) {
    rec["input_error"] = report::scenario_error_to_json(e);
  } catch (const std::invalid_argument& e) {
    rec["error"] = e.what();
  } catch (const std::exception& e) {
    rec["internal_error"] = e.what();
  }
  return rec;
}

void rethrow_point_failure(const json& record) {
  if (record.contains("input_error")) throw report::scenario_error_from_json(record.at("input_error"));
  if (record.contains("error")) throw std::invalid_argument(record.at("error").get<std::string>());
  if (record.contains("internal_error")) throw std::runtime_error(record.at("internal_error").get<std::string>());
}

std::string point_ranges(const std::vector<std::size_t>& points) {
  std::string out;
  for (std::size_t a = 0; a < points.size();) {
    std::size_t b = a;
    while (b + 1 < points.size() && points[b + 1] == points[b] + 1) ++b;
    // (Appended piece by piece: GCC 12 warns falsely, -Wrestrict, on the chained operator+.)
    if (!out.empty()) out += ", ";
    out += std::to_string(points[a]);
    if (b > a) out.append("-").append(std::to_string(points[b]));
    a = b + 1;
  }
  return out;
}

std::optional<std::vector<json>> execute_search(std::size_t n, const RunPoint& run_point, const SearchExecution& ex) {
  if (!ex.parts.empty()) return merge_parts(n, ex);
  ThreadRunner threads(ex.jobs);
  PointRunner& runner = ex.runner ? *ex.runner : threads;
  if (!runner.holds_results()) {  // an MPI worker: runs what rank 0 hands it, keeps nothing
    runner.run({}, time_limited(run_point, ex.max_total_seconds, ex.share.index - 1), [](std::size_t, const json&) {});
    return std::nullopt;
  }

  // The points this process is asked for, less those its journal already holds.
  std::vector<std::optional<json>> records(n);
  std::optional<Journal> resumed;
  if (!ex.journal.empty()) {
    struct stat st {};
    // An empty file is a journal killed before its header was written: start it again.
    const bool exists = ::stat(ex.journal.c_str(), &st) == 0 && st.st_size > 0;
    if (ex.resume && exists) {
      resumed = read_journal(ex.journal);
      check_same_search(*resumed, ex.identity, n, "a journal");
      if (resumed->share.index != ex.share.index || resumed->share.count != ex.share.count)
        journal_error(ex.journal, 1, "share", "is the journal of share " + share_text(resumed->share) +
                                                  ", this run is share " + share_text(ex.share));
      for (auto& [i, r] : resumed->records) records[i] = r;
    } else if (!ex.resume && exists) {
      journal_error(ex.journal, 0, "--journal", "exists: --resume " + ex.journal +
                                                    " continues it, or remove it to start the search again");
    }
  }
  std::vector<std::size_t> todo;
  std::size_t owned = 0, done_count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!ex.share.owns(i)) continue;
    ++owned;
    if (records[i]) ++done_count;
    else todo.push_back(i);
  }

  std::optional<JournalWriter> writer;
  if (!ex.journal.empty())
    writer.emplace(ex.journal, header_line(ex.identity, n, ex.share), resumed ? &*resumed : nullptr);
  if (ex.progress) ex.progress(done_count, owned);

  // Each record as read back from its text: what another process or a journal would give. A
  // point the time limit left out is not journaled.
  std::size_t cut = 0;
  const PointDone done = [&](std::size_t i, const json& r) {
    const std::string line = r.dump();
    if (writer && !cut_by_time_limit(r)) writer->append_line(line);
    records[i] = json::parse(line);
    if (cut_by_time_limit(r)) ++cut;
    ++done_count;
    if (ex.progress) ex.progress(done_count, owned);
  };
  const bool holder = runner.run(todo, time_limited(run_point, ex.max_total_seconds, todo.empty() ? n : todo.front()), done);
  writer.reset();
  if (ex.not_run_by_time_limit) *ex.not_run_by_time_limit = cut;
  if (!holder || !ex.share.whole()) return std::nullopt;

  std::vector<json> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (!records[i]) throw std::logic_error("search: point " + std::to_string(i) + " has no record");
    out.push_back(std::move(*records[i]));
  }
  return out;
}

Launch launcher_tasks(const std::function<const char*(const char*)>& getenv_fn) {
  Launch l;
  // srun sets SLURM_STEP_NUM_TASKS for a job step; a batch script run without srun is one
  // task of its allocation and has SLURM_NTASKS, which says nothing about this process.
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"}) {
    const char* s = getenv_fn(v);
    if (!s) continue;
    char* end = nullptr;
    const long long n = std::strtoll(s, &end, 10);
    if (end != s && *end == '\0' && n > 1) {
      l.tasks = n;
      l.variable = v;
      break;
    }
  }
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_RANK", "PMIX_RANK"})
    if (getenv_fn(v)) l.process_manager = true;
  return l;
}

Launch launcher_tasks() {
  return launcher_tasks([](const char* v) -> const char* { return std::getenv(v); });
}

LaunchPlan plan_launch(const Launch& launch, bool built_with_mpi) {
  LaunchPlan p;
  if (launch.tasks <= 1) return p;  // one process (an MPI build without a launcher is one too)
  const std::string started = "started as one of " + std::to_string(launch.tasks) + " tasks (" + launch.variable +
                              "=" + std::to_string(launch.tasks) + ")";
  if (!built_with_mpi) {
    p.error = started + ", but this simtrain is built without MPI: each task would run the whole search. Build with "
              "-DSIMTRAIN_WITH_MPI=ON (the release preset does), run one process, or split the search with "
              "--shard K/N (a Slurm job array)";
  } else if (!launch.process_manager) {
    p.error = started + " with no MPI process manager to join them (no PMI): each task would run the whole search. "
              "Start it with mpirun -n " + std::to_string(launch.tasks) + ", or srun --mpi=pmix (or pmi2) where Slurm "
              "offers it";
  } else {
    p.mpi = true;
  }
  return p;
}

}  // namespace simtrain::drive
