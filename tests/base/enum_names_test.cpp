#include <catch2/catch.hpp>

#include <string>
#include <type_traits>

#include "base/enum_names.hpp"
#include "chakra/trace.hpp"
#include "coll/collective.hpp"
#include "coll/nccl_params.hpp"
#include "data/data_spec.hpp"
#include "report/profile_result.hpp"
#include "report/sweep_report.hpp"
#include "scenario/cost_spec.hpp"
#include "scenario/nccl_tests_log.hpp"
#include "scenario/units.hpp"
#include "topo/catalog.hpp"
#include "topo/cluster.hpp"
#include "train/cost_of_run.hpp"
#include "train/fsdp.hpp"
#include "train/layout.hpp"
#include "train/megatron.hpp"
#include "train/megatron_overlap.hpp"
#include "train/pipeline_schedule.hpp"
#include "work/cost.hpp"
#include "work/model.hpp"
#include "work/sequences.hpp"

using namespace simtrain;

namespace {

// What is wrong with `table` for an enum whose values run from `first` to `last` (its
// declaration's): a value without a name, an entry outside the values, a name or alias that
// does not parse back to its value, a print-only name that parses. "" when nothing is.
template <typename E, std::size_t N>
std::string coverage_problem(const EnumNames<E, N>& table, E first, E last) {
  using U = std::underlying_type_t<E>;
  for (long long i = static_cast<long long>(first); i <= static_cast<long long>(last); ++i)
    if (table.name(static_cast<E>(static_cast<U>(i))) == "?") return "value " + std::to_string(i) + " has no name";
  for (const EnumName<E>& e : table.entries) {
    const std::string n(e.name);
    if (e.value < first || e.value > last) return "'" + n + "' names no value of the enum";
    if (e.use == NameUse::kPrintOnly && table.parse(e.name).has_value()) return "print-only '" + n + "' parses";
    if (e.use != NameUse::kPrintOnly && table.parse(e.name) != e.value) return "'" + n + "' does not parse back";
  }
  return "";
}

}  // namespace

TEST_CASE("enum name tables: one table prints, parses and lists a name") {
  SECTION("every collective algorithm prints its name and a user's name parses back to it") {
    for (coll::Algo a : {coll::Algo::automatic, coll::Algo::ring, coll::Algo::tree, coll::Algo::hierarchical,
                         coll::Algo::nvls, coll::Algo::nvls_tree}) {
      REQUIRE(coll::kAlgoNames.parse(coll::algo_name(a)) == a);
    }
    REQUIRE(std::string(coll::algo_name(coll::Algo::automatic)) == "auto");
  }
  SECTION("p2p prints but no user chooses it: not parsed, not offered") {
    REQUIRE(std::string(coll::algo_name(coll::Algo::p2p)) == "p2p");
    REQUIRE_FALSE(coll::kAlgoNames.parse("p2p").has_value());
    REQUIRE(coll::kAlgoNames.choices() == "auto, ring, tree, hierarchical, nvls or nvls_tree");
  }
  SECTION("nccl-tests' allreduce is an alias: parsed, printed as all_reduce, not offered") {
    REQUIRE(coll::op_from_name("allreduce") == coll::Op::all_reduce);
    REQUIRE(coll::op_from_name("reducescatter") == coll::Op::reduce_scatter);
    REQUIRE(std::string(coll::op_name(coll::Op::all_reduce)) == "all_reduce");
    REQUIRE(coll::op_names() == std::vector<std::string>{"all_reduce", "reduce_scatter", "all_gather", "broadcast", "all_to_all"});
    REQUIRE_FALSE(coll::op_from_name("all-reduce").has_value());
    REQUIRE(coll::kOpNames.aliases() == std::vector<std::string>{"allreduce", "reducescatter", "allgather", "alltoall"});
  }
  SECTION("a table is usable at compile time") {
    constexpr auto t = enum_names<int>({{1, "one"}, {2, "two"}, {1, "uno", NameUse::kAlias}});
    static_assert(t.parse("uno") == 1);
    static_assert(t.name(1) == "one");
    REQUIRE(t.choices(" | ", " | ") == "one | two");
  }
  SECTION("parse into a value: true and set for a name or alias, false and untouched otherwise") {
    work::ConvLayout l = work::ConvLayout::nchw;
    REQUIRE(work::kConvLayoutNames.parse("channels_last", l));
    REQUIRE(l == work::ConvLayout::nhwc);
    REQUIRE_FALSE(work::kConvLayoutNames.parse("NHWC", l));
    REQUIRE(l == work::ConvLayout::nhwc);
  }
}

TEST_CASE("enum name tables: the coverage check finds a table that misses a value") {
  enum class Three { a, b, c };
  constexpr auto missing_c = enum_names<Three>({{Three::a, "a"}, {Three::b, "b"}});
  REQUIRE(coverage_problem(missing_c, Three::a, Three::c) == "value 2 has no name");
  constexpr auto twice = enum_names<Three>({{Three::a, "a"}, {Three::b, "a"}, {Three::c, "c"}});
  REQUIRE(coverage_problem(twice, Three::a, Three::c) == "'a' does not parse back");
  constexpr auto hidden = enum_names<Three>({{Three::a, "a"}, {Three::b, "b"}, {Three::c, "a", NameUse::kPrintOnly}});
  REQUIRE(coverage_problem(hidden, Three::a, Three::c) == "print-only 'a' parses");
}

