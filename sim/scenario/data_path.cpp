#include "scenario/data_path.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <system_error>

#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "scenario/yaml_doc.hpp"

// Given to this file alone (sim/CMakeLists.txt): the build and source folders of this build,
// for the development fallback, and the way from the installed binary's folder to the data.
#ifndef SIMTRAIN_DEV_BUILD_DIR
#error "SIMTRAIN_DEV_BUILD_DIR must be defined for data_path.cpp"
#endif

namespace simtrain::data_path {

namespace fs = std::filesystem;

namespace {

std::vector<std::string>& flag_dirs() {
  static std::vector<std::string> dirs;
  return dirs;
}
bool& roots_built() {
  static bool built = false;
  return built;
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec) && !ec;
}

// `inner` lies inside `outer` (both made absolute and canonical where they exist).
bool inside(const fs::path& inner, const fs::path& outer) {
  std::error_code ec;
  const fs::path a = fs::weakly_canonical(inner, ec);
  if (ec) return false;
  const fs::path b = fs::weakly_canonical(outer, ec);
  if (ec) return false;
  const fs::path rel = a.lexically_relative(b);
  return !rel.empty() && *rel.begin() != "..";
}

fs::path running_executable() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}

std::vector<Root> build_roots() {
  std::vector<Root> out;
  auto add = [&](const fs::path& dir, const char* origin) { out.push_back({dir, origin, is_dir(dir)}); };
  for (const std::string& d : flag_dirs()) add(d, "--data-dir");
  if (const char* env = std::getenv("SIMTRAIN_DATA_PATH")) {
    const std::string s = env;
    std::size_t start = 0;
    while (start <= s.size()) {
      const std::size_t colon = std::min(s.find(':', start), s.size());
      if (colon > start) add(s.substr(start, colon - start), "SIMTRAIN_DATA_PATH");
      start = colon + 1;
    }
  }
  const fs::path exe = running_executable();
  if (!exe.empty()) {
    add((exe.parent_path() / SIMTRAIN_EXE_TO_DATA).lexically_normal(), "install prefix");
    if (inside(exe, SIMTRAIN_DEV_BUILD_DIR)) add(SIMTRAIN_DEV_SOURCE_DIR, "source tree, development build");
  }
  return out;
}

constexpr const char* kNoDataFolder =
    "none of --data-dir, SIMTRAIN_DATA_PATH and <prefix>/share/simtrain beside this executable exists; install "
    "simtrain (cmake --install) or give --data-dir DIR";

// A folder as messages show it: relative to the current folder when inside it (so goldens
// run from the project root read the same on every machine), else absolute.
std::string shown_dir(const fs::path& dir) {
  std::error_code ec;
  const fs::path abs = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (ec) return dir.string();
  const fs::path cwd = fs::current_path(ec);
  if (ec) return abs.string();
  const fs::path rel = abs.lexically_relative(fs::weakly_canonical(cwd, ec));
  if (ec || rel.empty() || *rel.begin() == "..") return abs.string();
  return rel.string();
}

// "topologies (source tree, development build), /opt/x/share/simtrain/topologies (install
// prefix)": the present folders' `sub` subfolders.
std::string searched_in(const std::string& sub) {
  std::string out;
  for (const Root& r : roots()) {
    if (!r.present) continue;
    if (!out.empty()) out += ", ";
    out += shown_dir(sub.empty() ? r.dir : r.dir / sub) + " (" + r.origin + ")";
  }
  if (out.empty()) return std::string("no data folder: ") + kNoDataFolder;
  return out;
}

const char* noun(Kind k) {
  switch (k) {
    case Kind::system: return "system file";
    case Kind::model: return "model";
    case Kind::scenario: return "scenario";
    case Kind::calibration: return "calibration file";
  }
  return "file";
}

bool bare_name(const std::string& name) { return !name.empty() && fs::path(name).filename() == fs::path(name); }

}  // namespace

const char* subdir(Kind k) {
  switch (k) {
    case Kind::system: return "topologies";
    case Kind::model: return "models";
    case Kind::scenario: return "scenarios";
    case Kind::calibration: return "calibrate";
  }
  return "";
}

void set_data_dirs(const std::vector<std::string>& dirs) {
  if (roots_built()) throw std::logic_error("data_path::set_data_dirs after the first lookup");
  flag_dirs() = dirs;
}

const std::vector<Root>& roots() {
  static const std::vector<Root> r = [] {
    roots_built() = true;
    return build_roots();
  }();
  return r;
}

std::string searched(Kind k) { return searched_in(subdir(k)); }

std::string find(const std::string& rel) {
  for (const Root& r : roots())
    if (r.present && is_file(r.dir / rel)) return (r.dir / rel).string();
  return "";
}

