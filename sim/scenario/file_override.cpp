#include "scenario/file_override.hpp"

#include <algorithm>
#include <cctype>

namespace simtrain {
namespace {

const char* const kSystemPrefix = "system.";
const char* const kCatalogPrefix = "catalog.";

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// "links[3].count" -> {"links", "3", "count"}; an empty component gives an empty string.
std::vector<std::string> split_components(const std::string& path) {
  std::string dotted;
  for (char c : path) dotted += c == '[' ? '.' : c == ']' ? '\0' : c;
  dotted.erase(std::remove(dotted.begin(), dotted.end(), '\0'), dotted.end());
  std::vector<std::string> out(1);
  for (char c : dotted) {
    if (c == '.') out.emplace_back();
    else out.back() += c;
  }
  return out;
}

std::string join_from(const std::vector<std::string>& parts, std::size_t skip) {
  std::string out;
  for (std::size_t i = skip; i < parts.size(); ++i) out += (out.empty() ? "" : ".") + parts[i];
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::vector<std::string> map_keys(const YAML::Node& map) {
  std::vector<std::string> out;
  for (auto it = map.begin(); it != map.end(); ++it) out.push_back(it->first.Scalar());
  return out;
}

}  // namespace

std::string FileOverride::dotted_path() const { return join_from(path, 0); }

bool is_hardware_key(const std::string& key) {
  return (starts_with(key, kSystemPrefix) && key.size() > std::string(kSystemPrefix).size()) ||
         (starts_with(key, kCatalogPrefix) && key.size() > std::string(kCatalogPrefix).size());
}

std::optional<FileOverride> parse_hardware_override(const std::string& key, const std::string& value) {
  const bool system = starts_with(key, kSystemPrefix), catalog = starts_with(key, kCatalogPrefix);
  if (!system && !catalog) return std::nullopt;
  FileOverride o;
  o.file = system ? OverrideFile::system : OverrideFile::catalog;
  o.key = key;
  o.value = value;
  o.path = split_components(key.substr(system ? std::string(kSystemPrefix).size() : std::string(kCatalogPrefix).size()));
  for (const std::string& p : o.path)
    if (p.empty())
      throw ScenarioError(o.origin(), 0, 0, key,
                          std::string("expected a key path in the ") + (system ? "system file" : "catalog") +
                              " after '" + (system ? kSystemPrefix : kCatalogPrefix) + "', e.g. " +
                              (system ? "system.fabric.oversubscription=2" : "catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s") +
                              " (`simtrain describe` says how to reach system and catalog values)");
  return o;
}

const std::vector<std::string>& FileSchema::keys_at(const std::string& generic) const {
  static const std::vector<std::string> none;
  for (const auto& [place, keys] : blocks)
    if (place == generic) return keys;
  return none;
}

std::vector<std::string> FileSchema::describe() const {
  std::vector<std::string> out;
  for (const auto& [place, keys] : blocks) {
    std::string shown;
    for (const std::string& part : split_components(place))
      shown += (shown.empty() ? "" : ".") + (part == "*" ? std::string("<name>") : part == "#" ? std::string("<n>") : part);
    out.push_back(place.empty() ? join_names(keys) : shown + ".{" + join_names(keys) + "}");
  }
  return out;
}

namespace {

// Whether the schema has keys at `generic` or below it (a block, a list or a mapping of names).
bool is_block(const FileSchema& schema, const std::string& generic) {
  for (const auto& [place, keys] : schema.blocks)
    if (place == generic || starts_with(place, generic + ".")) return true;
  return false;
}

// The generic place of `part` under `generic`: its own name where the schema has a block of
// that name, else "*" where the place is a mapping of names (devices, gpus ...).
std::string generic_child(const FileSchema& schema, const std::string& generic, const std::string& part) {
  const std::string prefix = generic.empty() ? "" : generic + ".";
  if (is_block(schema, prefix + part) || contains(schema.keys_at(generic), part)) return prefix + part;
  return prefix + "*";
}

// "no 'x' in the fabric block of FILE (did you mean 'y'?); it has: a, b; a value it may add: c".
std::string missing_key_message(const std::string& part, const std::string& place, const YAML::Node& map,
                                const std::vector<std::string>& allowed) {
  const std::vector<std::string> present = map_keys(map);
  std::vector<std::string> absent;
  for (const std::string& a : allowed)
    if (!contains(present, a)) absent.push_back(a);
  std::vector<std::string> all = present;
  all.insert(all.end(), absent.begin(), absent.end());
  std::string msg = "no '" + part + "' in " + place + did_you_mean(part, all);
  msg += present.empty() ? "; it is empty" : "; it has: " + join_names(present);
  if (!absent.empty()) msg += "; it may also set: " + join_names(absent);
  return msg;
}

}  // namespace

void apply_file_override(const Field& root, const FileOverride& o, std::size_t skip, const FileSchema& schema,
                         const std::string& where) {
  auto fail = [&](const std::string& msg) { throw ScenarioError(o.origin(), 0, 0, o.key, msg); };
  if (skip >= o.path.size()) fail("expected a key path inside " + where);
  YAML::Node node = root.node();
  YAML::Node parent;
  std::string generic, shown;  // "devices.*" and "devices.nic0": the place reached
  for (std::size_t i = skip; i < o.path.size(); ++i) {
    const std::string& part = o.path[i];
    const bool last = i + 1 == o.path.size();
    const std::string place = shown.empty() ? where : "'" + shown + "' of " + where;
    if (node.IsMap()) {
      const std::vector<std::string>& allowed = schema.keys_at(generic);
      std::optional<YAML::Node> child;
      for (auto it = node.begin(); it != node.end() && !child; ++it)
        if (it->first.Scalar() == part) child = it->second;
      if (!child) {
        if (last && contains(allowed, part) && !is_block(schema, generic_child(schema, generic, part))) {
          node[part] = YAML::Node(o.value);  // a value the file leaves at its default
          return;
        }
        if (contains(allowed, part))
          fail(place + " has no '" + part + "' block; a --set changes a value of the file, it adds no block");
        fail(missing_key_message(part, place, node, allowed));
      }
      parent.reset(node);
      node.reset(*child);
      generic = generic_child(schema, generic, part);
      shown += (shown.empty() ? "" : ".") + part;
    } else if (node.IsSequence()) {
      const std::size_t n = node.size();
      if (!all_digits(part) || std::stoul(part) >= n)
        fail(place + " is a list of " + std::to_string(n) + " items: expected an item number from 0 to " +
             std::to_string(n == 0 ? 0 : n - 1) + ", not '" + part + "'");
      parent.reset(node);
      node.reset(node[std::stoul(part)]);
      generic += ".#";
      shown += "[" + part + "]";
    } else {
      fail("'" + shown + "' of " + where + " is a value (" + node.Scalar() + "), not a block: the path ends there");
    }
  }
  if (node.IsMap())
    fail("'" + shown + "' of " + where + " is a block, not a value; give one of its keys: " + join_names(map_keys(node)));
  if (node.IsSequence())
    fail("'" + shown + "' of " + where + " is a list of " + std::to_string(node.size()) +
         " items, not a value; give an item number and a key (" + o.key + ".0...)");
  const std::string& last = o.path.back();
  if (parent.IsSequence()) parent[std::stoul(last)] = YAML::Node(o.value);
  else parent[last] = YAML::Node(o.value);
}

ScenarioError attribute_to_file_override(const ScenarioError& e, const std::string& file, const FileOverride& o,
                                         std::size_t skip) {
  if (e.file() != file) return e;
  const std::string key = join_from(split_components(e.key()), 0), path = join_from(o.path, skip);
  if (key == path || starts_with(key, path + ".")) return ScenarioError(o.origin(), 0, 0, o.key, e.message());
  return e;
}

}  // namespace simtrain
