// The seam between a search and where its points run (drive/search.hpp), on a toy search whose
// point i's record is {"point": i, "square": i*i}: a share holds every N-th point, shares
// merged give the whole search's records, a journal resumed after a kill skips what it holds
// and drops a torn last line, files of another search are refused; the launch rules; the
// record form of report/search_record.hpp; the progress line of report/progress.hpp.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>

#include <unistd.h>

#include "drive/search.hpp"
#include "report/progress.hpp"
#include "report/search_record.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
using nlohmann::json;

namespace {

namespace fs = std::filesystem;

struct Toy {
  fs::path dir;
  std::string scenario;
  std::atomic<int> runs{0};
  Toy() {
    dir = fs::temp_directory_path() / ("simtrain_search_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    scenario = (dir / "toy.yaml").string();
    std::ofstream(scenario) << "name: toy\n";
  }
  ~Toy() { fs::remove_all(dir); }
  std::string file(const std::string& name) const { return (dir / name).string(); }
  drive::SearchIdentity id(const std::string& which = "a") const {
    return drive::search_identity({{"command", "toy"}, {"which", which}}, scenario, "simtrain test");
  }
  drive::RunPoint run_point() {
    return [this](std::size_t i) {
      ++runs;
      json r = drive::point_record(i);
      r["square"] = i * i;
      return r;
    };
  }
  drive::SearchExecution exec() const {
    drive::SearchExecution ex;
    ex.jobs = 2;
    ex.identity = id();
    return ex;
  }
};

std::size_t lines(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string l; std::getline(in, l);) ++n;
  return n;
}

}  // namespace

TEST_CASE("search: 10 points in 3 shares, merged, are the whole search's records", "[search]") {
  Toy t;
  const auto whole = drive::execute_search(10, t.run_point(), t.exec());
  REQUIRE(whole);
  REQUIRE(whole->size() == 10);
  CHECK((*whole)[7]["square"] == 49);

  std::vector<std::string> parts;
  for (std::size_t k = 1; k <= 3; ++k) {
    drive::SearchExecution ex = t.exec();
    ex.share = {k, 3};
    ex.journal = t.file("part" + std::to_string(k));
    // A share holds no ranking of its own.
    CHECK_FALSE(drive::execute_search(10, t.run_point(), ex));
    parts.push_back(ex.journal);
  }
  // Points 0,3,6,9 | 1,4,7 | 2,5,8: one header line each, then its points.
  CHECK(lines(parts[0]) == 1 + 4);
  CHECK(lines(parts[1]) == 1 + 3);
  CHECK(lines(parts[2]) == 1 + 3);

  drive::SearchExecution merge = t.exec();
  merge.parts = {parts[2], parts[0], parts[1]};  // in any order
  const int before = t.runs;
  const auto merged = drive::execute_search(10, t.run_point(), merge);
  CHECK(t.runs == before);  // a merge runs nothing
  REQUIRE(merged);
  CHECK(*merged == *whole);

  SECTION("a share given twice is refused") {
    merge.parts = {parts[0], parts[1], parts[1], parts[2]};
    CHECK_THROWS_WITH(drive::execute_search(10, t.run_point(), merge), Catch::Contains("share 2/3 is given twice"));
  }
  SECTION("a missing share is refused with its points, or ranked as not run when allowed") {
    merge.parts = {parts[0], parts[2]};
    CHECK_THROWS_WITH(drive::execute_search(10, t.run_point(), merge),
                      Catch::Contains("3 of 10 points are in no part: 1, 4, 7") && Catch::Contains("2/3"));
    merge.allow_missing = true;
    const auto partial = drive::execute_search(10, t.run_point(), merge);
    REQUIRE(partial);
    CHECK((*partial)[4]["error"] == "not run: in no part merged");
    CHECK((*partial)[5] == (*whole)[5]);
  }
  SECTION("parts of another search are refused, saying what differs") {
    merge.identity = t.id("b");
    CHECK_THROWS_WITH(drive::execute_search(10, t.run_point(), merge),
                      Catch::Contains("of another search") && Catch::Contains("which is \"a\""));
  }
  SECTION("a part of another scenario file is refused") {
    std::ofstream(t.scenario) << "name: toy2\n";
    merge.identity = t.id();
    CHECK_THROWS_WITH(drive::execute_search(10, t.run_point(), merge), Catch::Contains("scenario file's contents differ"));
  }
}

