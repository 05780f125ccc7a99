// Sequence lengths: how many tokens a transformer really computes per sample (docs/model/data.md).
//
// A model's seq_len is the LONGEST sample, the row length the batch is padded to. Text data is
// not that long: "at sequence length 512 padding tokens represent in excess of 50% of the
// Wikipedia dataset used for pretraining BERT" (Krell et al. 2021, "Efficient Sequence Packing
// without Cross-contamination", arXiv:2107.02027, abstract). What the GPU computes depends on
// how the loader batches the samples (scenario `sequences:`):
//
//   padded   every sample padded to seq_len (the vanilla BERT / Hugging Face collate; synthetic
//            and pre-packed LLM data): executed length L_x = seq_len; a sample holds mean_length
//            real tokens, the rest is padding the GPU computes all the same.
//   binned   the loader groups samples by length into bins bin_width tokens wide and draws each
//            batch from one bin (NVIDIA LDDL, "binned pretraining for phase2 ... bin size of 64",
//            DeepLearningExamples BERT README changelog, January 2022); the batch is padded to
//            its bin's upper edge. Assumption: lengths spread evenly within a bin, so a batch is
//            padded by half a bin on average: L_x = min(seq_len, ceil(mean_length + bin_width/2)).
//            The step is simulated at L_x: linear layers scale with L_x, attention with L_x^2.
//            That is exact for one bin; over a spread of bins E[L^2] >= E[L]^2 (Jensen), so
//            attention is UNDER-counted when lengths vary widely (a histogram is not modelled).
//   packed   samples concatenated into rows of seq_len with attention masked per sample (Krell
//            et al. 2021; Megatron/NeMo and torchtitan document packing): L_x = seq_len, every
//            row full (assumption: perfect packing; Krell's NNLSHP reaches near-optimal packs
//            of at most 3 sequences), so a row holds seq_len / mean_length samples. Attention is
//            counted dense over the row (a masked dense kernel, as Krell et al. run it; varlen
//            FlashAttention would compute only sum L_i^2, not modelled).
//
// Throughput then counts samples (sequences) and REAL tokens (mean_length each); model FLOPs
// and MFU count the executed rows (padding included), as a profiler would see the kernels.
// Without `sequences:` every sample fills seq_len (padded with mean_length = seq_len).
#pragma once

#include <string>

#include "base/enum_names.hpp"

namespace simtrain::work {

enum class Batching { padded, binned, packed };
inline constexpr auto kBatchingNames =
    enum_names<Batching>({{Batching::padded, "padded"}, {Batching::binned, "binned"}, {Batching::packed, "packed"}});
const char* batching_name(Batching b);
bool parse_batching(const std::string& s, Batching& out);

struct SequenceLengths {
  long long seq_len = 0;     // the longest sample: rows are padded to it
  double mean_length = 0;    // mean real tokens of a sample; 0: every sample fills seq_len
  Batching batching = Batching::padded;
  long long bin_width = 0;   // binned only
};

struct SequenceShape {
  long long max_len = 0;         // seq_len: the longest sample
  long long executed_len = 0;    // tokens per row the GPU computes (the step is simulated at it)
  double tokens_per_sample = 0;  // real tokens of one sample
  double samples_per_row = 1;    // samples a row carries (packed > 1)
  double padding_share = 0;      // share of the executed tokens that are padding
};

// The formulas above. Preconditions (the scenario parser checks them): seq_len >= 1,
// 0 <= mean_length <= seq_len, bin_width >= 1 when binned.
SequenceShape sequence_shape(const SequenceLengths& s);

}  // namespace simtrain::work
