// Unions of intervals (base/intervals.hpp): the lengths a step split reports. IntervalUnion,
// merged once, must give the same double as union_length for every window, since the run's
// and the profiler trace's splits print them to the last digit.
#include "base/intervals.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace simtrain;

TEST_CASE("intervals: union length of overlapping, touching and clipped pieces", "[base][intervals]") {
  const std::vector<std::pair<double, double>> iv = {{0, 5}, {5, 10}, {8, 12}, {20, 25}, {30, 30}};
  // [0,12) and [20,25): 17; a zero-length piece adds nothing.
  CHECK(union_length(iv, 0.0, 100.0) == 17.0);
  CHECK(union_length(iv, 3.0, 22.0) == 11.0);  // [3,12) + [20,22)
  const IntervalUnion<double> u(iv);
  CHECK(u.length_within(0.0, 100.0) == 17.0);
  CHECK(u.length_within(3.0, 22.0) == 11.0);
  CHECK(u.length_within(12.0, 20.0) == 0.0);  // the gap
  CHECK(u.length_within(40.0, 50.0) == 0.0);  // past every piece
  // A - B, as covered_not_by: communication outside compute.
  const std::vector<std::pair<double, double>> b = {{4, 9}};
  CHECK(covered_not_by(iv, b, 0.0, 100.0) == 12.0);
}

TEST_CASE("intervals: a merged union gives union_length's double for every window", "[base][intervals]") {
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> start(0, 1000), len(0, 30);
  for (int round = 0; round < 50; ++round) {
    std::vector<std::pair<double, double>> iv;
    for (int i = 0; i < 200; ++i) {
      const double s = start(rng);
      iv.emplace_back(s, s + len(rng));
    }
    const IntervalUnion<double> u(iv);
    for (int w = 0; w < 50; ++w) {
      const double lo = start(rng), hi = lo + 4 * len(rng);
      CHECK(u.length_within(lo, hi) == union_length(iv, lo, hi));
    }
  }
}
