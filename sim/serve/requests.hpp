// The requests of a serving run, drawn from the scenario's distributions with its seed. The
// draws are this file's own arithmetic on std::mt19937_64's output (whose sequence the C++
// standard fixes), never the standard library's distributions (whose algorithms it leaves to
// each implementation): the same seed gives the same requests with any compiler.
//   uniform u in [0, 1)      = (x >> 11) x 2^-53
//   exponential (rate r)     = -ln(1 - u) / r          (Poisson inter-arrival gaps)
//   normal                   = Box-Muller, sqrt(-2 ln(1 - u1)) cos(2 pi u2)
//   lognormal (mean m, s)    = exp(mu + s z), mu = ln m - s^2 / 2 (so its mean is m), rounded, clipped to [min, max]
//   uniform integer [a, b]   = a + floor(u (b - a + 1))
// Lengths and gaps come from separate streams (seed and seed + 1), so changing the rate moves
// the arrival times and nothing else: an SLO search compares like with like.
#pragma once

#include <cstdint>
#include <vector>

#include "base/time.hpp"
#include "serve/serve_spec.hpp"

namespace simtrain::serve {

struct Request {
  TimePs arrival_ps = 0;  // poisson: drawn; closed loop: set when a client sends it
  long long prompt = 0, output = 0;
};

// `count` requests; arrival times at `rate_per_s` for poisson (the first at its first gap), 0
// for a closed loop.
std::vector<Request> draw_requests(const ServeSpec& spec, double rate_per_s);

}  // namespace simtrain::serve
