#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "scenario/error.hpp"

namespace simtrain::cli {

namespace fs = std::filesystem;

namespace {

std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw ScenarioError(path, 0, 0, "", "cannot write file: " + why);
}

}  // namespace

void check_output_path(const std::string& flag, const std::string& path) {
  if (path.empty()) throw ScenarioError(flag, 0, 0, flag, "expected a file name");
  const std::string dir = folder_of(path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0)
    throw ScenarioError(path, 0, 0, flag, "cannot write file: no folder '" + dir + "'");
  if (!S_ISDIR(st.st_mode)) throw ScenarioError(path, 0, 0, flag, "cannot write file: '" + dir + "' is not a folder");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw ScenarioError(path, 0, 0, flag, "cannot write file: the folder '" + dir + "' is not writable");
  struct stat target {};
  if (::lstat(path.c_str(), &target) == 0 && S_ISDIR(target.st_mode))
    throw ScenarioError(path, 0, 0, flag, "cannot write file: it is a folder");
}

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string dir = folder_of(path);
  // (Built by appending: GCC 12 warns falsely, -Wrestrict, on "." + name + suffix.)
  std::string name(1, '.');
  name.append(fs::path(path).filename().string()).append(".simtrain-XXXXXX");
  std::string tmp = (fs::path(dir) / name).string();
  const int fd = ::mkstemp(tmp.data());  // O_CREAT | O_EXCL with a random name, mode 0600
  if (fd < 0) fail(path, std::strerror(errno));
  auto abandon = [&](const std::string& why) {
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(path, why);
  };
  // Readable as an ordinary output file (mkstemp's 0600 would hide it from other users).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0644 & ~mask) != 0) abandon(std::strerror(errno));
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      abandon(std::strerror(errno));
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) abandon(std::strerror(errno));
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    fail(path, std::strerror(errno));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    fail(path, why);
  }
}

}  // namespace simtrain::cli
