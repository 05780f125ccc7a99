#pragma once
// The benches' process clocks: CPU seconds (user + system) and peak resident memory of this
// process, from getrusage(RUSAGE_SELF). One place for every bench/ harness.
#include <sys/resource.h>

namespace simtrain::bench {

inline double cpu_s() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

inline long peak_rss_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace simtrain::bench
