// The width of the terminal stdout writes to, for tables that would be wider: 0 when stdout is
// a file or a pipe (goldens, scripts), so what they read never depends on a window's size.
#pragma once

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>

namespace simtrain::cli {

inline std::size_t terminal_columns() {
  if (!::isatty(STDOUT_FILENO)) return 0;
  winsize w{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  const char* columns = std::getenv("COLUMNS");
  const long c = columns ? std::strtol(columns, nullptr, 10) : 0;
  return c > 0 ? static_cast<std::size_t>(c) : 80;
}

}  // namespace simtrain::cli
