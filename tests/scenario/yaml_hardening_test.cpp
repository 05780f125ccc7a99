// Hostile YAML: duplicate keys, alias cycles, alias bombs, bad UTF-8, out-of-range
// counts. Each is refused at load or at its accessor with its position; none may crash.
#include <catch2/catch.hpp>

#include <climits>
#include <string>

#include "scenario/limits.hpp"
#include "scenario/yaml_doc.hpp"

using namespace simtrain;

namespace {
ScenarioError parse_error(const std::string& text) {
  try {
    YamlDoc::parse(text, "t.yaml");
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
ScenarioError int_error(const std::string& value, long long lo, long long hi) {
  auto doc = YamlDoc::parse("n: " + value + "\n", "t.yaml");
  try {
    root_field(doc).at("n").as_int_in(lo, hi);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError for " + value);
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("duplicate keys are refused at the second, naming the first's line", "[errors][yaml]") {
  SECTION("batch_per_gpu given on lines 2 and 4: the error is at line 4, column 1, and says line 2") {
    ScenarioError e = parse_error("name: x\nbatch_per_gpu: 32\nsteps: 3\nbatch_per_gpu: 64\n");
    CHECK(e.line() == 4);
    CHECK(e.col() == 1);
    CHECK(e.key() == "batch_per_gpu");
    CHECK_THAT(e.what(), Catch::Contains("given twice") && Catch::Contains("first at line 2"));
  }
  SECTION("a nested duplicate names its dotted path (flow mapping: the second 'a' is at column 12)") {
    ScenarioError e = parse_error("links:\n  - {a: x, a: y}\n");
    CHECK(e.line() == 2);
    CHECK(e.col() == 12);
    CHECK(e.key() == "links[0].a");
  }
  SECTION("the same key in two different mappings is not a duplicate") {
    CHECK_NOTHROW(YamlDoc::parse("a: {x: 1}\nb: {x: 2}\nc: [{x: 1}, {x: 2}]\n", "t.yaml"));
  }
}

TEST_CASE("alias cycles and alias bombs are refused without expanding them", "[errors][yaml]") {
  SECTION("a list holding an alias to itself (the issue's reproducer) is an error at the alias") {
    ScenarioError e = parse_error("cases:\n- id: cyc\n  path: &x1 [*x1]\n");
    CHECK(e.line() == 3);
    CHECK(e.col() == 14);
    CHECK(e.key() == "cases[0].path[0]");
    CHECK_THAT(e.what(), Catch::Contains("alias cycle") && Catch::Contains("*x1"));
  }
  SECTION("a mapping that names itself deeper down is a cycle too") {
    ScenarioError e = parse_error("a: &m\n  b:\n    c: *m\n");
    CHECK(e.line() == 3);
    CHECK_THAT(e.what(), Catch::Contains("alias cycle"));
  }
  SECTION("an alias to a complete node is fine and counts as its size") {
    auto doc = YamlDoc::parse("base: &b {x: 1, y: 2}\ncopy: *b\n", "t.yaml");
    CHECK(root_field(doc).at("copy").at("y").as_int() == 2);
  }
  SECTION("a billion laughs of 10^18 nodes is refused: expanding it could never finish, so the "
          "test finishing proves it was counted, not expanded") {
    std::string text = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i <= 18; ++i) {
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained operator+.
      const std::string n = std::to_string(i), prev = std::to_string(i - 1);
      text.append("l").append(n).append(": &l").append(n).append(" [");
      for (int k = 0; k < 10; ++k) text.append(k ? ", " : "").append("*l").append(prev);
      text.append("]\n");
    }
    ScenarioError e = parse_error(text);
    // 10^5 x's fit (l4 expands to 111,111 nodes); l5 (1,111,111) crosses 10^6 at line 6.
    CHECK(e.line() == 6);
    CHECK_THAT(e.what(), Catch::Contains("alias bomb") && Catch::Contains("1000000"));
  }
}

TEST_CASE("text must be valid UTF-8 and keys and names are bounded", "[errors][yaml]") {
  SECTION("a lone 0xFF byte in a value is an error at the value, naming the byte") {
    ScenarioError e = parse_error("name: ab\xff\n");
    CHECK(e.line() == 1);
    CHECK(e.col() == 7);
    CHECK(e.key() == "name");
    CHECK_THAT(e.what(), Catch::Contains("not valid UTF-8") && Catch::Contains("byte 3"));
  }
  SECTION("valid multi-byte UTF-8 (a cafe with its accent, a CJK name, an emoji) is accepted") {
    auto doc = YamlDoc::parse("name: \"caf\xc3\xa9 \xe8\xae\xad\xe7\xbb\x83 \xf0\x9f\x9a\x80\"\n", "t.yaml");
    CHECK(root_field(doc).at("name").as_name() == "caf\xc3\xa9 \xe8\xae\xad\xe7\xbb\x83 \xf0\x9f\x9a\x80");
  }
  SECTION("overlong forms and UTF-16 surrogates are not UTF-8") {
    CHECK(first_invalid_utf8("a\xc0\xaf") == 1);          // overlong '/'
    CHECK(first_invalid_utf8("ab\xed\xa0\x80") == 2);     // U+D800, a surrogate
    CHECK(first_invalid_utf8("\xf4\x90\x80\x80") == 0);   // U+110000, past Unicode
    CHECK(first_invalid_utf8("\xe2\x82") == 0);           // truncated 3-byte sequence
    CHECK(valid_utf8("\xe2\x82\xac"));                     // the euro sign
  }
  SECTION("a name of 257 bytes is refused (names are at most 256); 256 is accepted") {
    auto ok = YamlDoc::parse("name: " + std::string(256, 'x') + "\n", "t.yaml");
    CHECK(root_field(ok).at("name").as_name().size() == 256);
    auto doc = YamlDoc::parse("name: " + std::string(257, 'x') + "\n", "t.yaml");
    try {
      root_field(doc).at("name").as_name();
      FAIL("expected an error");
    } catch (const ScenarioError& e) {
      CHECK(e.line() == 1);
      CHECK_THAT(e.what(), Catch::Contains("257 bytes") && Catch::Contains("at most 256"));
    }
  }
  SECTION("a name is one line: a newline written as an escape is refused") {
    auto doc = YamlDoc::parse("name: \"two\\nlines\"\n", "t.yaml");
    CHECK_THROWS_WITH(root_field(doc).at("name").as_name(), Catch::Contains("control character"));
  }
  SECTION("a key holding a newline (written as an escape) is refused at load: keys name things in reports") {
    ScenarioError e = parse_error("devices:\n  \"gpu\\n0\": {type: gpu}\n");
    CHECK(e.line() == 2);
    CHECK_THAT(e.what(), Catch::Contains("control character"));
  }
  SECTION("a key longer than 256 bytes is refused at load") {
    ScenarioError e = parse_error(std::string(300, 'k') + ": 1\n");
    CHECK_THAT(e.what(), Catch::Contains("300 bytes"));
  }
}

TEST_CASE("counts are range-checked and never wrap", "[errors][yaml]") {
  SECTION("2^31 for a count bounded by 65536 names the value and the range") {
    ScenarioError e = int_error("2147483648", 1, limits::max_grad_accumulation);
    CHECK(e.key() == "n");
    CHECK(e.line() == 1);
    CHECK(e.col() == 4);
    CHECK_THAT(e.what(), Catch::Contains("from 1 to 65536") && Catch::Contains("got 2147483648"));
  }
  SECTION("2^32 + 1 (which an int cast wraps to 1) is refused, not read as 1") {
    ScenarioError e = int_error("4294967297", 1, limits::max_nodes);
    CHECK_THAT(e.what(), Catch::Contains("got 4294967297"));
  }
  SECTION("past 2^63 is refused as too large, not clamped") {
    ScenarioError e = int_error("99999999999999999999", 1, 10);
    CHECK_THAT(e.what(), Catch::Contains("too large"));
  }
  SECTION("1e400, .inf, .nan and 1e3 are not whole numbers") {
    for (const char* v : {"1e400", ".inf", ".nan", "1e3", "0x10"}) {
      ScenarioError e = int_error(v, 1, 10);
      CHECK_THAT(e.what(), Catch::Contains("expected a whole number"));
    }
  }
  SECTION("1e400 and .inf are not plain numbers either (as_number)") {
    for (const char* v : {"1e400", ".inf", "inf", "nan"}) {
      auto doc = YamlDoc::parse(std::string("x: ") + v + "\n", "t.yaml");
      CHECK_THROWS_AS(root_field(doc).at("x").as_number(), ScenarioError);
    }
  }
  SECTION("the bounds themselves are accepted and fit an int") {
    auto doc = YamlDoc::parse("n: 65536\n", "t.yaml");
    CHECK(root_field(doc).at("n").as_count_in(1, static_cast<int>(limits::max_nodes)) == 65536);
    STATIC_REQUIRE(limits::max_parallel_degree <= INT_MAX);
    STATIC_REQUIRE(limits::max_batch_per_gpu * limits::max_grad_accumulation <= LLONG_MAX / limits::max_parallel_degree);
  }
}
