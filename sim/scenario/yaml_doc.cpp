#include "scenario/yaml_doc.hpp"

#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace simtrain {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::string join_key(const std::string& parent, const std::string& child) {
  return parent.empty() ? child : parent + "." + child;
}

}  // namespace

std::shared_ptr<const YamlDoc> YamlDoc::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ScenarioError(path, 0, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return parse(buf.str(), path);
}

std::shared_ptr<const YamlDoc> YamlDoc::parse(const std::string& text, const std::string& name) {
  auto doc = std::make_shared<YamlDoc>();
  doc->path_ = name;
  doc->lines_ = split_lines(text);
  try {
    doc->root_ = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    int line = e.mark.line + 1, col = e.mark.column + 1;
    throw ScenarioError(name, line, col, "", "YAML syntax error: " + e.msg,
                        doc->line_text(line));
  }
  if (!doc->root_.IsDefined() || doc->root_.IsNull()) {
    throw ScenarioError(name, 1, 1, "", "the file is empty: expected a YAML mapping");
  }
  return doc;
}

std::string YamlDoc::line_text(int line) const {
  if (line < 1 || line > static_cast<int>(lines_.size())) return {};
  return lines_[static_cast<size_t>(line - 1)];
}

Field::Field(std::shared_ptr<const YamlDoc> doc, YAML::Node node, std::string key,
             YAML::Mark key_mark)
    : doc_(std::move(doc)), node_(std::move(node)), key_(std::move(key)), key_mark_(key_mark) {}

YAML::Mark Field::mark() const {
  YAML::Mark m = node_.Mark();
  if (m.is_null()) m = key_mark_;
  return m;
}
int Field::line() const { return mark().is_null() ? 0 : mark().line + 1; }
int Field::col() const { return mark().is_null() ? 0 : mark().column + 1; }
int Field::key_line() const { return key_mark_.is_null() ? line() : key_mark_.line + 1; }

ScenarioError Field::error(const std::string& message) const {
  int l = line(), c = col();
  return ScenarioError(doc_->path(), l, c, key_, message, doc_->line_text(l));
}

ScenarioError Field::key_error(const std::string& message) const {
  if (key_mark_.is_null()) return error(message);
  int l = key_mark_.line + 1, c = key_mark_.column + 1;
  return ScenarioError(doc_->path(), l, c, key_, message, doc_->line_text(l));
}

bool Field::has(const std::string& key) const {
  return node_.IsMap() && node_[key].IsDefined();
}

std::optional<Field> Field::get(const std::string& key) const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    if (it->first.Scalar() == key) {
      return Field(doc_, it->second, join_key(key_, key), it->first.Mark());
    }
  }
  return std::nullopt;
}

Field Field::at(const std::string& key) const {
  auto f = get(key);
  if (!f) {
    ScenarioError e = error("missing required key '" + key + "'");
    throw ScenarioError(e.file(), e.line(), e.col(), join_key(key_, key),
                        "missing required key (expected under '" +
                            (key_.empty() ? std::string("the top level") : key_) + "')",
                        doc_->line_text(e.line()));
  }
  return *f;
}

void Field::check_keys(const std::vector<std::string>& allowed) const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string k = it->first.Scalar();
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == k;
    if (!ok) {
      Field f(doc_, it->second, join_key(key_, k), it->first.Mark());
      throw f.key_error("unknown key" + did_you_mean(k, allowed) +
                        "; valid keys here: " + join_names(allowed));
    }
  }
}

std::vector<Field> Field::entries() const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  std::vector<Field> out;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    out.emplace_back(doc_, it->second, join_key(key_, it->first.Scalar()), it->first.Mark());
  }
  return out;
}

std::vector<Field> Field::items() const {
  if (!node_.IsSequence()) throw error("expected a list");
  std::vector<Field> out;
  size_t i = 0;
  for (auto it = node_.begin(); it != node_.end(); ++it, ++i) {
    out.emplace_back(doc_, *it, key_ + "[" + std::to_string(i) + "]");
  }
  return out;
}

std::string Field::as_string() const {
  if (!node_.IsScalar()) throw error("expected a single value, not a list or mapping");
  return node_.Scalar();
}

double Field::as_number() const {
  std::string s = as_string();
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno != 0 || !std::isfinite(v)) {
    throw error("expected a plain number, got '" + s + "'");
  }
  return v;
}

long long Field::as_int() const {
  std::string s = as_string();
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || end != s.c_str() + s.size() || errno != 0) {
    throw error("expected a whole number, got '" + s + "'");
  }
  return v;
}

bool Field::as_bool() const {
  std::string s = as_string();
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  throw error("expected true or false, got '" + s + "'");
}

double Field::as_quantity(Dimension dim) const {
  std::string s = as_string();
  try {
    return parse_quantity(s, dim);
  } catch (const UnitError& e) {
    throw error(e.what());
  }
}

double Field::as_number_in(double lo, double hi) const {
  double v = as_number();
  if (!(v > lo && v <= hi)) {
    std::ostringstream m;
    m << "expected a number in (" << lo << ", " << hi << "], got " << as_string();
    throw error(m.str());
  }
  return v;
}

long long Field::as_int_at_least(long long lo) const {
  long long v = as_int();
  if (v < lo) {
    throw error("expected a whole number >= " + std::to_string(lo) + ", got " + as_string());
  }
  return v;
}

std::string Field::as_choice(const std::vector<std::string>& choices) const {
  std::string s = as_string();
  for (const auto& c : choices)
    if (c == s) return s;
  throw error("unknown value '" + s + "'" + did_you_mean(s, choices) +
              "; expected one of: " + join_names(choices));
}

Field root_field(const std::shared_ptr<const YamlDoc>& doc) {
  return Field(doc, doc->root(), "");
}

Field deepest_field(const Field& root, const std::string& dotted) {
  Field f = root;
  std::size_t start = 0;
  while (start <= dotted.size()) {
    const std::size_t dot = dotted.find('.', start);
    const std::string part = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!f.is_map() || !f.has(part)) break;
    f = f.at(part);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return f;
}

}  // namespace simtrain
