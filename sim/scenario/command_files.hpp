// The files one command reads and the files it will write, by identity, so that an output
// named like an input is refused before anything is written (`simtrain s.yaml --trace s.yaml`
// used to replace the scenario with its own trace; `calibrate --nccl-tests log -o log` the log).
//
// Identity is the pair (st_dev, st_ino) of the file itself: the same file under another name
// (./s.yaml, a hard link, a path through a symlinked folder) is caught; a symlink named as the
// output is not its destination (the safe writer, cli/output_file.hpp, replaces the link and
// never writes through it), so it is compared by its own identity (lstat).
//
//   note_input    every input file, once opened (read_input_file calls it with the fstat of
//                 the descriptor it reads: the file actually read, not a name checked earlier).
//                 A file already declared as an output is refused here, before any work.
//   note_output   every output, when the command checks its path (cli::check_output_path):
//                 refused if it exists and is an input read so far; remembered, so that an
//                 input read later (the scenario is loaded after the flags are checked) is
//                 refused by note_input.
//   check_not_input  at the moment of writing (the safe writer's last check before rename).
//
// One record per process, behind a mutex: the files are read deep inside the library (system,
// catalog, model, calibration files, from a sweep's worker threads) and a command is one
// process. The record only grows during a command; `forget_all` is for tests.
#pragma once

#include <sys/types.h>

#include <string>

namespace simtrain::command_files {

void note_input(const std::string& path, dev_t dev, ino_t ino);
void note_output(const std::string& flag, const std::string& path);
void check_not_input(const std::string& flag, const std::string& path);
// The flag an output path was declared with ("" when it was not).
std::string flag_of_output(const std::string& path);
void forget_all();

}  // namespace simtrain::command_files