// Each table names every value of its enum, from the first to the last its declaration lists.
TEST_CASE("enum name tables: every table names every value of its enum, and each name parses back") {
  CHECK(coverage_problem(coll::kOpNames, coll::Op::all_reduce, coll::Op::all_to_all) == "");
  CHECK(coverage_problem(coll::kAlgoNames, coll::Algo::automatic, coll::Algo::p2p) == "");
  CHECK(coverage_problem(coll::kProtocolNames, coll::Protocol::ll, coll::Protocol::simple) == "");
  CHECK(coverage_problem(work::kPrecisionNames, work::Precision::fp32, work::Precision::nvfp4) == "");
  CHECK(coverage_problem(work::kOptimizerNames, work::Optimizer::sgd, work::Optimizer::adamw) == "");
  CHECK(coverage_problem(work::kAttentionKernelNames, work::AttentionKernel::fa2, work::AttentionKernel::cudnn) == "");
  CHECK(coverage_problem(work::kConvLayoutNames, work::ConvLayout::nchw, work::ConvLayout::nhwc) == "");
  CHECK(coverage_problem(work::kBatchingNames, work::Batching::padded, work::Batching::packed) == "");
  CHECK(coverage_problem(work::kOpKindNames, work::OpKind::gemm, work::OpKind::loss) == "");
  CHECK(coverage_problem(work::kSplitNames, work::Split::none, work::Split::expert_row) == "");
  CHECK(coverage_problem(train::kPipeScheduleNames, train::PipeSchedule::gpipe, train::PipeSchedule::interleaved) == "");
  CHECK(coverage_problem(train::kRecomputeNames, train::Recompute::none, train::Recompute::full) == "");
  CHECK(coverage_problem(train::kDataShardingNames, train::DataSharding::none, train::DataSharding::full_shard) == "");
  CHECK(coverage_problem(train::kShardingNames, train::Sharding::full_shard, train::Sharding::zero1) == "");
  CHECK(coverage_problem(train::kShardingLabels, train::Sharding::full_shard, train::Sharding::zero1) == "");
  CHECK(coverage_problem(train::kBackwardPrefetchNames, train::BackwardPrefetch::pre, train::BackwardPrefetch::none) == "");
  CHECK(coverage_problem(train::kDimLabels, train::Dim::tp, train::Dim::dp_cp) == "");
  CHECK(coverage_problem(train::kOriginLabels, train::Origin::none, train::Origin::derived) == "");
  CHECK(coverage_problem(train::kUbMethodNames, train::UbMethod::ring_exchange, train::UbMethod::bulk) == "");
  CHECK(coverage_problem(train::kUbLayerNames, train::UbLayer::none, train::UbLayer::fc2) == "");
  CHECK(coverage_problem(kRateKindNames, RateKind::on_demand, RateKind::spot) == "");
  CHECK(coverage_problem(kDimensionLabels, Dimension::bytes, Dimension::money) == "");
  CHECK(coverage_problem(kNcclTestsBinaryNames, NcclTestsBinary::all_reduce, NcclTestsBinary::sendrecv) == "");
  CHECK(coverage_problem(data::kFormatNames, data::Format::files, data::Format::ram) == "");
  CHECK(coverage_problem(topo::kDeviceTypeNames, topo::DeviceType::gpu, topo::DeviceType::storage) == "");
  CHECK(coverage_problem(coll::kLibraryNames, coll::Library::nccl, coll::Library::rccl) == "");
  CHECK(coverage_problem(topo::kLinkClassNames, topo::LinkClass::nvlink, topo::LinkClass::infinity_fabric) == "");
  CHECK(coverage_problem(topo::kTransportNames, topo::LinkKind::Transport::none, topo::LinkKind::Transport::socket) == "");
  CHECK(coverage_problem(topo::kTransportLabels, topo::LinkKind::Transport::none, topo::LinkKind::Transport::socket) == "");
  CHECK(coverage_problem(topo::kSwitchClassNames, topo::SwitchClass::nvswitch, topo::SwitchClass::network) == "");
  CHECK(coverage_problem(report::kKernelKindNames, report::KernelKind::gemm, report::KernelKind::nccl) == "");
  CHECK(coverage_problem(report::kRankByNames, report::RankBy::time, report::RankBy::energy) == "");
  CHECK(coverage_problem(chakra::kCollTypeNames, chakra::CollType::all_reduce, chakra::CollType::all_to_all) == "");
}

// The texts the tables replaced, as messages and --help print them (the CLI goldens hold them).
TEST_CASE("enum name tables: the lists they print are the ones the hand-written lists were") {
  REQUIRE(work::kPrecisionNames.choices(" | ", " | ") == "fp32 | tf32 | amp_fp16 | amp_bf16 | bf16 | fp16 | fp8 | mxfp8 | nvfp4");  // mxfp8, nvfp4: TE's block-scaled recipes (Blackwell)
  REQUIRE(work::kPrecisionNames.parse("mixed") == work::Precision::amp_fp16);
  REQUIRE(work::kPrecisionNames.parse("bf16_mixed") == work::Precision::amp_bf16);
  REQUIRE(work::kOptimizerNames.choices(" | ", " | ") == "sgd | adam | adamw");
  REQUIRE(coll::kProtocolNames.choices() == "LL, LL128 or Simple");
  REQUIRE(coll::kProtocolNames.parse("ll128") == coll::Protocol::ll128);
  REQUIRE(report::kRankByNames.choices() == "time, cost or energy");
  REQUIRE(train::kShardingNames.choices(" | ", " | ") == "full_shard | shard_grad_op | hybrid_shard | no_shard");
  REQUIRE(std::string(train::kShardingLabels.name(train::Sharding::zero1)) == "ZeRO-1");
  REQUIRE(topo::kTransportNames.choices(" | ", " | ") == "ib | roce | socket");
  REQUIRE(std::string(train::kPipeScheduleNames.name(train::PipeSchedule::one_f_one_b)) == "1f1b");
}
