// The safe writer (cli/output_file.hpp) and the record of a command's inputs
// (scenario/command_files.hpp): outputs that are inputs, devices and FIFOs at the target.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "cli/output_file.hpp"
#include "scenario/command_files.hpp"
#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"

using namespace simtrain;
namespace fs = std::filesystem;

namespace {

// A private folder, removed at the end; the command's record of files starts and ends empty.
struct Scratch {
  fs::path dir;
  Scratch() {
    std::string tmpl = (fs::temp_directory_path() / "simtrain_output_file_XXXXXX").string();
    dir = ::mkdtemp(tmpl.data());
    command_files::forget_all();
  }
  ~Scratch() {
    command_files::forget_all();
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::size_t entries() const {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("output files: streamed, then renamed whole over the target", "[cli][output]") {
  Scratch s;
  const std::string target = (s.dir / "t.json").string();
  std::ofstream(target) << "old";
  SECTION("a committed file holds every byte streamed into it (3 MB, past the 64 KB buffer) and no temporary stays") {
    {
      cli::OutputFile f("--trace", target);
      CHECK(cli::live_temporaries() == 1);
      for (int i = 0; i < 100000; ++i) f.stream() << "0123456789abcdefghijklmnopqrstu\n";
      CHECK(slurp(target) == "old");  // a reader sees the old file until the rename
      f.commit();
    }
    CHECK(fs::file_size(target) == 100000u * 32u);
    CHECK(s.entries() == 1);
    CHECK(cli::live_temporaries() == 0);
  }
  SECTION("a file destroyed before commit (an exception while writing) leaves the target as it was, no temporary") {
    try {
      cli::OutputFile f("--trace", target);
      f.stream() << "half a trace";
      throw std::runtime_error("the writer failed");
    } catch (const std::runtime_error&) {
    }
    CHECK(slurp(target) == "old");
    CHECK(s.entries() == 1);
    CHECK(cli::live_temporaries() == 0);
  }
}

TEST_CASE("output files: a target that is not a regular file is refused, not replaced", "[cli][output]") {
  Scratch s;
  SECTION("a FIFO: renaming a new file over it would replace it (turn-3 defect 18)") {
    const std::string fifo = (s.dir / "f").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    const std::string e = error_of([&] { cli::check_output_path("--trace", fifo); });
    CHECK(e.find("'--trace': cannot write file: it is a FIFO (named pipe), not a regular file") != std::string::npos);
    struct stat st {};
    REQUIRE(::lstat(fifo.c_str(), &st) == 0);
    CHECK(S_ISFIFO(st.st_mode));
  }
  SECTION("/dev/null, a character device") {
    const std::string e = error_of([&] { cli::check_output_path("--html", "/dev/null"); });
    CHECK(e.find("it is a character device, not a regular file") != std::string::npos);
  }
  SECTION("a symlink is allowed: the writer replaces the link and never writes through it") {
    std::ofstream(s.dir / "victim") << "secret";
    fs::create_symlink(s.dir / "victim", s.dir / "out.json");
    cli::check_output_path("--trace", (s.dir / "out.json").string());
    cli::write_file_atomic((s.dir / "out.json").string(), "{}");
    CHECK(slurp(s.dir / "victim") == "secret");
    CHECK_FALSE(fs::is_symlink(s.dir / "out.json"));
  }
}

TEST_CASE("output files: an output that is one of the command's inputs is refused (turn-3 defect 18)", "[cli][output]") {
  Scratch s;
  const std::string input = (s.dir / "s.yaml").string();
  std::ofstream(input) << "name: x\n";
  SECTION("declared after the input was read: refused at check_output_path") {
    (void)read_input_file(input);
    const std::string e = error_of([&] { cli::check_output_path("--trace", input); });
    CHECK(e.find("'--trace': " + input + " is one of this command's inputs") != std::string::npos);
  }
  SECTION("declared before the input is read (the CLI checks its flags first): refused when it is read") {
    cli::check_output_path("-o", input);
    const std::string e = error_of([&] { (void)read_input_file(input); });
    CHECK(e.find("'-o': " + input + " is one of this command's inputs") != std::string::npos);
  }
  SECTION("the same file under another name (a hard link) is the same input") {
    const std::string other = (s.dir / "h.yaml").string();
    REQUIRE(::link(input.c_str(), other.c_str()) == 0);
    (void)read_input_file(input);
    const std::string e = error_of([&] { cli::check_output_path("--csv", other); });
    CHECK(e.find("(read as " + input + ")") != std::string::npos);
  }
  SECTION("checked again when the file is written: nothing replaces the input") {
    (void)read_input_file(input);
    CHECK_FALSE(error_of([&] { cli::write_file_atomic(input, "trace"); }).empty());
    CHECK(slurp(input) == "name: x\n");
    CHECK(s.entries() == 1);
  }
  CHECK(cli::live_temporaries() == 0);
}

TEST_CASE("output files: a signal removes the live temporaries, then kills as it would have", "[cli][output][signal]") {
  // A child process streams into an output, then is sent the signal mid-write: it must die of
  // that signal (exit status as if never caught) and leave the folder empty.
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) {
    Scratch s;
    const std::string target = (s.dir / "t.json").string();
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      // Catch2 handles some signals itself: the child starts from the defaults, as the CLI does.
      for (int k : {SIGTERM, SIGHUP, SIGINT}) ::signal(k, SIG_DFL);
      cli::remove_temporaries_on_signals();
      cli::OutputFile f("--trace", target);
      f.stream() << std::string(1 << 20, 'x');
      f.stream().flush();
      ::raise(sig);
      ::_exit(0);  // not reached: the signal ends the process
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == sig);
    CHECK(s.entries() == 0);
  }
}
