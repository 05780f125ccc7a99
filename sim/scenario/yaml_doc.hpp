// YAML documents that remember where each value came from.
//
// A YamlDoc owns one parsed file and its source lines; a Field is a view of one node in it
// with its dotted key path. Every accessor that can fail throws ScenarioError pointing at
// the exact line and column (yaml-cpp marks are 0-based; ours are 1-based), quoting the
// line with a caret, naming the key and what was expected. Unknown keys are always errors:
// each model part declares its keys and calls Field::check_keys.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/enum_names.hpp"
#include "scenario/error.hpp"
#include "scenario/units.hpp"

namespace simtrain {

class YamlDoc {
 public:
  // Reads and parses a file: a missing file or a YAML syntax error is a ScenarioError; so are a
  // key given twice in one mapping, an alias cycle, more than limits::max_expanded_nodes nodes
  // with aliases expanded (an alias bomb), text that is not valid UTF-8 and a key longer than
  // limits::max_key_bytes, each at its position.
  static std::shared_ptr<const YamlDoc> load(const std::string& path);
  // The same for a file its caller only reads (catalogs, systems, models, prices, ...): the
  // file is read every time, but text this thread has already parsed under this path returns
  // the earlier document, so a sweep parses the shared system and catalog files once per
  // worker thread instead of once per point. Keyed by path AND the whole text, so an edited
  // file is parsed afresh; per thread, so no yaml-cpp node is ever touched by two threads.
  // Never for a document the caller changes in place (the scenario, a model re-read with
  // switched keys): those use load().
  static std::shared_ptr<const YamlDoc> load_shared(const std::string& path);
  // Parses text held in memory (tests, inline overrides); `name` stands in for the file.
  static std::shared_ptr<const YamlDoc> parse(const std::string& text, const std::string& name);

  const std::string& path() const { return path_; }
  const YAML::Node& root() const { return root_; }
  // The 1-based source line, or "" if out of range.
  std::string line_text(int line) const;

 private:
  std::string path_;
  std::vector<std::string> lines_;
  YAML::Node root_;
};

class Field {
 public:
  Field(std::shared_ptr<const YamlDoc> doc, YAML::Node node, std::string key,
        YAML::Mark key_mark = YAML::Mark::null_mark());

  Field(const Field&) = default;
  // YAML::Node's operator= writes through to the node it refers to; a Field must rebind.
  Field& operator=(const Field& other) {
    if (this != &other) {
      doc_ = other.doc_;
      node_.reset(other.node_);
      key_ = other.key_;
      key_mark_ = other.key_mark_;
    }
    return *this;
  }

  const YAML::Node& node() const { return node_; }
  const std::string& key() const { return key_; }
  const std::shared_ptr<const YamlDoc>& doc() const { return doc_; }
  int line() const;  // 1-based line of the value
  int col() const;   // 1-based column of the value
  int key_line() const;  // 1-based line of its key (the value's line when it has none)

  bool is_map() const { return node_.IsMap(); }
  bool is_sequence() const { return node_.IsSequence(); }
  bool is_scalar() const { return node_.IsScalar(); }

  // An error at this value (or at its key, for errors about the key itself).
  ScenarioError error(const std::string& message) const;
  ScenarioError key_error(const std::string& message) const;

  // Map access. `at` requires the key; `get` returns nullopt when absent.
  Field at(const std::string& key) const;
  std::optional<Field> get(const std::string& key) const;
  bool has(const std::string& key) const;
  // Every key of this map must be one of `allowed`, else an error with "did you mean".
  void check_keys(const std::vector<std::string>& allowed) const;
  // Map entries in file order, and sequence items.
  std::vector<Field> entries() const;
  std::vector<Field> items() const;

  // Scalars.
  std::string as_string() const;
  double as_number() const;
  long long as_int() const;
  bool as_bool() const;
  double as_quantity(Dimension dim) const;  // SI units, see units.hpp
  // A number in (lo, hi] -- e.g. an efficiency in (0, 1].
  double as_number_in(double lo, double hi) const;
  long long as_int_at_least(long long lo) const;
  // A whole number in [lo, hi], else an error naming the key, the value and the range. Every
  // count read from input goes through this (or as_count_in) with a bound from limits.hpp, so
  // nothing wraps on its way to the engine.
  long long as_int_in(long long lo, long long hi) const;
  // as_int_in for an int destination (the bounds are ints, so the result fits).
  int as_count_in(int lo, int hi) const;
  // A name or label: valid UTF-8, one line (no control characters), at most
  // limits::max_name_bytes bytes; else an error at its position.
  std::string as_name() const;
  // One of the names in `choices`, else an error listing them.
  std::string as_choice(const std::vector<std::string>& choices) const;
  // The value one of an enum table's names names (base/enum_names.hpp; aliases are not taken),
  // else as_choice's error.
  template <typename E, std::size_t N>
  E as_enum(const EnumNames<E, N>& table) const {
    return *table.parse(as_choice(table.names()));
  }

 private:
  YAML::Mark mark() const;
  std::shared_ptr<const YamlDoc> doc_;
  YAML::Node node_;
  std::string key_;
  YAML::Mark key_mark_;
};

// Calls `fail` with a message when `s` is not a name: empty, not valid UTF-8, longer than
// limits::max_name_bytes, or holding a control character. (Field::as_name and --set use it.)
void check_name_text(std::string_view s, const std::function<void(const std::string&)>& fail);

// The bytes of an input file: a regular file of at most limits::max_input_file_bytes (a
// folder, a device such as /dev/zero or a pipe is refused, never read). ScenarioError otherwise.
std::string read_input_file(const std::string& path);

// The root of a document as a Field with an empty key path.
Field root_field(const std::shared_ptr<const YamlDoc>& doc);

// The deepest field a document has on a dotted key path from `root`: the key itself, else the
// block holding it, else the root (where an error about that key is best reported).
Field deepest_field(const Field& root, const std::string& dotted);

}  // namespace simtrain
