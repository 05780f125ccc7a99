#include "scenario/command_files.hpp"

#include <sys/stat.h>

#include <map>
#include <mutex>
#include <utility>

#include "scenario/error.hpp"

namespace simtrain::command_files {

namespace {

using Identity = std::pair<dev_t, ino_t>;

struct Output {
  std::string flag, path;
};

struct Record {
  std::mutex mu;
  std::map<Identity, std::string> inputs;  // identity -> the first name it was read under
  std::map<Identity, Output> outputs;      // outputs that existed when declared
  std::map<std::string, std::string> flags;  // output path -> its flag
};

Record& record() {
  static Record r;
  return r;
}

[[noreturn]] void refuse(const std::string& flag, const std::string& output, const std::string& input) {
  std::string msg = output + " is one of this command's inputs";
  if (input != output) msg += " (read as " + input + ")";
  throw ScenarioError("", 0, 0, flag.empty() ? std::string("output") : flag,
                      msg + "; nothing was written: name another file for the output");
}

}  // namespace

void note_input(const std::string& path, dev_t dev, ino_t ino) {
  Record& r = record();
  std::lock_guard<std::mutex> lock(r.mu);
  const Identity id{dev, ino};
  if (auto it = r.outputs.find(id); it != r.outputs.end()) refuse(it->second.flag, it->second.path, path);
  r.inputs.emplace(id, path);
}

void note_output(const std::string& flag, const std::string& path) {
  Record& r = record();
  std::lock_guard<std::mutex> lock(r.mu);
  r.flags[path] = flag;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return;  // a new file: no input can be it
  const Identity id{st.st_dev, st.st_ino};
  if (auto it = r.inputs.find(id); it != r.inputs.end()) refuse(flag, path, it->second);
  r.outputs.emplace(id, Output{flag, path});
}

void check_not_input(const std::string& flag, const std::string& path) {
  Record& r = record();
  std::lock_guard<std::mutex> lock(r.mu);
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return;
  if (auto it = r.inputs.find(Identity{st.st_dev, st.st_ino}); it != r.inputs.end()) refuse(flag, path, it->second);
}

std::string flag_of_output(const std::string& path) {
  Record& r = record();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.flags.find(path);
  return it == r.flags.end() ? std::string() : it->second;
}

void forget_all() {
  Record& r = record();
  std::lock_guard<std::mutex> lock(r.mu);
  r.inputs.clear();
  r.outputs.clear();
  r.flags.clear();
}

}  // namespace simtrain::command_files
