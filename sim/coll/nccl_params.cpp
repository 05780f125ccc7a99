#include "coll/nccl_params.hpp"

#include <filesystem>

namespace simtrain::coll {

const char* protocol_name(Protocol p) {
  switch (p) {
    case Protocol::ll: return "LL";
    case Protocol::ll128: return "LL128";
    case Protocol::simple: return "Simple";
  }
  return "?";
}

NcclParams NcclParams::load(const std::string& path) {
  auto doc = YamlDoc::load(path);
  Field root = root_field(doc);
  root.check_keys({"call_overhead", "protocols"});
  NcclParams p;
  p.call_overhead_ps = seconds_to_ps(root.at("call_overhead").as_quantity(Dimension::time));
  Field protos = root.at("protocols");
  protos.check_keys({"ll", "ll128", "simple"});
  const char* names[3] = {"ll", "ll128", "simple"};
  for (int i = 0; i < 3; ++i) {
    Field f = protos.at(names[i]);
    f.check_keys({"bandwidth_share", "base_latency", "step_latency", "tree_step_latency", "nvlink_only"});
    ProtocolParams& pp = p.protocols[static_cast<std::size_t>(i)];
    pp.bandwidth_share = f.at("bandwidth_share").as_number_in(0, 1);
    Field base = f.at("base_latency");
    base.check_keys({"ring", "tree"});
    pp.base_ring_ps = seconds_to_ps(base.at("ring").as_quantity(Dimension::time));
    pp.base_tree_ps = seconds_to_ps(base.at("tree").as_quantity(Dimension::time));
    auto steps = [&](const Field& s, std::array<TimePs, 3>& out) {
      s.check_keys({"nvlink", "pcie", "network"});
      out[0] = seconds_to_ps(s.at("nvlink").as_quantity(Dimension::time));
      out[1] = seconds_to_ps(s.at("pcie").as_quantity(Dimension::time));
      out[2] = seconds_to_ps(s.at("network").as_quantity(Dimension::time));
    };
    steps(f.at("step_latency"), pp.ring_step_ps);
    steps(f.at("tree_step_latency"), pp.tree_step_ps);
    pp.nvlink_only = f.at("nvlink_only").as_bool();
  }
  return p;
}

NcclParams NcclParams::load_default(const std::string& catalog_path) {
  namespace fs = std::filesystem;
  fs::path here = fs::path(catalog_path).parent_path() / "collectives.yaml";
  if (fs::exists(here)) return load(here.string());
  return load(std::string(SIMTRAIN_SOURCE_DIR) + "/topologies/collectives.yaml");
}

}  // namespace simtrain::coll
