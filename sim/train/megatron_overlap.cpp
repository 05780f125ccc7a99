#include "train/megatron_overlap.hpp"

#include <algorithm>

#include "scenario/data_path.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::train {

namespace {
const char* const kUbNames[] = {"qkv_fprop", "qkv_dgrad", "qkv_wgrad", "proj_fprop", "proj_dgrad",
                                "fc1_fprop", "fc1_dgrad", "fc1_wgrad", "fc2_fprop", "fc2_dgrad"};
}  // namespace

MegatronCoreFigures load_megatron_core_figures(const std::string& path) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"ddp_bucket", "userbuffers"});
  MegatronCoreFigures f;
  const Field b = root.at("ddp_bucket");
  b.check_keys({"source", "min_params", "params_per_dp_rank"});
  f.bucket_source = b.at("source").as_string();
  f.bucket_min_params = b.at("min_params").as_number_in(1, 1e12);
  f.bucket_params_per_dp_rank = b.at("params_per_dp_rank").as_number_in(0, 1e12);
  const Field u = root.at("userbuffers");
  std::vector<std::string> keys{"source"};
  for (const char* n : kUbNames) keys.emplace_back(n);
  u.check_keys(keys);
  f.ub_source = u.at("source").as_string();
  for (const char* n : kUbNames) {
    const Field e = u.at(n);
    e.check_keys({"method", "sms", "splits"});
    UbOverlap o;
    o.method = e.at("method").as_enum(kUbMethodNames);
    o.sms = static_cast<int>(e.at("sms").as_int_in(0, 1024));
    if (o.method == UbMethod::pipeline) o.splits = static_cast<int>(e.at("splits").as_int_in(1, 1024));
    f.ub[n] = o;
  }
  return f;
}

const MegatronCoreFigures& megatron_core_figures() {
  static const MegatronCoreFigures f =
      load_megatron_core_figures(data_path::require("topologies/megatron_core.yaml"));
  return f;
}

double default_bucket_params(int dp, const MegatronCoreFigures& f) {
  return std::max(f.bucket_min_params, f.bucket_params_per_dp_rank * dp);
}

std::vector<GradBucket> grad_buckets(const std::vector<int>& blocks, const std::map<int, double>& block_params,
                                     const std::map<int, double>& block_expert_params, double bucket_params) {
  std::vector<GradBucket> out;
  GradBucket cur;
  for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
    const double all = block_params.count(*it) ? block_params.at(*it) : 0.0;
    const double ex = block_expert_params.count(*it) ? block_expert_params.at(*it) : 0.0;
    cur.blocks.push_back(*it);
    cur.dense += all - ex;
    cur.expert += ex;
    if (cur.dense + cur.expert >= bucket_params) {
      out.push_back(std::move(cur));
      cur = GradBucket{};
    }
  }
  if (!cur.blocks.empty()) out.push_back(std::move(cur));
  return out;
}

std::vector<UbLayer> ub_layers(const work::Model& shard, int last_block) {
  std::vector<UbLayer> out(shard.ops.size(), UbLayer::none);
  int block = -1, columns = 0, rows = 0;
  UbLayer column = UbLayer::none;
  for (std::size_t i = 0; i < shard.ops.size(); ++i) {
    const work::Op& op = shard.ops[i];
    if (op.block != block) {
      block = op.block;
      columns = rows = 0;
      column = UbLayer::none;
    }
    if (op.kind != work::OpKind::gemm || op.block <= 0 || op.block >= last_block) continue;
    if (op.split == work::Split::column) {
      // The first GEMM of a group reads the gathered input (tp_collectives gives it the calls).
      if (op.act_elems_saved > 0 && columns < 2) column = columns++ == 0 ? UbLayer::qkv : UbLayer::fc1;
      out[i] = column;
    } else if (op.split == work::Split::row && rows < 2) {
      out[i] = rows++ == 0 ? UbLayer::proj : UbLayer::fc2;
    }
  }
  return out;
}

const UbOverlap& ub_overlap(const MegatronCoreFigures& f, UbLayer l, bool backward, work::CollectiveKind kind) {
  static const UbOverlap none{};
  const std::string name = std::string(kUbLayerNames.name(l)) +
                           (!backward ? "_fprop" : kind == work::CollectiveKind::reduce_scatter ? "_wgrad" : "_dgrad");
  auto it = f.ub.find(name);
  return it == f.ub.end() ? none : it->second;
}

int ub_chunks(const UbOverlap& o, int tp) {
  switch (o.method) {
    case UbMethod::ring_exchange: return tp;
    case UbMethod::pipeline: return o.splits;
    case UbMethod::bulk: return 0;
  }
  return 0;
}

void add_overlapped(CommCalls& beside, CommCalls& tail, std::pair<int, double> key, const UbOverlap& o, int tp) {
  const int chunks = ub_chunks(o, tp);
  if (chunks <= 1) {
    ++beside[key];
    return;
  }
  const std::pair<int, double> chunk{key.first, key.second / chunks};
  if (o.method == UbMethod::ring_exchange)  // one ring's tp - 1 steps beside, its last chunk's after
    ++beside[{key.first, key.second * (chunks - 1) / chunks}];
  else  // a collective per chunk
    beside[chunk] += chunks - 1;
  ++tail[chunk];
}

namespace {
work::Contention with_sms(const work::Contention& c, int sms) { return work::Contention{c.sms_held + sms, c.hbm_bytes_per_s}; }
}  // namespace

TimePs ub_forward(const work::CostModel& cost, const work::Op& op, double mb, const work::Contention& c,
                  const MegatronCoreFigures& f, UbLayer l) {
  return cost.forward(op, mb, with_sms(c, ub_overlap(f, l, false, work::CollectiveKind::all_gather).sms));
}

TimePs ub_backward(const work::CostModel& cost, const work::Op& op, double mb, const work::Contention& c,
                   const MegatronCoreFigures& f, UbLayer l) {
  const int dgrad = ub_overlap(f, l, true, work::CollectiveKind::all_gather).sms;
  // Row-parallel layers have no wgrad overlap (their name finds nothing: 0 SMs).
  const int wgrad = ub_overlap(f, l, true, work::CollectiveKind::reduce_scatter).sms;
  return (cost.backward(op, mb, with_sms(c, dgrad)) + cost.backward(op, mb, with_sms(c, wgrad))) / 2;
}

}  // namespace simtrain::train
