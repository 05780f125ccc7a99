#include "serve/requests.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace simtrain::serve {

namespace {

double unit(std::mt19937_64& g) { return static_cast<double>(g() >> 11) * 0x1.0p-53; }

long long draw_length(const LengthSpec& s, std::mt19937_64& g) {
  switch (s.dist) {
    case LengthDist::fixed: return s.tokens;
    case LengthDist::uniform: {
      const double span = static_cast<double>(s.max - s.min + 1);
      return std::min(s.max, s.min + static_cast<long long>(std::floor(unit(g) * span)));
    }
    case LengthDist::lognormal: {
      const double z = std::sqrt(-2 * std::log(1 - unit(g))) * std::cos(2 * std::numbers::pi * unit(g));
      const double mu = std::log(s.mean) - s.sigma * s.sigma / 2;
      const double v = std::llround(std::exp(mu + s.sigma * z));
      return std::clamp(static_cast<long long>(v), s.min, s.max);
    }
  }
  return s.tokens;
}

}  // namespace

std::vector<Request> draw_requests(const ServeSpec& spec, double rate_per_s) {
  std::mt19937_64 lengths(spec.seed), gaps(spec.seed + 1);
  std::vector<Request> out(static_cast<std::size_t>(spec.requests));
  double t = 0;
  for (Request& r : out) {
    r.prompt = draw_length(spec.prompt, lengths);
    r.output = draw_length(spec.output, lengths);
    if (spec.arrival == ArrivalProcess::poisson) {
      t += -std::log(1 - unit(gaps)) / rate_per_s;
      r.arrival_ps = seconds_to_ps(t);
    }
  }
  return out;
}

}  // namespace simtrain::serve
