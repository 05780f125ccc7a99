// Sequence lengths: padding, length bins and packing (work/sequences.hpp), and what they do to
// a simulated step.
#include <catch2/catch.hpp>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "work/sequences.hpp"

using namespace simtrain;
using work::Batching;

namespace {
const std::string kScen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/";

train::RunResult run(const std::string& path, std::vector<std::string> sets) {
  ScenarioSpec s = load_scenario(path, sets);
  return drive::run_scenario(s, drive::RunOptions{});
}
}  // namespace

TEST_CASE("sequence shapes: padded, binned and packed rows", "[work][sequences]") {
  // Krell et al. 2021: at 512, Wikipedia is more than half padding (mean <= 256 real tokens).
  const auto padded = work::sequence_shape({512, 256, Batching::padded, 0});
  CHECK(padded.executed_len == 512);
  CHECK(padded.tokens_per_sample == 256);
  CHECK(padded.samples_per_row == 1);
  CHECK(padded.padding_share == Approx(0.5));
  // LDDL's bins of 64: a batch is padded to its bin's edge, half a bin past the mean.
  const auto binned = work::sequence_shape({512, 256, Batching::binned, 64});
  CHECK(binned.executed_len == 288);
  CHECK(binned.padding_share == Approx(32.0 / 288.0));
  // A bin wider than the room left is capped at the longest sample.
  CHECK(work::sequence_shape({512, 500, Batching::binned, 64}).executed_len == 512);
  // Packing fills rows: 2 samples of 256 in a row of 512, no padding.
  const auto packed = work::sequence_shape({512, 256, Batching::packed, 0});
  CHECK(packed.executed_len == 512);
  CHECK(packed.samples_per_row == Approx(2.0));
  CHECK(packed.padding_share == 0);
  // Without a mean every sample fills the row.
  const auto full = work::sequence_shape({512, 0, Batching::padded, 0});
  CHECK(full.tokens_per_sample == 512);
  CHECK(full.padding_share == 0);
}

TEST_CASE("padding costs what it executes: binned and packed runs beat padded ones", "[work][sequences]") {
  const std::string bert = kScen + "4xA100_nvlink_bert_large.yaml";
  const std::vector<std::string> one = {"gpus_per_node=1", "steps=2", "sequences.mean_length=256"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> sets = one;
    sets.insert(sets.end(), extra.begin(), extra.end());
    return run(bert, sets);
  };
  const train::RunResult padded = with({"sequences.batching=padded"});
  const train::RunResult binned = with({"sequences.batching=binned", "sequences.bin_width=64"});
  const train::RunResult packed = with({"sequences.batching=packed"});
  // Padded: same rows as without `sequences:`, half of the tokens real.
  CHECK(padded.seq_len == 512);
  CHECK(padded.tokens_per_s == Approx(padded.samples_per_s * 256));
  // Binned rows of 288 tokens: less than 288/512 of the padded step (attention grows as s^2),
  // more than the linear share alone could not explain... at least 288^2/512^2 of it.
  CHECK(binned.seq_len == 288);
  const double ratio = binned.step_time_s / padded.step_time_s;
  CHECK(ratio < 288.0 / 512.0 + 0.02);  // + the per-step fixed costs (optimizer, launches)
  CHECK(ratio > (288.0 * 288.0) / (512.0 * 512.0));
  // Packed: the padded step's work carries two samples a row.
  CHECK(packed.step_time_s == Approx(padded.step_time_s).epsilon(1e-9));
  CHECK(packed.samples_per_s == Approx(2 * padded.samples_per_s));
  CHECK(packed.tokens_per_s == Approx(2 * padded.tokens_per_s));
  // MFU counts the executed rows: padding is work the GPU does.
  CHECK(padded.mfu == Approx(packed.mfu));
  // A what-if that switches a scenario's binned batching off keeps its bin_width aside.
  const train::RunResult off = run(kScen + "dgx_a100_bert_large.yaml", {"gpus_per_node=1", "steps=2", "sequences.batching=padded"});
  CHECK(off.seq_len == 512);
}

TEST_CASE("sequence keys: what cannot be represented is refused", "[work][sequences][errors]") {
  const std::string bert = kScen + "4xA100_nvlink_bert_large.yaml";
  // Longer than the learned position table.
  CHECK_THROWS_AS(run(bert, {"seq_len=1024"}), ScenarioError);
  // A mean longer than the rows.
  CHECK_THROWS_AS(run(bert, {"sequences.mean_length=600"}), ScenarioError);
  // binned without its bins, packed without a mean, bin_width without bins.
  CHECK_THROWS_AS(run(bert, {"sequences.batching=binned", "sequences.mean_length=200"}), ScenarioError);
  CHECK_THROWS_AS(run(bert, {"sequences.batching=packed"}), ScenarioError);
  CHECK_THROWS_AS(run(bert, {"sequences.bin_width=64", "sequences.mean_length=200"}), ScenarioError);
  // Not a transformer.
  CHECK_THROWS_AS(run(kScen + "8xA100_pcie_switch.yaml", {"seq_len=128"}), ScenarioError);
}
