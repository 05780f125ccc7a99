#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chakra/trace.hpp"
#include "drive/replay.hpp"
#include "scenario/error.hpp"

using namespace simtrain;
using namespace simtrain::chakra;

namespace {

// Two ranks: 1.5 ms of GPU work, then a 256 MiB all-reduce between them, then 0.25 ms more.
std::vector<OutNode> rank_nodes() {
  std::vector<OutNode> v(3);
  v[0].id = 10;
  v[0].name = "forward";
  v[0].duration_ps = 1'500'000'123;  // not a whole microsecond: simtrain_duration_ps keeps it
  v[1].id = 20;
  v[1].name = "grads";
  v[1].kind = NodeKind::collective;
  v[1].comm_bytes = 256.0 * 1048576 + 0.5;  // not a whole byte: simtrain_comm_bytes keeps it
  v[1].deps = {10};
  v[2].id = 30;
  v[2].name = "optimizer";
  v[2].duration_ps = 250'000'000;
  v[2].deps = {20};
  return v;
}

}  // namespace

TEST_CASE("Chakra ET files round-trip through the writer and the reader") {
  const std::string bytes = encode_rank_file(rank_nodes(), 3);
  ReadStats stats;
  const RankTrace rt = parse_rank_file("x.0.et", 0, bytes, {}, stats);
  SECTION("the GPU the times are for (simtrain_gpu) comes back; a file without it names none") {
    ReadStats s;
    CHECK(parse_rank_file("x.0.et", 0, encode_rank_file(rank_nodes(), 3, "NVIDIA A100-SXM4-40GB"), {}, s).gpu ==
          "NVIDIA A100-SXM4-40GB");
    CHECK(rt.gpu.empty());
  }
  SECTION("every field simtrain writes comes back exactly") {
    REQUIRE(rt.version == "0.0.4");
    REQUIRE(rt.steps == 3);
    REQUIRE(rt.nodes.size() == 3);
    CHECK(rt.nodes[0].kind == NodeKind::compute);
    CHECK(*rt.nodes[0].duration_ps == 1'500'000'123);
    CHECK(rt.nodes[1].kind == NodeKind::collective);
    CHECK(rt.nodes[1].coll == CollType::all_reduce);
    CHECK(rt.nodes[1].comm_bytes == 256.0 * 1048576 + 0.5);
    CHECK(rt.nodes[1].deps == std::vector<std::uint32_t>{0});
    CHECK(rt.nodes[2].deps == std::vector<std::uint32_t>{1});
    CHECK(stats.ignored_attrs.empty());
  }
  SECTION("a file cut at any byte is an error naming a record, never a crash or a partial trace") {
    for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
      ReadStats s;
      try {
        const RankTrace part = parse_rank_file("x.0.et", 0, bytes.substr(0, cut), {}, s);
        // A cut on a record boundary is a shorter valid file: then a dependency is missing or it is whole.
        CHECK(part.nodes.size() < 3);
      } catch (const ScenarioError& e) {
        CHECK(std::string(e.what()).find("x.0.et: error: record ") == 0);
      }
    }
  }
}

TEST_CASE("Replaying a Chakra trace on a cluster") {
  // dgx_a100: 8 A100s on NVSwitch. The 2-rank case of tests/data/chakra (make_cases.py):
  // forward 2 ms as given; backward 3.12 TFLOP and 1 GiB with no duration, so the roofline at
  // the A100's measured best bf16 matmul rate (topologies/compute.yaml: 0.869 of 312 TFLOP/s)
  // gives 3.12e12 / (312e12 x 0.869) = 11.507 ms plus the launch; the send of 1 MiB overlaps
  // the backward; the optimizer 0.5 ms; the host's loss.item() 30 us after it.
  drive::ReplayOptions o;
  o.dir = std::string(SIMTRAIN_TEST_DATA) + "/chakra/two_ranks";
  o.system_path = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/dgx_a100.yaml";
  const ReplayResult r = drive::replay_trace(o);
  REQUIRE(r.ranks == 2);
  CHECK(r.costed_nodes == 2);
  const double backward_s = 3.12e12 / (312e12 * 0.869);
  const double ar_s = r.comm[0].busy_s;  // ALL_REDUCE, from the collective model
  REQUIRE(r.comm[0].type == "ALL_REDUCE");
  // The chain forward -> backward -> all-reduce -> optimizer -> loss.item() is the critical path.
  CHECK(r.time_s == Approx(2e-3 + backward_s + ar_s + 0.5e-3 + 30e-6).epsilon(1e-3));
  CHECK(r.per_rank[0].exposed_comm_s == Approx(ar_s).epsilon(1e-9));
  CHECK(r.ignored_attrs.at("rf_id") == 2);
}
