// The progress line of a long search (sweep, advise) on a terminal's stderr: points done of
// the points this process runs, the rate since it started, and the time left at that rate:
//   [############                  ] 412/1000 points  23.5/s  0:25 left
// Points a resumed search found done count as done but not in the rate. Pure formatting: the
// CLI decides when to draw it (only when stderr is a terminal; never under --no-progress, and
// never on stdout, so no output file or captured output changes).
#pragma once

#include <cstddef>
#include <string>

namespace simtrain::report {

// `done` of `total` points, `resumed` of them found done before the clock started, `elapsed_s`
// seconds since then. No carriage return or newline.
std::string progress_line(std::size_t done, std::size_t total, std::size_t resumed, double elapsed_s);

// "0:25", "12:04", "3:07:55".
std::string clock_text(double seconds);

}  // namespace simtrain::report
