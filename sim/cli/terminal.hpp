// The width of the terminal stdout writes to, for tables that would be wider: 0 when stdout is
// a file or a pipe (goldens, scripts), so what they read never depends on a window's size.
#pragma once

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstddef>

namespace simtrain::cli {

// Only a window that says its size counts: mpirun hands its ranks a pseudo-terminal of no size
// even when its own output goes to a file (dist.validate), and that must stay the plain table.
inline std::size_t terminal_columns() {
  if (!::isatty(STDOUT_FILENO)) return 0;
  winsize w{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 0;
}

}  // namespace simtrain::cli
