#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <streambuf>

#include "scenario/command_files.hpp"
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

// What an existing target is when it is neither a regular file nor a symlink ("" if it is one).
std::string not_regular(const struct stat& st) {
  if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) return "";
  if (S_ISDIR(st.st_mode)) return "a folder";
  if (S_ISCHR(st.st_mode)) return "a character device";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISFIFO(st.st_mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "not a regular file";
}

void check_target_kind(const std::string& flag, const std::string& path) {
  struct stat target {};
  if (::lstat(path.c_str(), &target) != 0) return;
  const std::string kind = not_regular(target);
  if (kind == "a folder") throw ScenarioError(path, 0, 0, flag, "cannot write file: it is a folder");
  if (!kind.empty())
    throw ScenarioError(path, 0, 0, flag,
                        "cannot write file: it is " + kind +
                            ", not a regular file; simtrain replaces only regular files (a new file renamed over "
                            "the target would replace it): name a regular file or a new one");
}

// --- The temporaries a signal must remove -------------------------------------------------
constexpr std::size_t kMaxLive = 64;
constexpr std::size_t kPathBytes = 4096;
struct Slot {
  std::atomic<bool> live{false};
  bool taken = false;  // under g_mu
  char path[kPathBytes] = {};
};
std::array<Slot, kMaxLive> g_slots;
std::mutex g_mu;
std::atomic<std::size_t> g_live{0};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler reads these flags");

extern "C" void remove_temporaries_and_reraise(int sig) {
  for (Slot& s : g_slots)
    if (s.live.load(std::memory_order_acquire)) ::unlink(s.path);
  // SA_RESETHAND put the default action back; the signal is blocked until the handler returns,
  // then delivered again: the process ends as killed by it.
  ::raise(sig);
}

// A slot for `tmp`, or -1 (no protection) when the table is full or the name too long.
int register_temporary(const std::string& tmp) {
  if (tmp.size() >= kPathBytes) return -1;
  std::lock_guard<std::mutex> lock(g_mu);
  for (std::size_t i = 0; i < kMaxLive; ++i) {
    Slot& s = g_slots[i];
    if (s.taken) continue;
    s.taken = true;
    std::memcpy(s.path, tmp.c_str(), tmp.size() + 1);
    s.live.store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_temporary(int slot) {
  if (slot < 0) return;
  std::lock_guard<std::mutex> lock(g_mu);
  Slot& s = g_slots[static_cast<std::size_t>(slot)];
  s.live.store(false, std::memory_order_release);
  s.taken = false;
}

// A buffered stream onto the temporary's descriptor; the first failed write is kept (errno)
// and reported by commit().
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd) { setp(buf_.data(), buf_.data() + buf_.size()); }
  int error() const { return error_; }
  bool drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(fd_, p, left);
      if (n < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        break;
      }
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buf_{};
};

}  // namespace

void remove_temporaries_on_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries_and_reraise;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    ::sigaction(sig, &sa, nullptr);
  }
}

void check_output_path(const std::string& flag, const std::string& path) {
  if (path.empty()) throw ScenarioError(flag, 0, 0, flag, "expected a file name");
  const std::string dir = folder_of(path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0)
    throw ScenarioError(path, 0, 0, flag, "cannot write file: no folder '" + dir + "'");
  if (!S_ISDIR(st.st_mode)) throw ScenarioError(path, 0, 0, flag, "cannot write file: '" + dir + "' is not a folder");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw ScenarioError(path, 0, 0, flag, "cannot write file: the folder '" + dir + "' is not writable");
  check_target_kind(flag, path);
  command_files::note_output(flag, path);
}

struct OutputFile::Impl {
  std::string flag, path, tmp;
  int fd = -1;
  int slot = -1;
  std::unique_ptr<FdBuf> buf;
  std::unique_ptr<std::ostream> out;
  bool done = false;
  void abandon() {
    if (fd >= 0) ::close(fd);
    fd = -1;
    ::unlink(tmp.c_str());
    unregister_temporary(slot);
    slot = -1;
    g_live.fetch_sub(1);
    done = true;
  }
};

OutputFile::OutputFile(std::string flag, std::string path) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.flag = flag.empty() ? command_files::flag_of_output(path) : std::move(flag);
  m.path = std::move(path);
  // (Built by appending: GCC 12 warns falsely, -Wrestrict, on "." + name + suffix.)
  std::string name(1, '.');
  name.append(fs::path(m.path).filename().string()).append(".simtrain-XXXXXX");
  m.tmp = (fs::path(folder_of(m.path)) / name).string();
  m.fd = ::mkstemp(m.tmp.data());  // O_CREAT | O_EXCL with a random name, mode 0600
  if (m.fd < 0) fail(m.path, std::strerror(errno));
  g_live.fetch_add(1);
  m.slot = register_temporary(m.tmp);
  // Readable as an ordinary output file (mkstemp's 0600 would hide it from other users).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(m.fd, 0644 & ~mask) != 0) {
    const std::string why = std::strerror(errno);
    m.abandon();
    fail(m.path, why);
  }
  m.buf = std::make_unique<FdBuf>(m.fd);
  m.out = std::make_unique<std::ostream>(m.buf.get());
}

OutputFile::~OutputFile() {
  if (!impl_->done) impl_->abandon();
}

std::ostream& OutputFile::stream() { return *impl_->out; }

void OutputFile::commit() {
  Impl& m = *impl_;
  auto give_up = [&](const std::string& why) {
    m.abandon();
    fail(m.path, why);
  };
  m.out->flush();
  if (!m.buf->drain()) give_up(std::strerror(m.buf->error()));
  if (::fsync(m.fd) != 0) give_up(std::strerror(errno));
  const int fd = m.fd;
  m.fd = -1;
  if (::close(fd) != 0) give_up(std::strerror(errno));
  // The target again, as it is now: the checks before the work ran minutes ago.
  try {
    check_target_kind(m.flag.empty() ? "output" : m.flag, m.path);
    command_files::check_not_input(m.flag, m.path);
  } catch (...) {
    m.abandon();
    throw;
  }
  if (::rename(m.tmp.c_str(), m.path.c_str()) != 0) give_up(std::strerror(errno));
  unregister_temporary(m.slot);
  m.slot = -1;
  g_live.fetch_sub(1);
  m.done = true;
}

void write_file_atomic(const std::string& path, const std::string& content) {
  OutputFile f("", path);
  f.stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  f.commit();
}

std::size_t live_temporaries() { return g_live.load(); }

}  // namespace simtrain::cli
