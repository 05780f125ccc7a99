// Simulated time: an integer count of picoseconds.
//
// Integer time makes every run bit-for-bit deterministic: two events never drift apart by
// rounding, and equal times compare equal. Doubles (seconds, rates) appear only at the
// edges; the conversion from a rate-derived duration to integer time happens in exactly one
// function, duration_for_bytes, which rounds up so that a transfer never completes before
// its last byte has arrived (at most 1 ps late).
//
// A leaf: the network, the engine, the topology and the cost models all speak in TimePs,
// so it sits below them all and includes nothing of theirs (net/ need not see engine/).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace simtrain {

using TimePs = std::int64_t;

inline constexpr TimePs kPsPerSecond = 1'000'000'000'000LL;
inline constexpr TimePs kNever = std::numeric_limits<TimePs>::max();

inline double ps_to_seconds(TimePs t) { return static_cast<double>(t) * 1e-12; }
inline double ps_to_us(TimePs t) { return static_cast<double>(t) * 1e-6; }

// Seconds to picoseconds, rounded to nearest (for durations a model computed, e.g. a kernel).
inline TimePs seconds_to_ps(double s) { return static_cast<TimePs>(std::llround(s * 1e12)); }

// The time, in whole picoseconds rounded up, that `bytes` take at `rate_bytes_per_s`.
// A non-positive rate never finishes (kNever); zero bytes take zero time.
TimePs duration_for_bytes(double bytes, double rate_bytes_per_s);

// The time, in whole picoseconds rounded up, left to a piece of work of which `done` (a share
// in [0, 1]) is finished, when the whole of it would take `duration_ps` at the current pace
// (a kernel whose GPU is now shared with a collective). Never negative.
TimePs remaining_duration(double done, TimePs duration_ps);

}  // namespace simtrain
