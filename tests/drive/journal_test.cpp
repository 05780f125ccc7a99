// Journals and part files read back as input from elsewhere (drive/search.hpp, report/
// search_record.hpp): a record edited after simtrain wrote
// it fails its checksum; a record resealed with a valid checksum still has every figure
// range-checked as simtrain writes it; a stored failure is reported as the point's, escaped; a
// second header is another run's; the journal's file is never a link, a FIFO or a folder, and
// one run at a time holds it.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "drive/search.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
using nlohmann::json;

namespace {

namespace fs = std::filesystem;

// A plan-like search of 2 points whose record is a simulated layout's figures.
struct PlanJournal {
  fs::path dir;
  std::string scenario;
  PlanJournal() {
    dir = fs::temp_directory_path() / ("simtrain_journal_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    scenario = (dir / "plan.yaml").string();
    std::ofstream(scenario) << "name: plan\n";
  }
  ~PlanJournal() { fs::remove_all(dir); }
  std::string file(const std::string& name) const { return (dir / name).string(); }
  drive::SearchExecution exec() const {
    drive::SearchExecution ex;
    ex.jobs = 1;
    ex.identity = drive::search_identity({{"command", "plan"}}, scenario, "simtrain test");
    return ex;
  }
  // 16 GPUs, 2 s a step of 16 samples x 2048 tokens, MFU 0.45: a layout as plan writes it.
  static json result() {
    train::RunResult r;
    r.gpus = 16;
    r.step_time_s = 2.0;
    r.samples_per_s = 8.0;
    r.tokens_per_s = 16384.0;
    r.mfu = 0.45;
    r.bubble_s = 0.25;
    r.comm_exposed_s = 0.1;
    r.memory_peak_bytes = 60e9;
    r.memory_peak_at = "bwd mb0 b31";
    return report::plan_result_to_json(r);
  }
  static drive::RunPoint run_point() {
    return [](std::size_t i) { return drive::point_outcome(i, [] { return result(); }); };
  }
  static drive::CheckRecord check() {
    return drive::check_stopping_record([](std::size_t, const json& r) { report::plan_result_from_json(r); });
  }
  // The journal's lines.
  static std::vector<json> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<json> out;
    for (std::string l; std::getline(in, l);) out.push_back(json::parse(l));
    return out;
  }
  static void write(const std::string& path, const std::vector<json>& lines) {
    std::ofstream out(path, std::ios::trunc);
    for (const json& l : lines) out << l.dump() << "\n";
  }
  // A whole journal, then point 0's record changed by `edit` and resealed when asked.
  std::string edited(const std::function<void(json&)>& edit, bool reseal) {
    drive::SearchExecution ex = exec();
    ex.journal = file(reseal ? "resealed.jsonl" : "edited.jsonl");
    fs::remove(ex.journal);
    drive::execute_search(2, run_point(), ex, check());
    std::vector<json> l = lines(ex.journal);
    json& rec = l[1]["point"] == 0 ? l[1] : l[2];
    edit(rec);
    if (reseal) rec["checksum"] = drive::record_checksum(l[0]["fingerprint"].get<std::string>(), rec);
    write(ex.journal, l);
    return ex.journal;
  }
  std::string read_error(const std::string& path) {
    try {
      drive::read_journal(path, check());
    } catch (const ScenarioError& e) {
      return e.what();
    }
    return "no error";
  }
};

}  // namespace

TEST_CASE("journal: an edited record fails its checksum, at its file and line", "[journal]") {
  PlanJournal t;
  // The step of 2 s set to -1 s by hand, the checksum left as simtrain wrote it.
  const std::string path = t.edited([](json& r) { r["result"]["step_time_s"] = -1; }, false);
  CHECK(t.read_error(path) == path + ":2: error: the record's checksum does not match its content (edited or damaged)");
  // A record carried over from another search's file: its checksum was of that search.
  std::vector<json> l = PlanJournal::lines(path);
  l[1]["result"]["step_time_s"] = 2.0;
  l[1]["checksum"] = drive::record_checksum("0123456789abcdef", l[1]);
  PlanJournal::write(path, l);
  CHECK_THAT(t.read_error(path), Catch::Contains(":2: error: the record's checksum does not match"));
}

