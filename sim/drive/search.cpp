#include "drive/search.hpp"

#include <fcntl.h>
#include <sys/file.h>
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
#include <utility>

#include "drive/parallel.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "scenario/limits.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::drive {

using nlohmann::json;

namespace {

// 2: the header and every record carry a checksum (version 1 had none).
constexpr int kJournalVersion = 2;
constexpr std::uint64_t kFnvBasis = 0xcbf29ce484222325ULL;
// A record nests 4 deep (result, error_bands, a band, a field); dump() recurses, and a file
// from elsewhere may nest a million deep.
constexpr int kMaxDepth = 16;

std::uint64_t fnv1a(std::uint64_t h, const std::string& bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hex64(std::uint64_t h) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

[[noreturn]] void journal_error(const std::string& path, int line, const std::string& key, const std::string& msg) {
  throw ScenarioError(path, line, 0, key, msg);
}

// Whether `v` nests at most `depth` levels (stops at the first branch deeper).
bool shallow(const json& v, int depth) {
  if (!v.is_structured()) return true;
  if (depth <= 0) return false;
  for (const json& x : v)
    if (!shallow(x, depth - 1)) return false;
  return true;
}

// The value as an error shows it: at most 40 bytes of its JSON text.
std::string shown(const json& v) {
  std::string s = v.dump();
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
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

// The journal's file: opened without following a link (O_NOFOLLOW: a link planted at the name
// could point the writes at any file of the user's), created with O_EXCL when absent, never a
// FIFO, device or folder (checked before it is opened and again on the descriptor, opened
// O_NONBLOCK so that a FIFO cannot block the open), and locked (flock LOCK_EX|LOCK_NB) for
// the run: a second run on the same file, new or resumed, is refused while the first holds it.
// A file system without locks (ENOLCK, EOPNOTSUPP) gets no lock, as before.
class JournalFile {
 public:
  JournalFile(const std::string& path, const std::string& flag) : path_(path), flag_(flag) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) refuse(st);
    fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0 && errno == EEXIST)
      fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd_ < 0) {
      const int err = errno;
      if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) refuse(st);
      fail(std::string("cannot open it: ") + std::strerror(err));
    }
    if (::fstat(fd_, &st) != 0) fail(std::string("cannot open it: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) refuse(st);
    const int flags = ::fcntl(fd_, F_GETFL);
    if (flags < 0 || ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK) != 0) fail(std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0 && errno != ENOLCK && errno != EOPNOTSUPP) {
      if (errno == EWOULDBLOCK)
        fail("another simtrain run holds " + path + " (one run writes a journal at a time): wait for it to end, "
             "or give another file");
      fail(std::string("cannot lock it: ") + std::strerror(errno));
    }
  }
  ~JournalFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  JournalFile(const JournalFile&) = delete;
  JournalFile& operator=(const JournalFile&) = delete;

  // The file's bytes now, read through the locked descriptor.
  std::string read_all() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) fail(std::strerror(errno));
    if (static_cast<std::uintmax_t>(st.st_size) > limits::max_input_file_bytes)
      fail("larger than " + std::to_string(limits::max_input_file_bytes >> 20) + " MiB, more than any journal needs");
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t got = 0;
    while (got < text.size()) {
      const ssize_t r = ::pread(fd_, text.data() + got, text.size() - got, static_cast<off_t>(got));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) fail(std::string("cannot read it: ") + std::strerror(errno));
      if (r == 0) break;
      got += static_cast<std::size_t>(r);
    }
    text.resize(got);
    return text;
  }
  // Hands the descriptor (and its lock) over.
  int release() { return std::exchange(fd_, -1); }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw ScenarioError(path_, 0, 0, flag_, why); }
  [[noreturn]] void refuse(const struct stat& st) const {
    if (S_ISLNK(st.st_mode))
      fail(path_ + " is a symbolic link: a journal is never written through a link (it could point at any "
                   "file); give the file's own path");
    fail(std::string("not a regular file (") +
         (S_ISDIR(st.st_mode) ? "a folder" : S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISSOCK(st.st_mode) ? "a socket" : "a device") +
         "): a journal must be a regular file");
  }
  std::string path_, flag_;
  int fd_ = -1;
};

