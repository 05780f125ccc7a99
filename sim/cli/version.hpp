// Which simtrain this is, and the envelope every `--json` output carries.
//
// The version is CMake's alone (project(simtrain VERSION ...), passed as SIMTRAIN_VERSION); the
// git revision comes from a source generated at build time (cmake/version_info.cmake), so it
// follows each commit without reconfiguring, and is empty outside a git checkout.
//
// Every JSON output is an object whose first key is the envelope (docs/json.md):
//   {"simtrain": {"version": "0.1.0", "revision": "454b5ba", "schema": 1}, ...the command's fields}
// ("revision" only when built from git). A command whose output is a list puts it under "rows".
// kJsonSchema is bumped when a field changes meaning or disappears; adding a field keeps it.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace simtrain::cli {

constexpr int kJsonSchema = 1;

const char* project_version();  // "0.1.0"
const char* git_revision();     // "454b5ba", "454b5ba-dirty", or "" (not built from git)

// `simtrain --version`: "simtrain 0.1.0 (git 454b5ba)", or "simtrain 0.1.0".
std::string version_line();

// The version a search journal records and compares on --resume/merge: "simtrain 0.1.0",
// without the revision, so journals written before the revision existed stay valid and a
// rebuild at another commit of the same version can resume them (as before).
std::string journal_version();

// `body` inside the envelope: an object's keys follow "simtrain"; an array becomes "rows".
nlohmann::ordered_json json_envelope(const nlohmann::json& body);

// Prints json_envelope(body), indented by 2, and a newline.
void print_json(std::ostream& out, const nlohmann::json& body);

}  // namespace simtrain::cli
