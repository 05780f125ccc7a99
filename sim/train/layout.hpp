// The layout of a job on its GPUs: which GPU holds which slice of the model and which
// process groups it belongs to (docs/model/parallelism.md).
//
// A mesh of degrees tp x cp x dp x pp covers the job's GPUs exactly (their product is the
// GPU count); expert parallelism ep is carved out of the data-parallel dimension (ep divides
// dp: the dense layers are replicated over all dp ranks, the experts are split over ep of
// them and replicated over the remaining dp/ep), as Megatron-Core's expert groups do.
// Context-parallel ranks hold the same weights, experts included: the expert-data-parallel
// group (the replicas of one expert shard) is every cp coordinate of the dp/ep ranks that share
// an ep index, of size dp x cp / ep. Megatron-Core since v0.10 (megatron/core/parallel_state.py,
// initialize_model_parallel: expert_data_parallel_size = world_size / (expert_tensor_parallel
// x expert_model_parallel x pipeline_model_parallel), its expert RankGenerator built with
// cp=1, i.e. CP folded into expert DP; v0.7-0.9 reduced expert gradients over
// _DATA_MODULO_EXPERT_PARALLEL_GROUP_WITH_CP, the same dp x cp / ep ranks) reduces expert
// gradients and shards the distributed optimizer's expert state over that group. (Megatron-
// Core may also fold EP into CP ranks; here EP groups stay inside dp, a stricter condition.)
//
// Rank order. The job's GPUs are listed node-major (node 0's GPUs, then node 1's, ...). A
// position r in that list has the coordinates, in Megatron-Core's default order
// "tp-cp-ep-dp-pp" (megatron/core/parallel_state.py, RankGenerator), the first varying fastest:
//     tp_i = r mod tp
//     cp_i = (r / tp) mod cp
//     dp_i = (r / (tp cp)) mod dp          ep_i = dp_i mod ep,  expert-dp index = dp_i / ep
//     pp_i = r / (tp cp dp)
// so a TP group is tp consecutive GPUs — inside one node (its NVLink domain) whenever tp
// divides the GPUs per node — then context, data and expert groups, and pipeline stages
// outermost, usually across nodes. A group of a dimension is the set of ranks that differ
// only in that coordinate, listed by increasing coordinate.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/enum_names.hpp"

namespace simtrain::train {

// edp: the expert-data-parallel group (dp x cp / ep); dp_cp: the ranks holding the same weights
// (every dp and cp coordinate: Megatron reduces gradients over data x context parallel ranks).
enum class Dim { tp, cp, dp, pp, ep, edp, dp_cp };
// As messages name a group (no user names one: labels only).
inline constexpr auto kDimLabels = enum_names<Dim>({{Dim::tp, "tp", NameUse::kPrintOnly},
                                                    {Dim::cp, "cp", NameUse::kPrintOnly},
                                                    {Dim::dp, "dp", NameUse::kPrintOnly},
                                                    {Dim::pp, "pp", NameUse::kPrintOnly},
                                                    {Dim::ep, "ep", NameUse::kPrintOnly},
                                                    {Dim::edp, "expert dp", NameUse::kPrintOnly},
                                                    {Dim::dp_cp, "dp x cp", NameUse::kPrintOnly}});
const char* dim_name(Dim d);

struct Mesh {
  int tp = 1, cp = 1, dp = 1, pp = 1, ep = 1;
  int size() const { return tp * cp * dp * pp; }
  bool operator==(const Mesh&) const = default;
};

struct Coord {
  int tp = 0, cp = 0, dp = 0, pp = 0, ep = 0, edp = 0;
};

// Where a dimension's groups run: the most nodes, and the most boxes (the chassis inside a node,
// topo/cluster.hpp BoxSpec; a node without boxes is one), that any one of its groups spans. A
// group within one node is within its NVLink domain; across nodes its collectives (a TP
// all-reduce, an EP all-to-all) cross the fabric.
struct GroupSpan {
  int nodes = 1, boxes = 1;
};

// The span of dimension `d`'s groups for a job whose positions fill the first `ranks_per_node`
// GPUs of every node in order (how runs and plans place them, topo::Cluster::
// first_gpus_of_each_node), from the degrees alone: a plan judges thousands of layouts without
// building each. Boxes hold `gpus_per_box` GPUs of a node (GPU i in box i / gpus_per_box).
// Groups repeat with the period lcm(the dimension's block of positions, ranks_per_node), so
// only one period is walked. Layout::span gives the same from a layout's own GPUs.
GroupSpan group_span(const Mesh& mesh, Dim d, int ranks_per_node, int gpus_per_box);

// How the reports say where a group runs, "" when it stays inside one box:
//   "TP 8 over 2 compute trays, one NVLink domain"   (several boxes of one node)
//   "EP 16 across 2 nodes, over the fabric"          (several nodes)
// `label` is the dimension as reports name it ("TP", "EP"); `box_name` the system's box.
std::string span_text(const std::string& label, int degree, const GroupSpan& span, const std::string& box_name);

class Layout {
 public:
  // `gpus`: the job's global GPU indices, node-major; `gpus_per_node`: of the system;
  // `gpus_per_box`: of one box of a node (0: the node is one box).
  // Throws std::invalid_argument naming the degree at fault when the mesh does not cover the
  // GPUs exactly or ep does not divide dp (the caller turns it into a file:line:col error).
  Layout(const Mesh& mesh, std::vector<int> gpus, int gpus_per_node, int gpus_per_box = 0);

  const Mesh& mesh() const { return mesh_; }
  int size() const { return static_cast<int>(gpus_.size()); }
  // Position r (0 .. size-1) -> global GPU index, and its coordinates.
  int gpu(int r) const { return gpus_[static_cast<std::size_t>(r)]; }
  const std::vector<int>& gpus() const { return gpus_; }
  Coord coord(int r) const;
  int degree(Dim d) const;
  // The position with the given coordinates (ep/edp ignored: they follow from dp).
  int position(const Coord& c) const;

  // The group of dimension `d` that position r belongs to: positions, by increasing coordinate.
  std::vector<int> group(Dim d, int r) const;
  // Every group of dimension `d`, each as positions, ordered by their smallest member.
  std::vector<std::vector<int>> groups(Dim d) const;
  // The same as global GPU indices (what coll::Request::ranks takes).
  std::vector<int> group_gpus(Dim d, int r) const;

  // The positions of pipeline stage s (every tp, cp, dp coordinate), consecutive.
  const std::vector<int>& stage(int s) const { return stages_[static_cast<std::size_t>(s)]; }
  // Whether every group of `d` lies inside one node.
  bool within_node(Dim d) const;
  int node_of(int r) const { return gpu(r) / gpus_per_node_; }
  // The box of position r, numbered across the nodes (node x boxes per node + box in the node).
  int box_of(int r) const { return node_of(r) * (gpus_per_node_ / gpus_per_box_) + gpu(r) % gpus_per_node_ / gpus_per_box_; }
  // The most nodes and boxes any group of `d` spans, from the layout's GPUs.
  GroupSpan span(Dim d) const;

 private:
  Mesh mesh_;
  std::vector<int> gpus_;
  int gpus_per_node_ = 1, gpus_per_box_ = 1;
  std::vector<std::vector<int>> stages_;
};

}  // namespace simtrain::train
