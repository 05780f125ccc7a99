#include "report/progress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace simtrain::report {

std::string clock_text(double seconds) {
  const long long s = std::llround(std::max(0.0, seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string progress_line(std::size_t done, std::size_t total, std::size_t resumed, double elapsed_s) {
  constexpr std::size_t kWidth = 30;
  const std::size_t filled = total == 0 ? kWidth : kWidth * std::min(done, total) / total;
  std::string out = "[" + std::string(filled, '#') + std::string(kWidth - filled, ' ') + "] ";
  out += fmt::format("{}/{} points", done, total);
  const std::size_t ran = done > resumed ? done - resumed : 0;
  if (ran == 0 || !(elapsed_s > 0)) return out + (done >= total ? "" : "  -/s  ? left");
  const double rate = static_cast<double>(ran) / elapsed_s;
  out += rate >= 10 ? fmt::format("  {:.0f}/s", rate) : rate >= 0.1 ? fmt::format("  {:.1f}/s", rate)
                                                                       : fmt::format("  {:.1f}/min", rate * 60);
  if (done >= total) return out + "  " + clock_text(elapsed_s) + " in all";
  return out + "  " + clock_text(static_cast<double>(total - done) / rate) + " left";
}

}  // namespace simtrain::report
