// Lengths of unions of half-open intervals: how long a GPU was busy, how long communication
// ran outside compute (the run's step split, drive/run.cpp; a profiler trace's, drive/profile_trace.cpp).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace simtrain {

// Total length of the union of intervals [s, e), clipped to [lo, hi). Touching intervals merge.
template <typename T>
double union_length(std::vector<std::pair<T, T>> iv, T lo, T hi) {
  std::sort(iv.begin(), iv.end());
  double total = 0;
  bool open = false;
  T cur_s{}, cur_e{};
  for (auto [s, e] : iv) {
    s = std::max(s, lo);
    e = std::min(e, hi);
    if (e <= s) continue;
    if (!open || s > cur_e) {
      if (open) total += static_cast<double>(cur_e - cur_s);
      cur_s = s;
      cur_e = e;
      open = true;
    } else {
      cur_e = std::max(cur_e, e);
    }
  }
  if (open) total += static_cast<double>(cur_e - cur_s);
  return total;
}

// Length of A minus B (both unions of intervals) within [lo, hi).
template <typename T>
double covered_not_by(const std::vector<std::pair<T, T>>& a, const std::vector<std::pair<T, T>>& b, T lo, T hi) {
  std::vector<std::pair<T, T>> ab = a;
  ab.insert(ab.end(), b.begin(), b.end());
  return union_length(ab, lo, hi) - union_length(b, lo, hi);
}

}  // namespace simtrain