TEST_CASE("journal: a resealed record's figures are range-checked as simtrain writes them", "[journal]") {
  PlanJournal t;
  const auto error_of = [&](const std::function<void(json&)>& edit) { return t.read_error(t.edited(edit, true)); };
  const std::string at = t.file("resealed.jsonl") + ":2: error: ";
  SECTION("a step takes a positive time: -1 s and 0 s are refused (turn 3 ranked them first)") {
    CHECK(error_of([](json& r) { r["result"]["step_time_s"] = -1; }) ==
          at + "'result.step_time_s': expected a positive number of seconds, got -1");
    CHECK(error_of([](json& r) { r["result"]["step_time_s"] = 0; }) ==
          at + "'result.step_time_s': expected a positive number of seconds, got 0");
    CHECK(error_of([](json& r) { r["result"]["step_time_s"] = "nan"; }) ==
          at + "'result.step_time_s': expected a positive number of seconds, got \"nan\"");
  }
  SECTION("a figure is a number: the text \"fast\" where the step time belongs is refused") {
    CHECK(error_of([](json& r) { r["result"]["step_time_s"] = "fast"; }) ==
          at + "'result.step_time_s': expected a positive number of seconds, got \"fast\"");
  }
  SECTION("MFU is achieved over peak FLOP/s: 1.5 is refused") {
    CHECK(error_of([](json& r) { r["result"]["mfu"] = 1.5; }) ==
          at + "'result.mfu': expected a fraction from 0 to 1, got 1.5");
  }
  SECTION("a layout runs on whole GPUs, at least one: 0, 2.5 and a missing count are refused") {
    CHECK_THAT(error_of([](json& r) { r["result"]["gpus"] = 0; }),
               Catch::Contains("'result.gpus': expected a whole number from 1 to"));
    CHECK_THAT(error_of([](json& r) { r["result"]["gpus"] = 2.5; }), Catch::Contains("got 2.5"));
    CHECK_THAT(error_of([](json& r) { r["result"].erase("gpus"); }), Catch::Contains(at + "'result.gpus': missing"));
  }
  SECTION("bubble and exposed communication are parts of a step: >= 0") {
    CHECK_THAT(error_of([](json& r) { r["result"]["bubble_s"] = -0.5; }),
               Catch::Contains("'result.bubble_s': expected a number of seconds >= 0, got -0.5"));
  }
  SECTION("a point that failed when it ran is reported as the point's failure, control bytes as '?'") {
    CHECK(error_of([](json& r) {
            r.erase("result");
            r["internal_error"] = "the disk is on fire \x1b]0;owned\x07";
          }) == at + "point 0 failed when it ran: the disk is on fire ?]0;owned?");
    // A plan stops at a point the simulator refused: the same words, at the record.
    CHECK(error_of([](json& r) {
            r.erase("result");
            r["error"] = "tp 3 does not divide 32 heads";
          }) == at + "point 0 failed when it ran: tp 3 does not divide 32 heads");
  }
  SECTION("unedited, the journal reads back with its records") {
    const drive::Journal j = drive::read_journal(t.edited([](json&) {}, true), PlanJournal::check());
    CHECK(j.records.size() == 2);
    CHECK_FALSE(j.records.at(0).contains("checksum"));  // kept without it
  }
}

TEST_CASE("journal: a sweep or advise result's figures are checked field by field", "[journal]") {
  // An 8-GPU ResNet-50 point: 40 ms a step of 8 x 64 samples, 12,600 samples/s, MFU 0.125.
  train::RunResult r;
  r.scenario = "resnet";
  r.gpus = 8;
  r.step_time_s = 0.04;
  r.samples_per_s = 12600;
  r.mfu = 0.125;
  r.memory_peak_bytes = 4e9;
  r.memory_capacity_bytes = 80e9;
  r.batch_per_gpu = 64;
  r.grad_accumulation = 1;
  train::ErrorBand b;
  b.inside_median = 0.5;
  b.inside_p90 = 0.9;
  r.error_bands = {b};
  const json good = report::sweep_result_to_json(r);
  CHECK_NOTHROW(report::sweep_result_from_json(good));
  const auto key_of = [&](const std::function<void(json&)>& edit) {
    json j = good;
    edit(j);
    try {
      report::result_from_record(json{{"point", 0}, {"result", j}}, report::sweep_result_from_json);
    } catch (const report::RecordError& e) {
      return e.key() + ": " + e.message();
    }
    return std::string("no error");
  };
  // A batch is a whole number of samples, at least one.
  CHECK(key_of([](json& j) { j["batch_per_gpu"] = 0; }) ==
        "result.batch_per_gpu: expected a whole number from 1 to 9223372036854775807, got 0");
  // A band's coverage is a share of its cases: 1.2 is refused, and the error names the band.
  CHECK(key_of([](json& j) { j["error_bands"][0]["inside_median"] = 1.2; }) ==
        "result.error_bands[0].inside_median: expected a fraction from 0 to 1, got 1.2");
  // Energy and prices per step are >= 0; a rent of -1 $ is refused.
  CHECK(key_of([](json& j) { j["rent_per_step"] = -1; }) == "result.rent_per_step: expected a number >= 0, got -1");
  // A record without its result.
  CHECK_THROWS_WITH(report::result_from_record(json{{"point", 0}}, report::sweep_result_from_json),
                    Catch::Contains("field 'result': missing"));
  // Text is printed as it reads back: an escape sequence in a bottleneck shows as '?'.
  json j = good;
  j["bottleneck"] = "compute\x1b[31m";
  CHECK(report::sweep_result_from_json(j).bottleneck == "compute?[31m");
}

