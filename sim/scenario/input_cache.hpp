// Caches of objects built from input files, keyed by everything the build read.
//
// A sweep runs the same system, catalog, software, NCCL and model files for every point; the
// objects built from them (a Catalog, a SoftwareProfile, NcclParams, a Model) are the same
// whenever the inputs are. An InputKey names those inputs in full: a tag for the builder and
// its arguments, then for each file the builder reads its absolute path and whole text (or
// that it is absent), read afresh at every look-up. Two builds with equal keys read the same
// bytes under the same names with the same arguments, so (builders being deterministic) they
// build the same object: a cache can never hand a point another point's answer, and an edited
// file is read anew. The builder must read no file the key does not name (each call site says
// which files its builder reads).
//
// Per thread, like YamlDoc::load_shared, and bounded (cleared when full): an object built on
// one thread is never shared with another. Failures are never cached: a builder that throws
// throws again on the next call with the same inputs.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

#include "scenario/files.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain {

class InputKey {
 public:
  explicit InputKey(const std::string& tag) { value(tag); }
  // An argument of the builder (a profile name, a GPU key, ...).
  InputKey& value(const std::string& v) {
    key_.append(std::to_string(v.size())).push_back(':');
    key_.append(v);
    return *this;
  }
  // A file the builder reads. One that cannot be read makes the key unusable: the builder
  // then runs uncached and reports the file its own way.
  InputKey& file(const std::string& path) {
    value(absolute(path));
    try {
      return value(read_input_file(path));
    } catch (const ScenarioError&) {
      usable_ = false;
      return *this;
    }
  }
  // A file the builder reads only if it exists (prices.yaml beside a catalog).
  InputKey& optional_file(const std::string& path) {
    if (!exists_quietly(path)) return value(absolute(path)).value("absent");
    value("present");
    return file(path);
  }
  const std::string& str() const { return key_; }
  bool usable() const { return usable_; }

 private:
  static std::string absolute(const std::string& path) {
    std::error_code ec;
    const auto a = std::filesystem::absolute(path, ec);
    return ec ? path : a.string();
  }
  std::string key_;
  bool usable_ = true;
};

// The object built by `build()` for these inputs: this thread's earlier one when the key is
// equal, else a new one (kept unless `build` throws).
template <class T, class Build>
std::shared_ptr<const T> cached_by_inputs(const InputKey& key, Build&& build) {
  constexpr std::size_t kMaxEntries = 64;  // a few per run; bounds a long-lived thread
  thread_local std::unordered_map<std::string, std::shared_ptr<const T>> cache;
  if (!key.usable()) return build();
  if (auto it = cache.find(key.str()); it != cache.end()) return it->second;
  std::shared_ptr<const T> made = build();
  if (cache.size() >= kMaxEntries) cache.clear();
  cache.emplace(key.str(), made);
  return made;
}

}  // namespace simtrain