// Appends records to a journal: one write(2) per line, synced at most once a second.
class JournalWriter {
 public:
  // A new journal (header written), or `existing` continued after its last whole line; the
  // file's descriptor (and its lock) is kept until the end.
  JournalWriter(JournalFile& file, const std::string& path, const std::string& header, const Journal* existing)
      : path_(path), fd_(file.release()) {
    if (::ftruncate(fd_, static_cast<off_t>(existing ? existing->whole_bytes : 0)) != 0) fail(std::strerror(errno));
    if (!existing) append_line(header);
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
  h["checksum"] = record_checksum(id.fingerprint, h);
  return h.dump();
}

// Merge: the records of the parts, checked to be one search's shares, each once.
std::vector<json> merge_parts(std::size_t n, const SearchExecution& ex, const CheckRecord& check) {
  std::vector<Journal> parts;
  for (const std::string& p : ex.parts) {
    parts.push_back(read_journal(p, check));
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
      r["error"] = kNotRun;
      r["not_run"] = true;
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

std::string record_checksum(const std::string& fingerprint, const json& v) {
  std::uint64_t h = fnv1a(kFnvBasis, fingerprint);
  h = fnv1a(h, std::string(1, '\0'));
  if (!v.is_object() || !v.contains("checksum")) return hex64(fnv1a(h, v.dump()));
  json rest = v;
  rest.erase("checksum");
  return hex64(fnv1a(h, rest.dump()));
}

namespace {

// The header's fields, each of its type; the header's checksum over the rest.
void read_header(Journal& j, const json& v, int line) {
  const auto fail = [&](const std::string& key, const std::string& msg) { journal_error(j.path, line, key, msg); };
  if (!v.is_object() || !v.contains("simtrain_journal"))
    fail("", "not a simtrain journal or part file (its first line names no simtrain_journal)");
  const json& format = v.at("simtrain_journal");
  if (format == 1)
    fail("simtrain_journal", "written by an older simtrain (journal version 1, whose records carry no checksum): "
                             "run its search or share again with this one");
  if (format != kJournalVersion)
    fail("simtrain_journal", "version " + shown(format) + ", expected " + std::to_string(kJournalVersion));
  for (const auto& [key, value] : v.items()) {
    (void)value;
    static const std::set<std::string> known = {"simtrain_journal", "version", "fingerprint", "points",
                                                "share", "search", "checksum"};
    if (!known.count(key)) fail(key, "unknown header key: a header holds " + join_names({known.begin(), known.end()}));
  }
  const auto text = [&](const char* key) -> std::string {
    if (!v.contains(key) || !v.at(key).is_string()) fail(key, "expected a string, got " + (v.contains(key) ? shown(v.at(key)) : "nothing"));
    return v.at(key).get<std::string>();
  };
  // A count is a whole number as written: a float (1e92) converted to size_t is undefined.
  const auto count = [&](const json& x, const char* key) -> std::size_t {
    if (!x.is_number_unsigned() || x.get<std::uint64_t>() < 1 || x.get<std::uint64_t>() > (1ULL << 40))
      fail(key, "expected a whole number >= 1, got " + shown(x));
    return x.get<std::size_t>();
  };
  j.fingerprint = text("fingerprint");
  if (j.fingerprint.size() != 16 || j.fingerprint.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail("fingerprint", "expected 16 hex digits, got " + shown(v.at("fingerprint")));
  if (!shallow(v, kMaxDepth)) fail("search", "nested deeper than any search's description");
  if (text("checksum") != record_checksum(j.fingerprint, v))
    fail("", "the header's checksum does not match its content (edited or damaged)");
  j.version = text("version");
  if (!v.contains("points") || !v.at("points").is_number_unsigned() || v.at("points").get<std::uint64_t>() > (1ULL << 40))
    fail("points", "expected a whole number of points, got " + (v.contains("points") ? shown(v.at("points")) : "nothing"));
  j.points = v.at("points").get<std::size_t>();
  const json share = v.value("share", json());
  if (!share.is_array() || share.size() != 2) fail("share", "expected [K, N], got " + shown(share));
  j.share.index = count(share[0], "share");
  j.share.count = count(share[1], "share");
  if (j.share.index > j.share.count) fail("share", "share " + shown(share) + " does not exist: K runs from 1 to N");
  if (!v.contains("search") || !v.at("search").is_object())
    fail("search", "expected the search's description (an object), got " + (v.contains("search") ? shown(v.at("search")) : "nothing"));
  const json& search = v.at("search");
  if (!search.contains("command") || !search.at("command").is_string())
    fail("search.command", "expected the search's command (a string), got " +
                               (search.contains("command") ? shown(search.at("command")) : "nothing"));
  j.description = search;
}

// A record: its point, its checksum, the failure it stored (if any), then `check`.
void read_record(Journal& j, json v, int line, const CheckRecord& check) {
  const auto fail = [&](const std::string& key, const std::string& msg) { journal_error(j.path, line, key, msg); };
  if (v.is_object() && v.contains("simtrain_journal"))
    fail("", "a second header: another run's records are in this journal");
  if (!v.is_object() || !v.contains("point") || !v["point"].is_number_unsigned())
    fail("point", "a record without its point");
  if (!shallow(v, kMaxDepth)) fail("", "a record nested deeper than any simtrain writes");
  if (!v.contains("checksum") || !v.at("checksum").is_string()) fail("checksum", "a record without its checksum");
  if (v.at("checksum").get<std::string>() != record_checksum(j.fingerprint, v))
    fail("", "the record's checksum does not match its content (edited or damaged)");
  v.erase("checksum");
  const std::size_t i = v["point"].get<std::size_t>();
  if (i >= j.points || !j.share.owns(i))
    fail("point", "point " + std::to_string(i) + " is not in share " + share_text(j.share) + " of " +
                      std::to_string(j.points) + " points");
  if (j.records.count(i)) fail("point", "point " + std::to_string(i) + " is recorded twice");
  int failures = 0;
  for (const char* key : {"error", "internal_error", "input_error"}) {
    if (!v.contains(key)) continue;
    ++failures;
    if (std::string(key) != "input_error" && !v.at(key).is_string()) fail(key, "expected a string, got " + shown(v.at(key)));
  }
  if (failures > 1) fail("", "a record with more than one of error, internal_error and input_error");
  // A point that failed when it ran: its text came from the run, and a report prints it.
  if (v.contains("internal_error"))
    fail("", "point " + std::to_string(i) + " failed when it ran: " + v.at("internal_error").get<std::string>());
  try {
    if (v.contains("input_error")) (void)report::scenario_error_from_json(v.at("input_error"));
  } catch (const report::RecordError& e) {
    fail(e.within("input_error").key(), e.message());
  }
  if (check) {
    try {
      check(i, v);
    } catch (const report::RecordError& e) {
      fail(e.key(), e.message());
    } catch (const std::invalid_argument& e) {
      fail("", e.what());
    }
  }
  j.records.emplace(i, std::move(v));
}

}  // namespace

Journal parse_journal(const std::string& path, const std::string& text, const CheckRecord& check) {
  Journal j;
  j.path = path;
  std::size_t at = 0;
  int line_no = 0;
  bool header = false;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // a torn last line: the point re-runs
    ++line_no;
    json v;
    try {
      v = json::parse(text.begin() + static_cast<std::ptrdiff_t>(at), text.begin() + static_cast<std::ptrdiff_t>(end));
    } catch (const json::exception&) {
      // Only the last line can be torn (one write per line): anything else is damage.
      if (end + 1 == text.size() && header) break;
      if (!header) journal_error(path, line_no, "", "not a simtrain journal or part file (its first line is not JSON)");
      journal_error(path, line_no, "", "a damaged line (not JSON) before the last: the file was changed since simtrain wrote it");
    }
    if (!header) read_header(j, v, line_no);
    else read_record(j, std::move(v), line_no, check);
    header = true;
    at = end + 1;
    j.whole_bytes = at;
  }
  if (!header) journal_error(path, 0, "", "empty: not a simtrain journal or part file");
  return j;
}

Journal read_journal(const std::string& path, const CheckRecord& check) {
  return parse_journal(path, read_input_file(path), check);
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

CheckRecord check_stopping_record(std::function<void(std::size_t, const json&)> read_result) {
  return [read_result = std::move(read_result)](std::size_t i, const json& r) {
    if (r.contains("error"))
      throw std::invalid_argument("point " + std::to_string(i) + " failed when it ran: " + report::stored_error(r));
    if (r.contains("input_error")) return;
    report::result_from_record(r, [&](const json& x) {
      read_result(i, x);
      return 0;
    });
  };
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

std::optional<std::vector<json>> execute_search(std::size_t n, const RunPoint& run_point, const SearchExecution& ex,
                                                const CheckRecord& check) {
  if (!ex.parts.empty()) return merge_parts(n, ex, check);
  ThreadRunner threads(ex.jobs);
  PointRunner& runner = ex.runner ? *ex.runner : threads;
  if (!runner.holds_results()) {  // an MPI worker: runs what rank 0 hands it, keeps nothing
    runner.run({}, time_limited(run_point, ex.max_total_seconds, ex.share.index - 1), [](std::size_t, const json&) {});
    return std::nullopt;
  }

  // The points this process is asked for, less those its journal already holds. The journal's
  // file stays open and locked from here to the end of the run.
  std::vector<std::optional<json>> records(n);
  std::optional<Journal> resumed;
  std::optional<JournalWriter> writer;
  if (!ex.journal.empty()) {
    JournalFile file(ex.journal, ex.resume ? "--resume" : "--journal");
    // An empty file is a journal killed before its header was written: start it again.
    const std::string text = file.read_all();
    if (!text.empty() && !ex.resume)
      journal_error(ex.journal, 0, "--journal", "exists: --resume " + ex.journal +
                                                    " continues it, or remove it to start the search again");
    if (!text.empty()) {
      resumed = parse_journal(ex.journal, text, check);
      check_same_search(*resumed, ex.identity, n, "a journal");
      if (resumed->share.index != ex.share.index || resumed->share.count != ex.share.count)
        journal_error(ex.journal, 1, "share", "is the journal of share " + share_text(resumed->share) +
                                                  ", this run is share " + share_text(ex.share));
      for (auto& [i, r] : resumed->records) records[i] = r;
    }
    writer.emplace(file, ex.journal, header_line(ex.identity, n, ex.share), resumed ? &*resumed : nullptr);
  }
  std::vector<std::size_t> todo;
  std::size_t owned = 0, done_count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!ex.share.owns(i)) continue;
    ++owned;
    if (records[i]) ++done_count;
    else todo.push_back(i);
  }
  if (ex.progress) ex.progress(done_count, owned);

  // Each record as read back from its text: what another process or a journal would give. The
  // line written carries the record's checksum (drive/search.hpp), the record kept does not. A
  // point the time limit left out is not journaled.
  std::size_t cut = 0;
  const PointDone done = [&](std::size_t i, const json& r) {
    json line = r;
    line["checksum"] = record_checksum(ex.identity.fingerprint, r);
    const std::string text = line.dump();
    if (writer && !cut_by_time_limit(r)) writer->append_line(text);
    json back = json::parse(text);
    back.erase("checksum");
    records[i] = std::move(back);
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
