#include "coll/nccl_params.hpp"
#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"
#include "scenario/files.hpp"
#include "scenario/input_cache.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace simtrain::coll {

const char* protocol_name(Protocol p) { return kProtocolNames.c_str(p); }

const char* library_name(Library l) { return kLibraryNames.c_str(l); }

namespace {

TimePs time_of(const Field& f) { return seconds_to_ps(f.as_quantity(Dimension::time)); }

std::vector<double> speeds(const Field& f) {
  std::vector<double> out;
  for (const Field& x : f.items()) {
    const double v = x.as_number();
    if (!(v > 0)) throw x.error("a channel speed must be positive (GB/s)");
    if (!out.empty() && v >= out.back() / 1e9) throw x.error("channel speeds must decrease");
    out.push_back(v * 1e9);
  }
  if (out.empty()) throw f.error("expected a list of speeds in GB/s");
  return out;
}

// Per protocol {ll, ll128, simple}, per class {nvlink, pcie, network}: a protocol RCCL leaves
// off has no row.
void read_rccl_steps(const Field& f, const std::array<bool, 3>& enabled, std::array<std::array<TimePs, 3>, 3>& out) {
  const char* names[3] = {"ll", "ll128", "simple"};
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < 3; ++i)
    if (enabled[i]) keys.push_back(names[i]);
  f.check_keys(keys);
  for (std::size_t i = 0; i < 3; ++i) {
    if (!enabled[i]) continue;
    Field s = f.at(names[i]);
    s.check_keys({"nvlink", "pcie", "network"});
    out[i] = {time_of(s.at("nvlink")), time_of(s.at("pcie")), time_of(s.at("network"))};
  }
}

RingModel read_ring_model(const Field& f) {
  f.check_keys({"name", "gpus", "rings", "copies"});
  RingModel m;
  m.name = f.at("name").as_name();
  m.gpus = static_cast<int>(f.at("gpus").as_int_in(2, limits::max_units));
  m.copies = static_cast<int>(f.at("copies").as_int_in(1, limits::max_units));
  for (const Field& r : f.at("rings").items()) {
    std::vector<int> order;
    std::istringstream in(r.as_name());
    int g = 0;
    while (in >> g) order.push_back(g);
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    bool ok = in.eof() && sorted.size() == static_cast<std::size_t>(m.gpus);
    for (std::size_t i = 0; ok && i < sorted.size(); ++i) ok = sorted[i] == static_cast<int>(i);
    if (!ok) throw r.error("expected a ring of the GPUs 0.." + std::to_string(m.gpus - 1) + ", each once, separated by spaces");
    m.rings.push_back(std::move(order));
  }
  if (m.rings.empty()) throw f.at("rings").error("expected at least one ring");
  return m;
}

RcclParams read_rccl(const Field& f) {
  f.check_keys({"protocols", "base_latency", "step_latency", "tree_step_latency", "channels", "ring_models"});
  RcclParams r;
  r.enabled = {false, false, false};
  for (const Field& p : f.at("protocols").items()) {
    const std::string n = p.as_choice({"ll", "ll128", "simple"});
    r.enabled[n == "ll" ? 0 : n == "ll128" ? 1 : 2] = true;
  }
  if (!r.enabled[2]) throw f.at("protocols").error("RCCL always runs Simple: list it");
  const char* names[3] = {"ll", "ll128", "simple"};
  Field base = f.at("base_latency");
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < 3; ++i)
    if (r.enabled[i]) keys.push_back(names[i]);
  base.check_keys(keys);
  for (std::size_t i = 0; i < 3; ++i)
    if (r.enabled[i]) r.base_ps[i] = time_of(base.at(names[i]));
  read_rccl_steps(f.at("step_latency"), r.enabled, r.ring_step_ps);
  read_rccl_steps(f.at("tree_step_latency"), r.enabled, r.tree_step_ps);
  Field ch = f.at("channels");
  ch.check_keys({"max", "max_multi_node", "xgmi_bandwidth"});
  r.max_channels = static_cast<int>(ch.at("max").as_int_in(1, limits::max_units));
  r.max_channels_multi_node = static_cast<int>(ch.at("max_multi_node").as_int_in(1, limits::max_units));
  for (const Field& e : ch.at("xgmi_bandwidth").entries()) {
    const std::string k = e.key().substr(e.key().rfind('.') + 1);
    if (k.rfind("gfx", 0) != 0) throw e.key_error("expected an AMD architecture (gfx942)");
    r.xgmi_bytes_per_s[k] = e.as_quantity(Dimension::bandwidth);
  }
  for (const Field& m : f.at("ring_models").items()) r.ring_models.push_back(read_ring_model(m));
  return r;
}

}  // namespace

