// Comments dropped before parsing (scenario/yaml_doc.hpp, strip_yaml_comments): the text left
// must give yaml-cpp the same nodes at the same positions, or the stripper must decline. Checked
// on every YAML file of the source tree (the shipped data, the tests' inputs, the kept fuzz
// findings) and on the cases where a '#' is not a comment.
#include <catch2/catch.hpp>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "scenario/yaml_comments.hpp"
#include "scenario/yaml_doc.hpp"

using namespace simtrain;

namespace {

const std::string kSrc = SIMTRAIN_TEST_SOURCE_DIR;

std::string mark(const YAML::Mark& m) { return std::to_string(m.line) + ":" + std::to_string(m.column); }

// The node graph with every scalar, tag and position (aliases written out; the inputs that
// would make that large are the ones the stripper declines).
void dump(const YAML::Node& n, std::string& out, int depth) {
  if (depth > 64) {
    out += "...";
    return;
  }
  out += "<" + n.Tag() + "@" + mark(n.Mark()) + ">";
  if (n.IsMap()) {
    out += "{";
    for (auto it = n.begin(); it != n.end(); ++it) {
      dump(it->first, out, depth + 1);
      out += ":";
      dump(it->second, out, depth + 1);
      out += ",";
    }
    out += "}";
  } else if (n.IsSequence()) {
    out += "[";
    for (auto it = n.begin(); it != n.end(); ++it) {
      dump(*it, out, depth + 1);
      out += ",";
    }
    out += "]";
  } else if (n.IsScalar()) {
    out += "'" + n.Scalar() + "'";
  } else {
    out += n.IsNull() ? "~" : "?";
  }
}

std::string graph(const std::string& text) {
  try {
    std::string out;
    dump(YAML::Load(text), out, 0);
    return out;
  } catch (const YAML::Exception& e) {
    return std::string("error: ") + e.what();
  }
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("strip_yaml_comments: every YAML file of the tree gives the same nodes at the same positions",
          "[yaml][strip]") {
  int files = 0, stripped = 0;
  for (const char* dir : {"topologies", "models", "scenarios", "validation", "tests", "calibrate", "fuzz"}) {
    const std::filesystem::path root = std::filesystem::path(kSrc) / dir;
    if (!std::filesystem::exists(root)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
      if (!e.is_regular_file() || e.file_size() > (1 << 20)) continue;
      const std::string ext = e.path().extension().string();
      const bool finding = e.path().string().find("fuzz_regressions") != std::string::npos;
      if (ext != ".yaml" && ext != ".yml" && !finding) continue;
      const std::string text = read(e.path());
      ++files;
      const auto lean = strip_yaml_comments(text);
      if (!lean) continue;
      ++stripped;
      INFO(e.path().string());
      REQUIRE(std::count(lean->begin(), lean->end(), '\n') == std::count(text.begin(), text.end(), '\n'));
      REQUIRE(graph(*lean) == graph(text));
    }
  }
  INFO(files << " files, " << stripped << " stripped");
  CHECK(files > 200);
  CHECK(stripped > files / 2);
}

TEST_CASE("strip_yaml_comments: a '#' that is not a comment stays, or the text is left whole", "[yaml][strip]") {
  SECTION("a comment after a value loses its text, keeps its '#' and the line") {
    CHECK(*strip_yaml_comments("a: 1   # one\n# whole line\nb: [x, y] # two\n") == "a: 1   #\n#\nb: [x, y] #\n");
  }
  SECTION("inside quotes, and in a plain scalar without a space before it, '#' is text") {
    CHECK(*strip_yaml_comments("a: \"x #y\" # c\nb: 'it''s #1' # d\nc: x#y\n") ==
          "a: \"x #y\" #\nb: 'it''s #1' #\nc: x#y\n");
    CHECK(*strip_yaml_comments("a: [\"p #q\", 'r #s'] # c\n") == "a: [\"p #q\", 'r #s'] #\n");
    CHECK(*strip_yaml_comments("n: the script's defaults # c\n") == "n: the script's defaults #\n");
  }
  SECTION("a block scalar's lines are kept whole, the comments after it dropped") {
    CHECK(*strip_yaml_comments("a: |  # h\n  #x\n# c\nb: 1 # d\n") == "a: |  # h\n  #x\n#\nb: 1 #\n");
  }
  SECTION("what one line cannot settle leaves the text whole") {
    CHECK_FALSE(strip_yaml_comments("a: \"x\n  #y\" # c\n"));          // a quoted scalar over two lines
    CHECK_FALSE(strip_yaml_comments("{\"a\":\"x #y\"} # c\n"));        // JSON-style adjacent value
    CHECK_FALSE(strip_yaml_comments("[a?\"x #y\"] # c\n"));            // yaml-cpp ends a flow plain scalar at '?'
    CHECK_FALSE(strip_yaml_comments("a: &x 1 # c\nb: *x\n"));          // anchors and aliases
    CHECK_FALSE(strip_yaml_comments("a: !!str 1 # c\n"));              // tags
    CHECK_FALSE(strip_yaml_comments("a: 1\t# c\n"));                   // a tab
    CHECK_FALSE(strip_yaml_comments("%YAML 1.2\n---\na: 1 # c\n"));    // directives, markers
    CHECK_FALSE(strip_yaml_comments(std::string("a: 1 # c\0\n", 10)));  // NUL
  }
  SECTION("the stripped text and the text as written parse to the same nodes") {
    for (const std::string t : {"a: b # c\n  # d\ne: f\n", "- a # x\n- [b, c] # y\n- {d: e} # z\n",
                                "a:   # c\n  b: 1\n", "a:\n# only\n", "k: v # c\r\nl: w # d\r\n",
                                "a: [x,#c\n  y]\n", "a: \"q\"#c\n", "a: |\n  #x\n  y\n# c\nb: 1 # d\n",
                                "a: >- # h\n  #x\n\n   y # z\n  # w\nb: 1 # d\n", "- k: |\n    #x\n  # c\n- 2 # e\n"}) {
      INFO(t);
      const auto lean = strip_yaml_comments(t);
      REQUIRE(lean);
      CHECK(graph(*lean) == graph(t));
    }
  }
}

TEST_CASE("YamlDoc::parse: an error in a commented file names the line as written", "[yaml][strip]") {
  try {
    YamlDoc::parse("a: 1   # the first key\nb: [1, 2] # a list\nb: 3   # b again\n", "t.yaml");
    FAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    CHECK(e.line() == 3);
    CHECK(e.col() == 1);
    const std::string what = e.what();
    CHECK(what.find("key given twice") != std::string::npos);
    CHECK(what.find("b: 3   # b again") != std::string::npos);  // the line as written, comment and all
  }
}