TEST_CASE("search: a journal cut by a kill resumes with only the missing points", "[search]") {
  Toy t;
  const auto whole = drive::execute_search(12, t.run_point(), t.exec());
  drive::SearchExecution ex = t.exec();
  ex.journal = t.file("journal");
  REQUIRE(drive::execute_search(12, t.run_point(), ex) == whole);

  // Keep the header and 5 records, and half of the 6th: what a kill during a write leaves.
  std::ifstream in(ex.journal);
  std::string text, l;
  for (int k = 0; k < 6 && std::getline(in, l); ++k) text += l + "\n";
  std::getline(in, l);
  text += l.substr(0, l.size() / 2);
  in.close();
  std::ofstream(ex.journal, std::ios::trunc) << text;

  ex.resume = true;
  t.runs = 0;
  const auto resumed = drive::execute_search(12, t.run_point(), ex);
  CHECK(t.runs == 12 - 5);  // the torn point runs again
  REQUIRE(resumed);
  CHECK(*resumed == *whole);
  CHECK(lines(ex.journal) == 1 + 12);  // the torn line is gone, every point once
  const drive::Journal j = drive::read_journal(ex.journal);
  CHECK(j.records.size() == 12);

  SECTION("a new --journal over a file with points is refused") {
    ex.resume = false;
    CHECK_THROWS_WITH(drive::execute_search(12, t.run_point(), ex), Catch::Contains("--resume"));
  }
  SECTION("resuming another search's journal is refused") {
    ex.identity = t.id("b");
    CHECK_THROWS_AS(drive::execute_search(12, t.run_point(), ex), ScenarioError);
  }
  SECTION("resuming with --resume on an absent file starts it") {
    ex.journal = t.file("fresh");
    CHECK(drive::execute_search(12, t.run_point(), ex) == whole);
  }
}

TEST_CASE("search: a damaged journal line other than the last is an error at its line", "[search]") {
  Toy t;
  drive::SearchExecution ex = t.exec();
  ex.journal = t.file("journal");
  drive::execute_search(4, t.run_point(), ex);
  std::ifstream in(ex.journal);
  std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  std::ofstream(ex.journal, std::ios::trunc) << "{\"simtrain_journal\": 1\n" << rest;
  CHECK_THROWS_WITH(drive::read_journal(ex.journal), Catch::Contains(":1: error"));
}

TEST_CASE("search: --shard K/N", "[search]") {
  CHECK(drive::parse_share("2/3").index == 2);
  CHECK(drive::parse_share("2/3").count == 3);
  CHECK(drive::parse_share("1/1").whole());
  CHECK_THROWS_WITH(drive::parse_share("4/3"), Catch::Contains("share 4 of 3 does not exist"));
  CHECK_THROWS_WITH(drive::parse_share("0/3"), Catch::Contains("expected K/N"));
  CHECK_THROWS_WITH(drive::parse_share("a/b"), Catch::Contains("expected K/N"));
  CHECK_THROWS_WITH(drive::parse_share("3"), Catch::Contains("expected K/N"));
  // Point i is in share (i mod N) + 1: every N-th point, cheap and dear ones mixed.
  const drive::Share s{2, 3};
  CHECK(s.owns(1));
  CHECK(s.owns(4));
  CHECK_FALSE(s.owns(3));
  CHECK(drive::point_ranges({1, 2, 3, 7, 9, 10}) == "1-3, 7, 9-10");
}

