// The data path (sim/scenario/data_path.hpp). The test program runs inside its build folder, so
// its data path ends with the source tree (the development fallback); --data-dir and the
// installed prefix are exercised through the CLI (tests/cli/describe_data_path.t,
// data_dir_system_copy.t, tests/install/install_test.sh).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "scenario/data_path.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
namespace fs = std::filesystem;

namespace {

const fs::path kSrc = SIMTRAIN_TEST_SOURCE_DIR;

bool same_file(const std::string& a, const fs::path& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

// A scratch folder holding a scenario and a system file beside it.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("simtrain_data_path_test_" + std::to_string(::getpid()));
  Scratch() {
    fs::create_directories(dir);
    std::ofstream(dir / "dgx_a100") << "name: a user's own system beside the scenario\n";
    std::ofstream(dir / "devices.yaml") << "link_kinds: {}\n";
  }
  ~Scratch() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("the data path of a development build ends with the source tree", "[data_path]") {
  const auto& roots = data_path::roots();
  REQUIRE(!roots.empty());
  CHECK(roots.back().origin == "source tree, development build");
  CHECK(roots.back().present);
  CHECK(fs::equivalent(roots.back().dir, kSrc));
  // The installed place comes before it: <dir of the executable>/../share/simtrain.
  bool prefix_before = false;
  for (std::size_t i = 0; i + 1 < roots.size(); ++i) prefix_before |= roots[i].origin == "install prefix";
  CHECK(prefix_before);
}

TEST_CASE("shipped files are found by their path under a data folder", "[data_path]") {
  SECTION("topologies/devices.yaml is the source tree's") {
    CHECK(same_file(data_path::find("topologies/devices.yaml"), kSrc / "topologies" / "devices.yaml"));
  }
  SECTION("a file no folder holds: find says so with \"\", require names the folders searched") {
    CHECK(data_path::find("topologies/no_such_catalog.yaml").empty());
    CHECK_THROWS_WITH(data_path::require("topologies/no_such_catalog.yaml"),
                      Catch::Contains("no topologies/no_such_catalog.yaml on the data path") &&
                          Catch::Contains("source tree, development build"));
  }
  SECTION("shown paths are relative to the data folder that holds them") {
    CHECK(data_path::shown((kSrc / "topologies" / "devices.yaml").string()) == "topologies/devices.yaml");
    CHECK(data_path::shown("/nonexistent/x.yaml") == "/nonexistent/x.yaml");
  }
}

TEST_CASE("a name is looked up beside its input file first, then on the data path", "[data_path]") {
  Scratch s;
  const std::string scenario = (s.dir / "scenario.yaml").string();
  SECTION("a system file next to the scenario wins over the shipped one") {
    CHECK(same_file(data_path::find_named(data_path::Kind::system, "dgx_a100", scenario), s.dir / "dgx_a100"));
  }
  SECTION("from the command line (no input file) the shipped one, NAME.yaml") {
    CHECK(same_file(data_path::find_named(data_path::Kind::system, "dgx_a100"), kSrc / "topologies" / "dgx_a100.yaml"));
  }
  SECTION("a catalog beside its system file wins; else topologies/ on the data path") {
    const std::string system = (s.dir / "dgx_a100").string();
    CHECK(same_file(data_path::catalog_file("devices.yaml", system), s.dir / "devices.yaml"));
    CHECK(same_file(data_path::catalog_file("compute.yaml", system), kSrc / "topologies" / "compute.yaml"));
  }
  SECTION("a path (with a '/') is not looked up on the data path") {
    CHECK(data_path::find_named(data_path::Kind::system, "nowhere/dgx_a100").empty());
  }
}

TEST_CASE("a scenario is found by name; a name found nowhere lists the folders and the nearest name", "[data_path]") {
  CHECK(same_file(data_path::scenario_file("8xA100_pcie_switch.yaml"), kSrc / "scenarios" / "8xA100_pcie_switch.yaml"));
  CHECK(same_file(data_path::scenario_file("8xA100_pcie_switch"), kSrc / "scenarios" / "8xA100_pcie_switch.yaml"));
  CHECK_THROWS_WITH(data_path::scenario_file("8xA100_pcie_swich.yaml"),
                    Catch::Contains("no scenario '8xA100_pcie_swich.yaml'") && Catch::Contains("scenarios/ of the data path") &&
                        Catch::Contains("did you mean '8xA100_pcie_switch.yaml'"));
  CHECK_THAT(data_path::not_found(data_path::Kind::system, "dgx_h10", "the scenario"),
             Catch::Contains("next to the scenario") && Catch::Contains("did you mean 'dgx_h100'"));
}

TEST_CASE("the shipped systems are the topologies/ files with devices (no catalogs)", "[data_path]") {
  const auto systems = data_path::shipped_names(data_path::Kind::system);
  CHECK(std::find(systems.begin(), systems.end(), "dgx_a100") != systems.end());
  CHECK(std::find(systems.begin(), systems.end(), "devices") == systems.end());
  CHECK(std::find(systems.begin(), systems.end(), "compute") == systems.end());
  CHECK(std::is_sorted(systems.begin(), systems.end()));
}
