#include "work/sequences.hpp"

#include <algorithm>
#include <cmath>

namespace simtrain::work {

const char* batching_name(Batching b) { return kBatchingNames.c_str(b); }
bool parse_batching(const std::string& s, Batching& out) { return kBatchingNames.parse(s, out); }

SequenceShape sequence_shape(const SequenceLengths& s) {
  SequenceShape out;
  const double max_len = static_cast<double>(s.seq_len);
  const double mean = s.mean_length > 0 ? std::min(s.mean_length, max_len) : max_len;
  out.max_len = s.seq_len;
  out.tokens_per_sample = mean;
  switch (s.batching) {
    case Batching::padded:
      out.executed_len = s.seq_len;
      break;
    case Batching::binned: {
      const double padded = std::ceil(mean + 0.5 * static_cast<double>(s.bin_width));
      out.executed_len = std::clamp(static_cast<long long>(padded), 1LL, s.seq_len);
      break;
    }
    case Batching::packed:
      out.executed_len = s.seq_len;
      out.samples_per_row = max_len / mean;
      break;
  }
  const double real_per_row = mean * out.samples_per_row;
  out.padding_share = std::max(0.0, 1.0 - real_per_row / static_cast<double>(out.executed_len));
  return out;
}

}  // namespace simtrain::work
