// `simtrain validate`: every case of the project's validation/cases.yaml runs and lands within
// its tolerance, so a change that costs accuracy against a public measurement is seen here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <cmath>
#include <set>

#include "drive/validate.hpp"
#include "scenario/error.hpp"

using namespace simtrain;

TEST_CASE("every validation case lands within its tolerance", "[validate]") {
  const auto cases = drive::load_cases(drive::default_cases_path());
  REQUIRE(cases.size() >= 25);
  for (const auto& c : cases) {
    INFO(c.key() << ": " << c.what);
    report::ValidationResult r = drive::run_case(c);
    INFO("measured " << c.measured << " " << c.unit << ", simulated " << r.simulated << ", error "
                     << r.error * 100 << "%, tolerance " << (c.tolerance ? *c.tolerance * 100 : -1) << "%");
    CHECK(std::isfinite(r.simulated));
    CHECK(r.simulated > 0);
    REQUIRE((c.tolerance.has_value() || !c.bound.empty()));  // the project's cases all state one
    CHECK(r.within);
  }
}

TEST_CASE("validation cases name their source and are unique", "[validate]") {
  const auto cases = drive::load_cases(drive::default_cases_path());
  std::set<std::string> keys;
  for (const auto& c : cases) {
    INFO(c.key());
    CHECK(keys.insert(c.key()).second);
    CHECK(c.source.contains("provenance"));
    CHECK(c.source.contains("confidence"));
    CHECK((c.source.contains("url") || (c.source.contains("repo") && c.source.contains("path"))));
    CHECK(int(c.collective.has_value()) + int(c.scenario.has_value()) + int(c.gemm.has_value()) == 1);
    CHECK(!c.category.empty());
  }
}

TEST_CASE("validate: --only selects by id or id/case, the summary counts them", "[validate]") {
  const auto cases = drive::load_cases(drive::default_cases_path());
  auto by_id = drive::run_validation(cases, {"nccl-ar-a100-8gpu-curve-stas00"});
  CHECK(by_id.size() >= 3);
  auto one = drive::run_validation(cases, {"nccl-ar-a100-8gpu-curve-stas00/1GiB"});
  REQUIRE(one.size() == 1);
  CHECK(one[0].error == Approx((one[0].simulated - 229.04) / 229.04));
  const auto s = report::summarize(one);
  CHECK(s.cases == 1);
  CHECK(s.median_abs_error == Approx(std::fabs(one[0].error)));
  CHECK_THROWS_AS(drive::run_validation(cases, {"no-such-case"}), ScenarioError);
}

TEST_CASE("a bad cases file names file, line, column and key", "[validate][errors]") {
  try {
    drive::load_cases(std::string(SIMTRAIN_TEST_DATA) + "/bad_validate_cases.yaml");
    FAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    CHECK(e.line() == 13);
    CHECK(e.col() > 0);
    CHECK_THAT(e.key(), Catch::Contains("sise"));
    CHECK_THAT(e.what(), Catch::Contains("size"));
  }
}

TEST_CASE("validate: a bound holds or not, and takes no tolerance", "[validate]") {
  auto write = [&](const std::string& body) {
    const std::string path = (std::filesystem::temp_directory_path() / "simtrain_bound_cases.yaml").string();
    std::ofstream(path) << body;
    return path;
  };
  const std::string head = R"(cases:
- id: t
  source: {url: https://example.org, provenance: vendor, confidence: high}
  what: Llama-2-7B FSDP on 8x A100-80GB, largest batch
  scenario: {file: )" + std::string(SIMTRAIN_TEST_SOURCE_DIR) + R"(/scenarios/8xA100_llama2_7b_fsdp.yaml, report: memory, field: largest_batch.0.largest_batch_per_gpu}
)";
  // The shipped setup (FULL_SHARD + checkpointing) fits far more than one sample and far less than 1000.
  auto low = drive::load_cases(write(head + "  measured: {value: 1, unit: samples/GPU, bound: at_least}\n"));
  CHECK(drive::run_case(low.at(0)).within);
  auto high = drive::load_cases(write(head + "  measured: {value: 1000, unit: samples/GPU, bound: at_least}\n"));
  CHECK_FALSE(drive::run_case(high.at(0)).within);
  CHECK_THROWS_WITH(
      drive::load_cases(write(head + "  measured: {value: 1, unit: samples/GPU, bound: at_least}\n  tolerance: 0.1\n")),
      Catch::Contains("takes no tolerance"));
}
