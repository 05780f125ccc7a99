// Lengths of unions of half-open intervals: how long a GPU was busy, how long communication
// ran outside compute (the run's step split, drive/run.cpp; a profiler trace's, drive/profile_trace.cpp).
// union_length sorts its intervals on every call (n log n per window); a reader that asks about
// many windows of one set merges it once into an IntervalUnion and asks in log n + the pieces
// inside the window (the Kineto step split of 10,000 steps was once quadratic).
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

// The union of a set of half-open intervals, merged once (sorted, disjoint, touching pieces
// joined, as union_length merges them), so that its length within any window costs a binary
// search plus the pieces inside. length_within(lo, hi) sums the same clipped pieces in the same
// order as union_length(iv, lo, hi), so both give the same double.
template <typename T>
class IntervalUnion {
 public:
  explicit IntervalUnion(std::vector<std::pair<T, T>> iv) {
    std::sort(iv.begin(), iv.end());
    for (const auto& [s, e] : iv) {
      if (e <= s) continue;
      if (pieces_.empty() || s > pieces_.back().second)
        pieces_.emplace_back(s, e);
      else
        pieces_.back().second = std::max(pieces_.back().second, e);
    }
  }

  double length_within(T lo, T hi) const {
    // The first piece ending after lo (pieces are disjoint and sorted, so their ends are too).
    auto it = std::upper_bound(pieces_.begin(), pieces_.end(), lo,
                               [](T v, const std::pair<T, T>& p) { return v < p.second; });
    double total = 0;
    for (; it != pieces_.end() && it->first < hi; ++it) {
      const T s = std::max(it->first, lo), e = std::min(it->second, hi);
      if (e > s) total += static_cast<double>(e - s);
    }
    return total;
  }

 private:
  std::vector<std::pair<T, T>> pieces_;
};

}  // namespace simtrain
