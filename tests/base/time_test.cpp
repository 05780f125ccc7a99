#include <catch2/catch.hpp>

#include "base/time.hpp"

using namespace simtrain;

TEST_CASE("time: the one rounding function rounds up to whole picoseconds", "[time]") {
  CHECK(duration_for_bytes(1e9, 10e9) == 100'000'000'000LL);  // 0.1 s
  CHECK(duration_for_bytes(1, 3) == 333'333'333'334LL);       // 1/3 s, rounded up
  CHECK(duration_for_bytes(0, 1e9) == 0);
  CHECK(duration_for_bytes(1, 0) == kNever);
}

TEST_CASE("time: the remaining share of re-timed work rounds up", "[time]") {
  CHECK(remaining_duration(0.5, 200) == 100);
  CHECK(remaining_duration(0.0, 7) == 7);
  CHECK(remaining_duration(1.0, 7) == 0);
  CHECK(remaining_duration(1.0 / 3.0, 10) == 7);  // 6.67 ps rounds up
}
