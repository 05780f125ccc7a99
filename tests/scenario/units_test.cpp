#include <catch2/catch.hpp>

#include "scenario/units.hpp"

using namespace simtrain;

TEST_CASE("units: bytes and bits are never confused", "[units]") {
  SECTION("25 GB/s is 25e9 bytes per second") {
    CHECK(parse_quantity("25 GB/s", Dimension::bandwidth) == Approx(25e9));
  }
  SECTION("200 Gb/s (an HDR port) is 25e9 bytes per second") {
    CHECK(parse_quantity("200 Gb/s", Dimension::bandwidth) == Approx(25e9));
  }
  SECTION("binary prefixes are powers of 1024") {
    CHECK(parse_quantity("80 GiB", Dimension::bytes) == 80.0 * 1073741824.0);
    CHECK(parse_quantity("110 KB", Dimension::bytes) == 110e3);
  }
  SECTION("times convert to seconds") {
    CHECK(parse_quantity("2 us", Dimension::time) == Approx(2e-6));
    CHECK(parse_quantity("1.5ms", Dimension::time) == Approx(1.5e-3));
  }
  SECTION("compute and power") {
    CHECK(parse_quantity("312 TFLOPS", Dimension::flops) == Approx(312e12));
    CHECK(parse_quantity("400 W", Dimension::power) == 400.0);
  }
}

TEST_CASE("units: wrong or missing units are errors, never guesses", "[units]") {
  SECTION("a size where a bandwidth is expected") {
    REQUIRE_THROWS_WITH(parse_quantity("25 GB", Dimension::bandwidth),
                        Catch::Contains("bad unit 'GB'") && Catch::Contains("is a size"));
  }
  SECTION("a bare number") {
    REQUIRE_THROWS_WITH(parse_quantity("25", Dimension::bandwidth), Catch::Contains("has no unit"));
  }
  SECTION("Gbps is ambiguous about bits and bytes") {
    REQUIRE_THROWS_WITH(parse_quantity("25 Gbps", Dimension::bandwidth), Catch::Contains("Gb/s"));
  }
  SECTION("negative quantities") {
    REQUIRE_THROWS_AS(parse_quantity("-1 us", Dimension::time), UnitError);
  }
}

TEST_CASE("units: nccl-tests sizes on the command line are binary", "[units]") {
  CHECK(parse_cli_size("8") == 8);
  CHECK(parse_cli_size("64K") == 65536);
  CHECK(parse_cli_size("1G") == 1073741824.0);
  CHECK(parse_cli_size("128MiB") == 128.0 * 1048576);
  CHECK_THROWS_AS(parse_cli_size("1Q"), UnitError);
}

TEST_CASE("units: quantities past a double are errors, not infinities", "[units]") {
  SECTION("1e400 GB does not fit a double as written: refused") {
    CHECK_THROWS_AS(parse_quantity("1e400 GB", Dimension::bytes), UnitError);
  }
  SECTION("1e308 TB fits as written but is 1e320 bytes, past a double: refused, not infinity") {
    CHECK_THROWS_WITH(parse_quantity("1e308 TB", Dimension::bytes), Catch::Contains("too large"));
  }
  SECTION("inf and nan are not numbers of anything") {
    CHECK_THROWS_AS(parse_quantity("inf GB/s", Dimension::bandwidth), UnitError);
    CHECK_THROWS_AS(parse_quantity("nan s", Dimension::time), UnitError);
  }
}
