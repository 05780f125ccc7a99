// `simtrain validate`: every case of the project's validation/cases.yaml runs and lands within
// its tolerance, so a change that costs accuracy against a public measurement is seen here.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "report/validate.hpp"
#include "scenario/error.hpp"

using namespace simtrain;

TEST_CASE("every validation case lands within its tolerance", "[validate]") {
  const auto cases = report::load_cases(report::default_cases_path());
  REQUIRE(cases.size() >= 25);
  for (const auto& c : cases) {
    INFO(c.key() << ": " << c.what);
    report::ValidationResult r = report::run_case(c);
    INFO("measured " << c.measured << " " << c.unit << ", simulated " << r.simulated << ", error "
                     << r.error * 100 << "%, tolerance " << (c.tolerance ? *c.tolerance * 100 : -1) << "%");
    CHECK(std::isfinite(r.simulated));
    CHECK(r.simulated > 0);
    REQUIRE(c.tolerance.has_value());  // the project's cases all state one
    CHECK(r.within);
  }
}

TEST_CASE("validation cases name their source and are unique", "[validate]") {
  const auto cases = report::load_cases(report::default_cases_path());
  std::set<std::string> keys;
  for (const auto& c : cases) {
    INFO(c.key());
    CHECK(keys.insert(c.key()).second);
    CHECK(c.source.contains("provenance"));
    CHECK(c.source.contains("confidence"));
    CHECK((c.source.contains("url") || (c.source.contains("repo") && c.source.contains("path"))));
    CHECK(c.collective.has_value() != c.scenario.has_value());
  }
}

TEST_CASE("validate: --only selects by id or id/case; the summary counts them", "[validate]") {
  const auto cases = report::load_cases(report::default_cases_path());
  auto by_id = report::run_validation(cases, {"nccl-ar-a100-8gpu-curve-stas00"});
  CHECK(by_id.size() >= 3);
  auto one = report::run_validation(cases, {"nccl-ar-a100-8gpu-curve-stas00/1GiB"});
  REQUIRE(one.size() == 1);
  CHECK(one[0].error == Approx((one[0].simulated - 229.04) / 229.04));
  const auto s = report::summarize(one);
  CHECK(s.cases == 1);
  CHECK(s.median_abs_error == Approx(std::fabs(one[0].error)));
  CHECK_THROWS_AS(report::run_validation(cases, {"no-such-case"}), ScenarioError);
}

TEST_CASE("a bad cases file names file, line, column and key", "[validate][errors]") {
  try {
    report::load_cases(std::string(SIMTRAIN_TEST_DATA) + "/bad_validate_cases.yaml");
    FAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    CHECK(e.line() == 13);
    CHECK(e.col() > 0);
    CHECK_THAT(e.key(), Catch::Contains("sise"));
    CHECK_THAT(e.what(), Catch::Contains("size"));
  }
}
