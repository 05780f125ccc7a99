#include "cli/version.hpp"

namespace simtrain::cli {

const char* project_version() { return SIMTRAIN_VERSION; }

std::string version_line() {
  const std::string revision = git_revision();
  return std::string("simtrain ") + project_version() + (revision.empty() ? "" : " (git " + revision + ")");
}

std::string journal_version() { return std::string("simtrain ") + project_version(); }

nlohmann::ordered_json json_envelope(const nlohmann::json& body) {
  nlohmann::ordered_json about;
  about["version"] = project_version();
  if (*git_revision() != '\0') about["revision"] = git_revision();  // between the two: its line always ends in ','
  about["schema"] = kJsonSchema;
  nlohmann::ordered_json out;
  out["simtrain"] = std::move(about);
  if (body.is_object()) {
    for (const auto& [key, value] : body.items()) out[key] = value;
  } else {
    out["rows"] = body;
  }
  return out;
}

void print_json(std::ostream& out, const nlohmann::json& body) { out << json_envelope(body).dump(2) << "\n"; }

}  // namespace simtrain::cli