std::string require(const std::string& rel) {
  std::string p = find(rel);
  if (p.empty())
    throw ScenarioError("", 0, 0, "", "no " + rel + " on the data path (looked in: " + searched_in("") +
                                          "); `simtrain describe data-path` shows the order");
  return p;
}

std::string catalog_file(const std::string& name, const std::string& beside) {
  const fs::path here = fs::path(beside).parent_path() / name;
  if (!beside.empty() && exists_quietly(here)) return here.string();
  std::string p = find(std::string("topologies/") + name);
  if (p.empty())
    throw ScenarioError("", 0, 0, "", "no catalog " + name + " next to " + beside + " nor in topologies/ of the data path (" +
                                          searched_in("topologies") + "); `simtrain describe data-path` shows the order");
  return p;
}

std::string find_named(Kind k, const std::string& name, const std::string& input) {
  std::vector<fs::path> cands;
  if (!input.empty()) cands.push_back(fs::path(input).parent_path() / name);
  cands.push_back(fs::path(name));
  if (bare_name(name)) {
    for (const Root& r : roots()) {
      if (!r.present) continue;
      cands.push_back(r.dir / subdir(k) / name);
      cands.push_back(r.dir / subdir(k) / (name + ".yaml"));
    }
  }
  for (const fs::path& c : cands)
    if (is_file(c)) return c.string();
  return "";
}

std::string scenario_file(const std::string& given) {
  if (given == "-" || !bare_name(given) || exists_quietly(given)) return given;
  std::string p = find_named(Kind::scenario, given);
  if (p.empty()) throw ScenarioError("", 0, 0, "", not_found(Kind::scenario, given, ""));
  return p;
}

std::string not_found(Kind k, const std::string& name, const std::string& input_noun) {
  std::string where = input_noun.empty() ? "in the current folder" : "next to " + input_noun + ", in the current folder";
  std::string msg = std::string("no ") + noun(k) + " '" + name + "' (looked " + where + " and in " + subdir(k) +
                    "/ of the data path: " + searched_in(subdir(k)) + ")";
  std::vector<std::string> names = shipped_names(k);
  const bool with_ext = name.size() > 5 && name.compare(name.size() - 5, 5, ".yaml") == 0;
  if (with_ext)
    for (std::string& n : names) n += ".yaml";
  return msg + did_you_mean(name, names);
}

std::vector<std::string> shipped_names(Kind k) {
  std::set<std::string> names;
  for (const Root& r : roots()) {
    if (!r.present) continue;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(r.dir / subdir(k), ec)) {
      if (e.path().extension() != ".yaml" || !is_file(e.path())) continue;
      const std::string stem = e.path().stem().string();
      if (names.count(stem)) continue;  // an earlier folder's file of that name hides it
      if (k == Kind::system) {
        try {
          const auto doc = YamlDoc::load(e.path().string());
          if (!doc->root().IsMap() || !doc->root()["devices"]) continue;
        } catch (const ScenarioError&) {
          continue;  // not a readable system: not offered
        }
      }
      names.insert(stem);
    }
  }
  return {names.begin(), names.end()};
}

std::string shown(const std::string& p) {
  std::error_code ec;
  const fs::path file = fs::weakly_canonical(fs::absolute(p, ec), ec);
  if (ec) return p;
  for (const Root& r : roots()) {
    if (!r.present) continue;
    const fs::path root = fs::weakly_canonical(r.dir, ec);
    if (ec) continue;
    const fs::path rel = file.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return p;
}

std::string describe() {
  std::string out =
      "Shipped data (systems and catalogs in topologies/, models/, scenarios/, validation/) is looked up in this "
      "order, first match wins:\n"
      "  1. next to the input file that names it (a system next to its scenario, devices.yaml next to its system)\n"
      "  2. the current folder, for a name or path given by you (not for catalogs)\n";
  int i = 3;
  for (const Root& r : roots()) {
    if (!r.present) continue;
    out += "  " + std::to_string(i++) + ". " + shown_dir(r.dir) + "  (" + r.origin + ")\n";
  }
  if (i == 3) out += std::string("  (no data folder: ") + kNoDataFolder + ")\n";
  for (const Root& r : roots())
    if (!r.present && r.origin != "install prefix") out += "  not a folder, skipped: " + r.dir.string() + "  (" + r.origin + ")\n";
  out += "The data path is --data-dir DIR (repeatable), then SIMTRAIN_DATA_PATH (folders separated by ':'), then "
         "<prefix>/share/simtrain beside the installed executable, then the source tree of a development build.\n";
  return out;
}

}  // namespace simtrain::data_path
