// The files simtrain writes (--trace, --html, --csv, --dot, topo --import -o): checked before
// any work starts, written so that a reader never sees half a file and nothing else is touched.
//
//   check_output_path   before the simulation: the folder exists, is a folder and is writable,
//                       and the target is not a folder; else a ScenarioError naming the flag
//   write_file_atomic   the content goes to a new file in the same folder, created exclusively
//                       (O_CREAT | O_EXCL, mode 0644 under the umask: a symlink or file an
//                       attacker planted at a predictable name is never followed or reused),
//                       flushed, then renamed over the target. rename(2) replaces a symlink at
//                       the target with the file; the link's destination is left untouched. An
//                       existing file is replaced atomically; on any failure the temporary is
//                       removed and the target is as it was.
#pragma once

#include <string>

namespace simtrain::cli {

void check_output_path(const std::string& flag, const std::string& path);
void write_file_atomic(const std::string& path, const std::string& content);

}  // namespace simtrain::cli
