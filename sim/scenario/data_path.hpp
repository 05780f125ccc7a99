// Where simtrain finds the data it ships: systems and catalogs (topologies/), models
// (models/), scenarios (scenarios/), the validation cases and error bands (validation/).
// Every lookup of shipped data goes through here; nothing else knows where the data lies.
//
// The order, first match wins, and why:
//   1. the folder of the input file that names it (a system beside its scenario, a catalog
//      such as devices.yaml beside its system file): a user's files that sit together are
//      read together, before anything shipped;
//   2. the current folder, for a name the user typed (a scenario, a system, a model): as any
//      program reads a relative path. Not for the catalogs a run finds by itself: a stray
//      devices.yaml in the current folder must not replace the catalog unasked;
//   3. each --data-dir DIR, in the order given: this run's choice, stronger than the shell's;
//   4. each folder of SIMTRAIN_DATA_PATH (colon-separated, empty parts skipped): this shell's
//      or this site's choice, e.g. one modified system file over an installed tree;
//   5. <prefix>/share/simtrain, the prefix found from the running executable
//      (/proc/self/exe, then ../share/simtrain): the data installed with this binary, so an
//      installed tree may be moved (relocatable) and two installs never read each other's;
//   6. the source tree, only when the executable runs from inside the build folder it was
//      built in (a development build): an installed or copied binary never reads a checkout.
// Folders 3-6 are the data path (`simtrain describe data-path` prints it); in each, a kind's
// files sit in the kind's subfolder (topologies/dgx_a100.yaml). A bare name (no '/') is looked
// up as NAME and NAME.yaml; a name with a '/' is a path and read as given.
//
// The data path is read once (environment, executable's place) after the command line set
// --data-dir, and only read afterwards: lookups are deterministic, and the searches' threads
// share it without locks.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace simtrain::data_path {

// What a user names by file or by name, and the folder of a data-path entry it lives in.
enum class Kind { system, model, scenario, calibration };
const char* subdir(Kind k);  // topologies, models, scenarios, calibrate

struct Root {
  std::filesystem::path dir;
  std::string origin;  // "--data-dir", "SIMTRAIN_DATA_PATH", "install prefix", "source tree, development build"
  bool present = false;  // the folder exists
};

// --data-dir DIR..., in the order given. Call before the first lookup (the CLI does, first
// thing); a later call is a programming error (std::logic_error).
void set_data_dirs(const std::vector<std::string>& dirs);

// The data path, folders 3-6 above, present or not, in order.
const std::vector<Root>& roots();

// A shipped file by its path under a data-path folder ("topologies/devices.yaml"): the first
// present folder that holds it, or "" when none does.
std::string find(const std::string& rel);
// The same, or a ScenarioError naming the folders searched (and how to add one).
std::string require(const std::string& rel);
// A catalog file (devices.yaml, compute.yaml, ...) for the file `beside`: in beside's folder
// (step 1), else topologies/<name> on the data path; a ScenarioError when neither holds it.
std::string catalog_file(const std::string& name, const std::string& beside);

// A name the user gave: next to `input` (the file that named it; "" for the command line),
// then in the current folder, then on the data path when `name` is a bare name. "" when not
// found.
std::string find_named(Kind k, const std::string& name, const std::string& input = "");
// The scenario file a command names: a path, or a name of a file here, as given; else a bare
// name found in scenarios/ on the data path (`simtrain 8xA100_pcie_switch.yaml` in any
// folder). A ScenarioError (the folders searched, the nearest name) when none holds it.
std::string scenario_file(const std::string& given);

// "no system file 'X' (looked next to the scenario, in the current folder and in
// topologies/ of the data path: ...) (did you mean 'Y'?)"; `input_noun` says what named it
// ("the scenario"), or "" for the command line.
std::string not_found(Kind k, const std::string& name, const std::string& input_noun);

// The kind's subfolder in each present data-path folder, with its origin, as messages show
// them: "topologies (source tree, development build)"; relative to the current folder when
// inside it.
std::string searched(Kind k);

// The names (file stems, sorted, each once) of a kind's files on the data path; for systems,
// only the files with `devices:` (a catalog file is not a system).
std::vector<std::string> shipped_names(Kind k);

// A file as messages show it: relative to the data-path folder that holds it
// ("topologies/devices.yaml"), else as given.
std::string shown(const std::string& path);

// The data path as `simtrain describe data-path` prints it: the order, each folder with its
// origin and whether it is there.
std::string describe();

}  // namespace simtrain::data_path
