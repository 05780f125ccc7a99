#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "scenario/yaml_doc.hpp"
#include "topo/cluster.hpp"

using namespace simtrain;

namespace {
ScenarioError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
const std::string kData = SIMTRAIN_TEST_DATA;
}  // namespace

TEST_CASE("yaml errors name file, line, column and key", "[errors]") {
  SECTION("an unknown key is an error with a suggestion") {
    auto doc = YamlDoc::parse("link:\n  bandwidth: 25 GB/s\n  latncy: 2 us\n", "t.yaml");
    ScenarioError e = error_of([&] { root_field(doc).at("link").check_keys({"bandwidth", "latency"}); });
    CHECK(e.line() == 3);
    CHECK(e.col() == 3);
    CHECK(e.key() == "link.latncy");
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'latency'"));
  }
  SECTION("a bad unit points at the value") {
    auto doc = YamlDoc::parse("link:\n  bandwidth: 25 GB\n", "t.yaml");
    ScenarioError e = error_of([&] { root_field(doc).at("link").at("bandwidth").as_quantity(Dimension::bandwidth); });
    CHECK(e.line() == 2);
    CHECK(e.col() == 14);
    CHECK(e.key() == "link.bandwidth");
  }
  SECTION("a missing file") {
    ScenarioError e = error_of([] { YamlDoc::load("/nonexistent/simtrain.yaml"); });
    CHECK(e.file() == "/nonexistent/simtrain.yaml");
    CHECK_THAT(e.what(), Catch::Contains("cannot open file"));
  }
  SECTION("a YAML syntax error") {
    ScenarioError e = error_of([] { YamlDoc::parse("a: [1, 2\nb: 3\n", "s.yaml"); });
    CHECK(e.line() >= 1);
    CHECK_THAT(e.what(), Catch::Contains("YAML syntax error"));
  }
}

TEST_CASE("bad system files are rejected with their position", "[errors][topo]") {
  SECTION("unknown key in a link") {
    ScenarioError e = error_of([] { topo::load_system(kData + "/bad_unknown_key.yaml"); });
    CHECK(e.line() == 6);
    CHECK(e.key() == "links[0].cuont");
  }
  SECTION("a size where a bandwidth belongs, in the catalog") {
    ScenarioError e = error_of([] { topo::load_system(kData + "/bad_unit.yaml"); });
    CHECK_THAT(e.file(), Catch::EndsWith("bad_catalog.yaml"));
    CHECK(e.line() == 4);
    CHECK(e.key() == "link_kinds.pcie4x16.bandwidth");
  }
  SECTION("unknown GPU model, with a suggestion") {
    ScenarioError e = error_of([] { topo::load_system(kData + "/bad_model.yaml"); });
    CHECK(e.line() == 4);
    CHECK_THAT(e.what(), Catch::Contains("did you mean 'a100_sxm4_80gb'"));
  }
  SECTION("unknown link kind") {
    ScenarioError e = error_of([] { topo::load_system(kData + "/bad_link_kind.yaml"); });
    CHECK(e.line() == 6);
    CHECK_THAT(e.what(), Catch::Contains("unknown link kind 'pcie4x8'"));
  }
  SECTION("GPUs that no path connects") {
    ScenarioError e = error_of([] { topo::load_system(kData + "/bad_unconnected.yaml"); });
    CHECK(e.line() == 6);
    CHECK_THAT(e.what(), Catch::Contains("no path connects"));
  }
}

TEST_CASE("load_shared parses a text once and an edited file afresh", "[scenario]") {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("simtrain_load_shared_" + std::to_string(::getpid()) + ".yaml")).string();
  auto write = [&](const std::string& text) { std::ofstream(path, std::ios::binary) << text; };
  write("a: 1\n");
  const auto first = simtrain::YamlDoc::load_shared(path);
  CHECK(simtrain::YamlDoc::load_shared(path) == first);  // same text: the same document
  write("a: 2\n");
  const auto second = simtrain::YamlDoc::load_shared(path);
  CHECK(second != first);
  CHECK(second->root()["a"].as<int>() == 2);
  CHECK(first->root()["a"].as<int>() == 1);  // documents already handed out stay as they were
  write("a: [\n");
  CHECK_THROWS_AS(simtrain::YamlDoc::load_shared(path), simtrain::ScenarioError);  // errors every time
  CHECK_THROWS_AS(simtrain::YamlDoc::load_shared(path), simtrain::ScenarioError);
  std::filesystem::remove(path);
}
