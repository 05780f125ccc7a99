// The files simtrain writes (--trace, --html, --csv, --chakra, --dot, --export-nccl-xml,
// calibrate -o, topo --import -o): checked before any work starts, written so that a reader
// never sees half a file and nothing else is touched.
//
//   check_output_path   before the work: the folder exists, is a folder and is writable; the
//                       target, if it exists, is a regular file or a symlink (a folder, a
//                       device such as /dev/null, a FIFO or a socket is refused: renaming a new
//                       file over it would replace it) and is none of the command's inputs
//                       (scenario/command_files.hpp: `--trace s.yaml` with s.yaml the scenario);
//                       else a ScenarioError naming the flag
//   OutputFile          the content goes to a new file in the same folder, created exclusively
//                       by mkstemp (O_CREAT | O_EXCL, a random name .NAME.simtrain-XXXXXX: a
//                       symlink or file an attacker planted at a predictable name is never
//                       followed or reused), written through stream() as it is produced (a
//                       trace of millions of events is never held whole in memory), and on
//                       commit() flushed, fsynced, checked again (regular file, not an input)
//                       and renamed over the target. rename(2) replaces a symlink at the target
//                       with the file; the link's destination is left untouched. An OutputFile
//                       destroyed before commit() (an error, an exception) removes its
//                       temporary: the target is as it was.
//   write_file_atomic   an OutputFile written with one string.
//
// Signals: every live temporary's name is also kept in a fixed table that a SIGINT, SIGTERM
// or SIGHUP handler reads (async-signal-safe: fixed char buffers, atomic flags, unlink(2)): it
// removes them, then re-raises the signal with the default action, so a killed run exits as
// killed and leaves no hidden .NAME.simtrain-XXXXXX behind. remove_temporaries_on_signals()
// installs it (the CLI's main, once, before any work), only for signals whose action is the
// default: a signal ignored under nohup, or one a launcher handles, is left as it is. SIGKILL
// cannot be caught: its temporary stays (never the target half-written).
// A temporary whose name does not fit the table (over 4,095 bytes, or more than 64 at once) is
// written all the same, without that protection.
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace simtrain::cli {

void remove_temporaries_on_signals();
void check_output_path(const std::string& flag, const std::string& path);

class OutputFile {
 public:
  // Creates the temporary beside `path`; `flag` names the output in errors.
  OutputFile(std::string flag, std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  std::ostream& stream();
  // Flushes, syncs and renames the temporary over the target; a ScenarioError (and the
  // temporary removed) when any step fails, a write included (a full disk).
  void commit();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

void write_file_atomic(const std::string& path, const std::string& content);

// The number of temporaries live now (tests: none is left after a commit or an error).
std::size_t live_temporaries();

}  // namespace simtrain::cli
