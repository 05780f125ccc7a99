#include "engine/time.hpp"

namespace simtrain {

TimePs duration_for_bytes(double bytes, double rate_bytes_per_s) {
  if (bytes <= 0) return 0;
  if (!(rate_bytes_per_s > 0)) return kNever;
  double ps = std::ceil(bytes / rate_bytes_per_s * 1e12);
  // Beyond ~106 days of simulated time we saturate rather than overflow.
  if (ps >= 9.2e18) return kNever;
  return static_cast<TimePs>(ps);
}

}  // namespace simtrain