TEST_CASE("search: the launch rules", "[search]") {
  auto env = [](std::map<std::string, std::string> vars) {
    return drive::launcher_tasks([vars](const char* v) -> const char* {
      auto it = vars.find(v);
      return it == vars.end() ? nullptr : it->second.c_str();
    });
  };
  // No launcher, or a Slurm batch script's own process: one process, MPI build or not.
  CHECK_FALSE(drive::plan_launch(env({}), true).mpi);
  CHECK(drive::plan_launch(env({{"SLURM_NTASKS", "8"}}), false).error.empty());
  CHECK(drive::plan_launch(env({{"OMPI_COMM_WORLD_SIZE", "1"}}), false).error.empty());
  // mpirun -n 3: an MPI job when built with MPI; a non-MPI build refuses (it would run the search 3 times).
  const drive::Launch mpirun = env({{"OMPI_COMM_WORLD_SIZE", "3"}, {"OMPI_COMM_WORLD_RANK", "0"}});
  CHECK(mpirun.tasks == 3);
  CHECK(drive::plan_launch(mpirun, true).mpi);
  CHECK_THAT(drive::plan_launch(mpirun, false).error, Catch::Contains("built without MPI"));
  // srun -n 3 without PMI: no process manager to join the tasks.
  const drive::Launch srun = env({{"SLURM_STEP_NUM_TASKS", "3"}, {"SLURM_PROCID", "1"}});
  CHECK_THAT(drive::plan_launch(srun, true).error, Catch::Contains("no MPI process manager") && Catch::Contains("mpirun -n 3"));
  CHECK(drive::plan_launch(env({{"SLURM_STEP_NUM_TASKS", "3"}, {"PMIX_RANK", "1"}}), true).mpi);
}

TEST_CASE("search records: a double reads back to the same bits, infinities and NaN included", "[search]") {
  for (double v : {0.1, 1.0 / 3, 6.02214076e23, 5e-324, -0.0, 1e308}) {
    const json j = json::parse(json{{"v", report::number_to_json(v)}}.dump());
    CHECK(std::signbit(report::number_from_json(j["v"], "v")) == std::signbit(v));
    CHECK(report::number_from_json(j["v"], "v") == v);
  }
  CHECK(std::isinf(report::number_from_json(report::number_to_json(std::numeric_limits<double>::infinity()), "v")));
  CHECK(std::isnan(report::number_from_json(report::number_to_json(std::nan("")), "v")));
  CHECK_THROWS_AS(report::number_from_json(json("seven"), "v"), std::invalid_argument);
  // An input error keeps its place and its quoted line.
  const ScenarioError e("s.yaml", 3, 5, "nodes", "expected a whole number", "nodes: two");
  const ScenarioError back = report::scenario_error_from_json(json::parse(report::scenario_error_to_json(e).dump()));
  CHECK(std::string(back.what()) == e.what());
}

