// Looking files up by names that came from input. std::filesystem's throwing overloads raise
// filesystem_error for a name the OS refuses (longer than NAME_MAX, a component too long, a
// permission denied on the way): a name from a stranger's file must never end in an internal
// error (fuzz finding scenario/system-name-too-long.yaml). These answer "no such file" instead,
// and the caller reports the missing file at the key that named it.
#pragma once

#include <filesystem>
#include <system_error>

namespace simtrain {

inline bool exists_quietly(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::exists(p, ec) && !ec;
}

inline bool is_file(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) && !ec;
}

}  // namespace simtrain
