#include "base/time.hpp"

#include <algorithm>

namespace simtrain {

TimePs duration_for_bytes(double bytes, double rate_bytes_per_s) {
  if (bytes <= 0) return 0;
  if (!(rate_bytes_per_s > 0)) return kNever;
  double ps = std::ceil(bytes / rate_bytes_per_s * 1e12);
  // Beyond ~106 days of simulated time we saturate rather than overflow.
  if (ps >= 9.2e18) return kNever;
  return static_cast<TimePs>(ps);
}

TimePs remaining_duration(double done, TimePs duration_ps) {
  if (duration_ps <= 0 || done >= 1.0) return 0;
  const double left = (1.0 - std::max(0.0, done)) * static_cast<double>(duration_ps);
  return static_cast<TimePs>(std::ceil(left - 1e-6));
}

}  // namespace simtrain