TEST_CASE("search records: a plan layout and a validation case read back field for field", "[search]") {
  // A simulated layout: every figure the plan table and the search read, non-finite included.
  train::RunResult r;
  r.gpus = 16;
  r.step_time_s = 1.0 / 3;
  r.samples_per_s = 47.99999999999999;
  r.tokens_per_s = 196607.99999999997;
  r.mfu = 0.3471234567890123;
  r.bubble_s = 0.0625;
  r.comm_exposed_s = 5e-324;
  r.memory_peak_bytes = 27271827456.5;
  r.memory_peak_at = "stage 0 backward";
  r.oom = true;
  const train::RunResult p = report::plan_result_from_json(json::parse(report::plan_result_to_json(r).dump()));
  CHECK(p.gpus == r.gpus);
  CHECK(p.step_time_s == r.step_time_s);
  CHECK(p.samples_per_s == r.samples_per_s);
  CHECK(p.tokens_per_s == r.tokens_per_s);
  CHECK(p.mfu == r.mfu);
  CHECK(p.bubble_s == r.bubble_s);
  CHECK(p.comm_exposed_s == r.comm_exposed_s);
  CHECK(p.memory_peak_bytes == r.memory_peak_bytes);
  CHECK(p.memory_peak_at == r.memory_peak_at);
  CHECK(p.oom);
  CHECK_THROWS_AS(report::plan_result_from_json(json{{"gpus", 1}}), std::invalid_argument);

  // A case's outcome; the case itself comes from the cases file, not the record.
  report::ValidationCase c;
  c.id = "nccl-ar";
  c.measured = 230;
  report::ValidationResult v;
  v.c = c;
  v.simulated = 228.00000000000003;
  v.error = (v.simulated - c.measured) / c.measured;
  v.within = false;
  v.detail = "ring/Simple";
  v.gpu = "NVIDIA A100-SXM4-80GB";
  v.gpu_arch = "ampere";
  const report::ValidationResult w =
      report::validation_result_from_json(json::parse(report::validation_result_to_json(v).dump()), c);
  CHECK(w.c.id == "nccl-ar");
  CHECK(w.simulated == v.simulated);
  CHECK(w.error == v.error);
  CHECK(w.within == v.within);
  CHECK(w.detail == v.detail);
  CHECK(w.gpu == v.gpu);
  CHECK(w.gpu_arch == v.gpu_arch);
}

TEST_CASE("progress line: points, rate, time left", "[search]") {
  // 40 of 100 points in 10 s: 4 points/s, 60 left take 15 s.
  CHECK(report::progress_line(40, 100, 0, 10) == "[############                  ] 40/100 points  4.0/s  0:15 left");
  // 20 resumed points do not count in the rate: 20 run in 10 s, 2/s, 60 left take 30 s.
  CHECK(report::progress_line(40, 100, 20, 10) == "[############                  ] 40/100 points  2.0/s  0:30 left");
  CHECK(report::progress_line(0, 100, 0, 0) == "[                              ] 0/100 points  -/s  ? left");
  CHECK(report::progress_line(100, 100, 0, 3725) == "[##############################] 100/100 points  1.6/min  1:02:05 in all");
  CHECK(report::clock_text(59.6) == "1:00");
}

TEST_CASE("search: --max-total-seconds ranks the points done and lists the rest as not run", "[search]") {
  // A search of 10 points that each take 2 ms, limited to 1 us: the first point always runs,
  // none starts after the limit. With one thread that is point 0 alone; with four, the points
  // the other threads took before the limit (at most one each) also count. Either way every
  // record is a result or the time limit's, the count says how many are the latter, and none
  // of those is journaled (a --resume runs them).
  Toy t;
  auto slow = [&t](std::size_t i) {
    usleep(2000);
    return t.run_point()(i);
  };
  for (unsigned jobs : {1u, 4u}) {
    SECTION(std::to_string(jobs) + " thread(s)") {
      drive::SearchExecution ex = t.exec();
      ex.jobs = jobs;
      ex.max_total_seconds = 1e-6;
      ex.journal = t.file("limited.jsonl");
      std::size_t cut = 0;
      ex.not_run_by_time_limit = &cut;
      const auto recs = drive::execute_search(10, slow, ex);
      REQUIRE(recs);
      REQUIRE(recs->size() == 10);
      CHECK(recs->at(0).contains("square"));
      std::size_t not_run = 0;
      for (const json& r : *recs) {
        if (r.contains("square")) continue;
        CHECK(r.at("error") == drive::kNotRunTimeLimit);
        ++not_run;
      }
      CHECK(not_run == cut);
      CHECK(cut >= 10 - jobs);
      if (jobs == 1) CHECK(cut == 9);
      CHECK(lines(ex.journal) == 1 + (10 - cut));  // the header and the points run
    }
  }
}