NcclParams NcclParams::for_library(Library lib) const {
  NcclParams p = *this;
  if (lib == library || lib == Library::nccl) return p;
  p.library = lib;
  for (std::size_t i = 0; i < 3; ++i) {
    ProtocolParams& pp = p.protocols[i];
    pp.enabled = rccl.enabled[i];
    if (!pp.enabled) continue;
    pp.base_ring_ps = pp.base_tree_ps = rccl.base_ps[i];
    pp.ring_step_ps = rccl.ring_step_ps[i];
    pp.tree_step_ps = rccl.tree_step_ps[i];
  }
  p.channels.max = rccl.max_channels;
  p.channels.max_multi_node = rccl.max_channels_multi_node;
  return p;
}

namespace {

// collectives.yaml `protocols:` (ll, ll128, simple).
void read_protocols(const Field& protos, std::array<ProtocolParams, 3>& out) {
  protos.check_keys({"ll", "ll128", "simple"});
  const char* names[3] = {"ll", "ll128", "simple"};
  for (int i = 0; i < 3; ++i) {
    Field f = protos.at(names[i]);
    f.check_keys({"bandwidth_share", "base_latency", "step_latency", "tree_step_latency", "nvlink_only",
                  "buffer", "chunk_steps", "slice_steps", "threads", "thread_threshold", "threshold_per_rank"});
    ProtocolParams& pp = out[static_cast<std::size_t>(i)];
    pp.bandwidth_share = f.at("bandwidth_share").as_number_in(0, 1);
    if (!(pp.bandwidth_share > 0)) throw f.at("bandwidth_share").error("a protocol must carry some data");
    Field base = f.at("base_latency");
    base.check_keys({"ring", "tree"});
    pp.base_ring_ps = time_of(base.at("ring"));
    pp.base_tree_ps = time_of(base.at("tree"));
    auto steps = [&](const Field& s, std::array<TimePs, 3>& out) {
      s.check_keys({"nvlink", "pcie", "network"});
      out[0] = time_of(s.at("nvlink"));
      out[1] = time_of(s.at("pcie"));
      out[2] = time_of(s.at("network"));
    };
    steps(f.at("step_latency"), pp.ring_step_ps);
    steps(f.at("tree_step_latency"), pp.tree_step_ps);
    pp.nvlink_only = f.at("nvlink_only").as_bool();
    pp.buffer_bytes = f.at("buffer").as_quantity(Dimension::bytes);
    if (!(pp.buffer_bytes > 0)) throw f.at("buffer").error("a protocol buffer must be positive");
    pp.chunk_steps = static_cast<int>(f.at("chunk_steps").as_int_in(1, limits::max_units));
    pp.slice_steps = static_cast<int>(f.at("slice_steps").as_int_in(1, limits::max_units));
    if (pp.chunk_steps % pp.slice_steps != 0) throw f.at("slice_steps").error("slice_steps must divide chunk_steps");
    pp.threads = static_cast<int>(f.at("threads").as_int_in(32, limits::max_units));
    pp.thread_threshold_bytes = f.at("thread_threshold").as_quantity(Dimension::bytes);
    pp.threshold_per_rank = f.at("threshold_per_rank").as_bool();
  }
}

// collectives.yaml `nvls:`.
void read_nvls(const Field& f, NvlsParams& out) {
  f.check_keys({"step_latency", "tree_step_latency", "channels", "channels_sm100", "chunk", "tree_max_chunk",
                "pipeline_stages", "min_gpus", "bandwidth_share", "bandwidth_share_sm100"});
  Field s = f.at("step_latency");
  s.check_keys({"nvlink", "network"});
  out.step_nvlink_ps = time_of(s.at("nvlink"));
  out.step_network_ps = time_of(s.at("network"));
  Field t = f.at("tree_step_latency");
  t.check_keys({"nvlink", "network"});
  out.tree_step_nvlink_ps = time_of(t.at("nvlink"));
  out.tree_step_network_ps = time_of(t.at("network"));
  out.channels = static_cast<int>(f.at("channels").as_int_in(1, limits::max_units));
  Field c100 = f.at("channels_sm100");
  c100.check_keys({"single_node", "multi_node"});
  out.channels_sm100_single_node = static_cast<int>(c100.at("single_node").as_int_in(1, limits::max_units));
  out.channels_sm100_multi_node = static_cast<int>(c100.at("multi_node").as_int_in(1, limits::max_units));
  out.chunk_bytes = f.at("chunk").as_quantity(Dimension::bytes);
  if (!(out.chunk_bytes > 0)) throw f.at("chunk").error("the NVLS chunk must be positive");
  out.tree_max_chunk_bytes = f.at("tree_max_chunk").as_quantity(Dimension::bytes);
  if (!(out.tree_max_chunk_bytes > 0)) throw f.at("tree_max_chunk").error("the NVLSTree chunk must be positive");
  out.pipeline_stages = static_cast<int>(f.at("pipeline_stages").as_int_in(1, limits::max_units));
  out.min_gpus = static_cast<int>(f.at("min_gpus").as_int_in(2, limits::max_units));
  out.bandwidth_share = f.at("bandwidth_share").as_number_in(0, 1);
  if (!(out.bandwidth_share > 0)) throw f.at("bandwidth_share").error("NVLS must carry some data");
  out.bandwidth_share_sm100 = f.at("bandwidth_share_sm100").as_number_in(0, 1);
  if (!(out.bandwidth_share_sm100 > 0)) throw f.at("bandwidth_share_sm100").error("NVLS must carry some data");
}

// collectives.yaml `channels:`.
void read_channels(const Field& f, ChannelParams& out) {
  f.check_keys({"speeds_intra", "speeds_intra_sm90", "speeds_intra_sm100", "speeds_inter", "speeds_inter_sm90",
                "speeds_inter_sm100", "dup_min_speed", "dup_min_speed_sm90", "max", "nvlink_bandwidth"});
  out.speeds_intra = speeds(f.at("speeds_intra"));
  out.speeds_intra_sm90 = speeds(f.at("speeds_intra_sm90"));
  out.speeds_inter = speeds(f.at("speeds_inter"));
  out.speeds_inter_sm90 = speeds(f.at("speeds_inter_sm90"));
  out.speeds_intra_sm100 = speeds(f.at("speeds_intra_sm100"));
  out.speeds_inter_sm100 = speeds(f.at("speeds_inter_sm100"));
  out.dup_min_bytes_per_s = f.at("dup_min_speed").as_quantity(Dimension::bandwidth);
  out.dup_min_sm90_bytes_per_s = f.at("dup_min_speed_sm90").as_quantity(Dimension::bandwidth);
  out.max = static_cast<int>(f.at("max").as_int_in(1, limits::max_units));
  out.max_multi_node = out.max;
  Field nv = f.at("nvlink_bandwidth");
  nv.check_keys({"sm_70", "sm_80", "sm_86", "sm_90", "sm_100"});
  for (const Field& e : nv.entries()) {
    const std::string k = e.key().substr(e.key().rfind('.') + 1);
    out.nvlink_bytes_per_s[std::atoi(k.c_str() + 3)] = e.as_quantity(Dimension::bandwidth);
  }
}

// collectives.yaml `transports:`.
void read_transports(const Field& f, TransportParams& out) {
  f.check_keys({"net_overhead", "net_overhead_simple_factor", "socket_step_latency"});
  Field o = f.at("net_overhead");
  o.check_keys({"intel", "amd"});
  out.net_overhead_intel_ps = time_of(o.at("intel"));
  out.net_overhead_amd_ps = time_of(o.at("amd"));
  out.net_overhead_simple_factor = f.at("net_overhead_simple_factor").as_number_in(1, 100);
  out.socket_step_ps = time_of(f.at("socket_step_latency"));
}

// collectives.yaml `p2p:`.
void read_p2p(const Field& f, P2pParams& out) {
  f.check_keys({"chunk", "ll_threshold", "channels_per_peer", "network_channel_load", "part_size",
                "works_per_batch", "network_ll_buffers"});
  auto bytes = [](const Field& x) {
    const double b = x.as_quantity(Dimension::bytes);
    if (!(b >= 1)) throw x.error("expected a positive size");
    return b;
  };
  Field ch = f.at("chunk");
  ch.check_keys({"nvlink", "pcie", "network"});
  out.chunk_nvlink_bytes = bytes(ch.at("nvlink"));
  out.chunk_pcie_bytes = bytes(ch.at("pcie"));
  out.chunk_network_bytes = bytes(ch.at("network"));
  out.ll_threshold_bytes = bytes(f.at("ll_threshold"));
  Field per = f.at("channels_per_peer");
  per.check_keys({"nvlink", "pcie", "network"});
  out.channels_per_nvlink = static_cast<int>(per.at("nvlink").as_int_in(1, limits::max_units));
  out.channels_pcie = static_cast<int>(per.at("pcie").as_int_in(1, limits::max_units));
  out.channels_network = static_cast<int>(per.at("network").as_int_in(1, limits::max_units));
  out.network_channel_load = static_cast<int>(f.at("network_channel_load").as_int_in(1, limits::max_units));
  Field part = f.at("part_size");
  part.check_keys({"one_node", "several_nodes"});
  auto range = [](const Field& x, double& lo, double& hi) {
    x.check_keys({"min", "max"});
    lo = x.at("min").as_number_in(1e-6, 1e6);
    hi = x.at("max").as_number_in(1e-6, 1e6);
    if (lo > hi) throw x.error("min must not exceed max");
  };
  range(part.at("one_node"), out.part_min_node, out.part_max_node);
  range(part.at("several_nodes"), out.part_min_nodes, out.part_max_nodes);
  out.works_per_batch = static_cast<int>(f.at("works_per_batch").as_int_in(1, limits::max_units));
  out.network_ll_buffers = f.at("network_ll_buffers").as_bool();
}

// collectives.yaml `tuner:`.
void read_tuner(const Field& f, TunerParams& out) {
  f.check_keys({"ll_max_busbw_multi_node", "ring_plateau_latency_factor"});
  Field ll = f.at("ll_max_busbw_multi_node");
  ll.check_keys({"intel", "amd"});
  const char* vendors[2] = {"intel", "amd"};
  for (std::size_t v = 0; v < 2; ++v) {
    Field row = ll.at(vendors[v]);
    row.check_keys({"two_nodes", "more_nodes"});
    const char* cols[2] = {"two_nodes", "more_nodes"};
    for (std::size_t c = 0; c < 2; ++c) {
      const double bw = row.at(cols[c]).as_quantity(Dimension::bandwidth);
      if (!(bw > 0)) throw row.at(cols[c]).error("LL's bound must be positive");
      out.ll_max_busbw_multi_node[v][c] = bw;
    }
  }
  Field pf = f.at("ring_plateau_latency_factor");
  pf.check_keys({"sm_80", "older"});
  out.ring_plateau_factor_sm80 = pf.at("sm_80").as_number_in(1, 100);
  out.ring_plateau_factor_older = pf.at("older").as_number_in(1, 100);
}

}  // namespace

