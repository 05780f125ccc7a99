// fuzz_replay: feeds every kept fuzz finding (tests/fuzz_regressions/<target>/<file>) to its
// target's entry point once, without libFuzzer or sanitizers, so an ordinary build's ctest
// keeps them. A file listed in tests/fuzz_regressions/PENDING (a fix not merged yet) is
// skipped and named. Exit 0 when every replayed input ends normally or in a user error; a
// crash ends the process (ctest reports it), another exception type is reported and fails.
//
//   fuzz_replay REGRESSIONS_DIR [TARGET]
#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <typeinfo>
#include <vector>

#include "targets.hpp"

namespace fs = std::filesystem;

namespace {

// PENDING: one path per line relative to the regressions directory, then whitespace and the
// reason ("system/crash-1234  self-referencing alias, fix on h/harden"); '#' starts a comment.
std::set<std::string> read_pending(const fs::path& dir) {
  std::set<std::string> out;
  std::ifstream in(dir / "PENDING");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string path;
    if (words >> path && path[0] != '#') out.insert(path);
  }
  return out;
}

std::string demangled(const char* name) {
  int status = 0;
  char* d = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && d ? d : name;
  std::free(d);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: fuzz_replay REGRESSIONS_DIR [TARGET]\n";
    return 2;
  }
  const fs::path dir = argv[1];
  const std::string only = argc == 3 ? argv[2] : "";
  const std::set<std::string> pending = read_pending(dir);
  int replayed = 0, skipped = 0, failed = 0;
  for (const auto& target : simtrain::fuzz::targets()) {
    if (!only.empty() && target.name != only) continue;
    const fs::path tdir = dir / target.name;
    if (!fs::is_directory(tdir)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(tdir))
      if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      const std::string rel = target.name + "/" + f.filename().string();
      if (pending.count(rel)) {
        std::cout << "skip    " << rel << " (listed in PENDING)\n";
        ++skipped;
        continue;
      }
      std::ifstream in(f, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::cout << "replay  " << rel << std::flush;
      try {
        target.fn(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        std::cout << "  ok\n";
      } catch (const std::exception& e) {
        std::cout << "  FAILED: uncaught " << demangled(typeid(e).name()) << ": " << e.what() << "\n";
        ++failed;
      }
      ++replayed;
    }
  }
  std::cout << replayed << " replayed, " << skipped << " pending, " << failed << " failed\n";
  return failed ? 1 : 0;
}