TEST_CASE("journal: a second header is another run's records; a version 1 file is refused", "[journal]") {
  PlanJournal t;
  drive::SearchExecution ex = t.exec();
  ex.journal = t.file("one.jsonl");
  drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check());
  // Two runs appended to one file (what happened before the lock): line 4 is the second header.
  std::vector<json> l = PlanJournal::lines(ex.journal);
  std::vector<json> two = l;
  two.insert(two.end(), l.begin(), l.end());
  PlanJournal::write(t.file("two.jsonl"), two);
  CHECK(t.read_error(t.file("two.jsonl")) ==
        t.file("two.jsonl") + ":4: error: a second header: another run's records are in this journal");
  // A journal of the format before checksums.
  l[0]["simtrain_journal"] = 1;
  PlanJournal::write(t.file("old.jsonl"), {l[0]});
  CHECK_THAT(t.read_error(t.file("old.jsonl")), Catch::Contains(":1: error: 'simtrain_journal': written by an older simtrain"));
}

TEST_CASE("journal: its file is never a link, a FIFO or a folder, and one run holds it", "[journal]") {
  PlanJournal t;
  drive::SearchExecution ex = t.exec();
  SECTION("a dangling link is refused and its target never made") {
    fs::create_symlink(t.file("target"), t.file("link.jsonl"));
    ex.journal = t.file("link.jsonl");
    CHECK_THROWS_WITH(drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check()),
                      Catch::Contains("'--journal': " + ex.journal + " is a symbolic link"));
    CHECK_FALSE(fs::exists(t.file("target")));
    ex.resume = true;
    CHECK_THROWS_WITH(drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check()),
                      Catch::Contains("'--resume': " + ex.journal + " is a symbolic link"));
  }
  SECTION("a FIFO is refused at once, never waited on") {
    REQUIRE(::mkfifo(t.file("fifo.jsonl").c_str(), 0600) == 0);
    ex.journal = t.file("fifo.jsonl");
    for (bool resume : {false, true}) {
      ex.resume = resume;
      CHECK_THROWS_WITH(drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check()),
                        Catch::Contains("not a regular file (a FIFO)"));
    }
  }
  SECTION("a folder is refused") {
    fs::create_directories(t.file("dir.jsonl"));
    ex.journal = t.file("dir.jsonl");
    CHECK_THROWS_WITH(drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check()),
                      Catch::Contains("not a regular file (a folder)"));
  }
  SECTION("while a run writes its journal, a second run on it, new or resumed, is refused") {
    ex.journal = t.file("held.jsonl");
    std::string second_new, second_resume;
    const drive::RunPoint during = [&](std::size_t i) {
      if (i == 0) {
        drive::SearchExecution other = ex;
        for (bool resume : {false, true}) {
          other.resume = resume;
          try {
            drive::execute_search(2, PlanJournal::run_point(), other, PlanJournal::check());
          } catch (const ScenarioError& e) {
            (resume ? second_resume : second_new) = e.what();
          }
        }
      }
      return PlanJournal::run_point()(i);
    };
    REQUIRE(drive::execute_search(2, during, ex, PlanJournal::check()));
    CHECK_THAT(second_new, Catch::Contains("'--journal': another simtrain run holds " + ex.journal));
    CHECK_THAT(second_resume, Catch::Contains("'--resume': another simtrain run holds " + ex.journal));
    // The lock ends with the run: the journal resumes, every point already in it.
    ex.resume = true;
    CHECK(drive::execute_search(2, PlanJournal::run_point(), ex, PlanJournal::check()));
    CHECK(PlanJournal::lines(ex.journal).size() == 1 + 2);
  }
}