NcclParams NcclParams::load(const std::string& path) {
  auto doc = YamlDoc::load_shared(path);
  Field root = root_field(doc);
  root.check_keys({"call_overhead", "protocol_steps", "protocols", "nvls", "channels", "transports", "p2p", "tuner", "rccl"});
  NcclParams p;
  p.call_overhead_ps = time_of(root.at("call_overhead"));
  p.protocol_steps = static_cast<int>(root.at("protocol_steps").as_int_in(1, limits::max_units));
  read_protocols(root.at("protocols"), p.protocols);
  read_nvls(root.at("nvls"), p.nvls);
  read_channels(root.at("channels"), p.channels);
  read_transports(root.at("transports"), p.transports);
  read_p2p(root.at("p2p"), p.p2p);
  read_tuner(root.at("tuner"), p.tuner);
  p.rccl = read_rccl(root.at("rccl"));
  return p;
}

// A sweep point loads the same collectives.yaml as every other point: the object is built once
// per thread for the file's path and whole text (scenario/input_cache.hpp; `load` reads that
// one file and nothing else).
static NcclParams load_cached(const std::string& path) {
  return *cached_by_inputs<NcclParams>(InputKey("nccl_params").file(path),
                                       [&] { return std::make_shared<const NcclParams>(NcclParams::load(path)); });
}

NcclParams NcclParams::load_default(const std::string& catalog_path) {
  return load_cached(data_path::catalog_file("collectives.yaml", catalog_path));
}

}  // namespace simtrain::coll
