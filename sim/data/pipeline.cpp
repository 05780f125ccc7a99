#include "data/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "scenario/error.hpp"

namespace simtrain::data {
namespace {

// Assumptions (no measurement in the validation set), stated where they are used:
// host memory a training process keeps (CUDA context mappings, model, pinned pools, Python),
// and a DataLoader worker (a forked Python process with its dataset object and batch queue).
constexpr double kTrainingProcessBytes = 16.0 * 1073741824.0;
constexpr double kWorkerBytes = 2.0 * 1073741824.0;
// Share of a socket's peak DRAM bandwidth a memcpy stream reaches (assumption: STREAM Copy
// on server CPUs typically lands at 70-80% of the DDR peak).
constexpr double kMemcpyEfficiency = 0.75;

// Whether the plan reads from a shared filesystem (one system every node reads from) rather
// than every node's own drives.
bool reads_shared(const Plan& plan, const topo::Cluster& cluster) {
  for (const auto& dev : plan.devices())
    if (cluster.device(dev.vertex).node < 0) return true;
  return false;
}

// The read bandwidth the loader has, bytes/s (bandwidth- and IOPS-bound): the whole system's
// for a shared filesystem, else one node's own devices.
double read_supply_bytes_per_s(const Plan& plan, const topo::Cluster& cluster) {
  if (reads_shared(plan, cluster)) return plan.read_available_bytes_per_s();
  const DataSpec& s = plan.spec();
  double total = 0;
  std::set<std::string> seen;
  for (const auto& dev : plan.devices()) {
    if (cluster.device(dev.vertex).node != 0 || !seen.insert(dev.name).second) continue;
    const double c = s.format == Format::files ? 1.0 + dev.read_bw_bytes_per_s / (dev.read_iops * s.bytes_per_sample) : 1.0;
    total += dev.read_bw_bytes_per_s / c;
  }
  return total;
}

// One worker's time to build a batch when nothing contends: decode + (per miss) the device's
// read latency for a file and the bytes at its read rate.
double uncontended_batch_s(const Plan& plan) {
  const DataSpec& s = plan.spec();
  double per_sample = s.cpu_s_per_sample;
  if (s.format != Format::ram && !plan.devices().empty()) {
    const StorageDevice& dev = plan.devices().front();
    const double lat = ps_to_seconds(dev.read_latency_ps) * (s.format == Format::files ? 1.0 : 0.0);
    per_sample += (1.0 - plan.hit_rate()) * (lat + s.bytes_per_sample / dev.read_bw_bytes_per_s);
  }
  return per_sample * static_cast<double>(plan.batch());
}

}  // namespace

Plan::Plan(const topo::Cluster& cluster, const DataSpec& spec, const std::vector<int>& ranks,
           long long batch_per_gpu, double default_tensor_bytes, int epoch)
    : cluster_(cluster), spec_(spec), epoch_(epoch), batch_(batch_per_gpu) {
  const auto& g = cluster.graph();
  first_extra_ = static_cast<net::LinkId>(cluster.directed_link_count());
  gpn_ = std::max<int>(1, static_cast<int>(ranks.size()) / std::max(1, cluster.nodes()));
  tensor_bytes_ = spec.tensor_bytes_per_sample > 0 ? spec.tensor_bytes_per_sample : default_tensor_bytes;
  if (!(tensor_bytes_ > 0)) tensor_bytes_ = spec.bytes_per_sample;

  // CPU cores of a node, and those left to the workers. A box is a host: its workers run on its
  // own cores, so with boxes (topo/cluster.hpp) the pool is a box's cores times the boxes the
  // node's ranks amount to at the fullest box's load (the whole node's cores without boxes).
  const int node_cores =
      static_cast<int>(std::floor(cluster.cores_per_box() * cluster.fullest_box_share(gpn_) + 1e-9));
  cores_ = node_cores;
  if (spec.cpu_cores > 0) {
    if (spec.cpu_cores > node_cores)
      throw spec.cores_field->error("the node has only " + std::to_string(node_cores) + " CPU cores");
    cores_ = spec.cpu_cores;
  }
  worker_cores_ = cores_ - gpn_;
  if (worker_cores_ < 1 && spec.num_workers > 0) {
    const Field& at = spec.cores_field ? *spec.cores_field : spec.workers_field ? *spec.workers_field : *spec.where;
    throw at.error("0 CPU cores available for the DataLoader: the node's " + std::to_string(cores_) +
                   " core(s) all run its " + std::to_string(gpn_) +
                   " training processes (one core each); give the job more cores or use num_workers: 0");
  }
  if (worker_cores_ < 1) worker_cores_ = 1;  // num_workers 0: the training process decodes

  // Storage devices: a name means every node's own drive of that name, or the fabric's system.
  if (spec.format != Format::ram) {
    std::set<std::string> known;
    for (topo::Vertex v : cluster.storage_devices()) known.insert(topo::local_name(g[v].name));
    std::vector<std::string> known_v(known.begin(), known.end());
    for (std::size_t i = 0; i < spec.storage_devices.size(); ++i) {
      const std::string& n = spec.storage_devices[i];
      bool found = false;
      for (topo::Vertex v : cluster.storage_devices()) {
        const topo::Device& d = g[v];
        const bool match = d.node < 0 ? d.name == n : topo::local_name(d.name) == n;
        if (!match) continue;
        found = true;
        const topo::StorageModel& m = cluster.catalog().storage_models().at(d.model);
        if (!spec.storage_kind.empty() && spec.storage_kind != m.kind)
          throw spec.storage_fields[i].error("'" + n + "' is a " + m.kind + " device (" + m.name + "), not " +
                                             spec.storage_kind);
        StorageDevice sd;
        sd.name = d.name;
        sd.model = m.name;
        sd.kind = m.kind;
        sd.vertex = v;
        sd.read_bw_bytes_per_s = m.read_bandwidth_bytes_per_s;
        sd.read_iops = m.read_iops;
        sd.read_latency_ps = m.read_latency_ps;
        sd.device_link = static_cast<net::LinkId>(first_extra_ + extra_caps_.size());
        extra_caps_.push_back(m.read_bandwidth_bytes_per_s);
        extra_names_.push_back(d.name + " (" + m.name + " reads)");
        devices_.push_back(sd);
      }
      if (!found)
        throw spec.storage_fields[i].error("no storage device '" + n + "' in the system" + did_you_mean(n, known_v) +
                                           (known_v.empty() ? std::string("; the system has none")
                                                            : "; storage devices: " + join_names(known_v)));
    }
  }

  // Page cache and hit rate.
  if (spec.page_cache_bytes >= 0) {
    page_cache_bytes_ = spec.page_cache_bytes;
  } else {
    // A host's own page cache: one box's memory less its ranks' processes (a node's without
    // boxes). Boxes do not share it, so a rank's hit rate is its box's cache over the dataset.
    const int box_ranks = cluster.ranks_in_fullest_box(gpn_);
    page_cache_bytes_ = std::max(0.0, cluster.host_memory_per_box_bytes() - box_ranks * kTrainingProcessBytes -
                                          box_ranks * std::max(1, spec.num_workers) * kWorkerBytes);
  }
  hit_rate_ = hit_rate_for_epoch(epoch);

  // Per rank: CPU socket, read paths, H2D path, memory link.
  std::map<topo::Vertex, net::LinkId> mem_link;
  for (int r : ranks) {
    RankPaths rp;
    const topo::Vertex gv = cluster.gpu(r);
    rp.node = g[gv].node;
    rp.cpu = cluster.nearest_cpu(gv);
    for (const StorageDevice& sd : devices_) {
      if (g[sd.vertex].node >= 0 && g[sd.vertex].node != rp.node) continue;
      const topo::Route& route = cluster.route(sd.vertex, rp.cpu);
      if (route.links.empty())
        throw spec.storage_fields.front().error("no path from storage '" + sd.name + "' to " + g[rp.cpu].name);
      std::vector<net::LinkUse> path;
      // Files: one IOPS slot per file on top of its bytes (see the header).
      const double c = spec.format == Format::files
                           ? 1.0 + sd.read_bw_bytes_per_s / (sd.read_iops * spec.bytes_per_sample)
                           : 1.0;
      path.push_back({sd.device_link, c});
      for (net::LinkId l : route.links) path.push_back({l, 1.0});
      rp.read.push_back(std::move(path));
      rp.read_latency_ps = std::max(rp.read_latency_ps, route.latency_ps);
    }
    const topo::Route& h = cluster.route(rp.cpu, gv);
    for (net::LinkId l : h.links) rp.h2d.push_back({l, 1.0});
    rp.h2d_latency_ps = h.latency_ps;
    auto it = mem_link.find(rp.cpu);
    if (it == mem_link.end()) {
      const auto id = static_cast<net::LinkId>(first_extra_ + extra_caps_.size());
      extra_caps_.push_back(cluster.catalog().cpus().at(g[rp.cpu].model).memory_bandwidth_bytes_per_s * kMemcpyEfficiency);
      extra_names_.push_back(g[rp.cpu].name + " (memory, host copies)");
      it = mem_link.emplace(rp.cpu, id).first;
    }
    rp.mem.push_back({it->second, 2.0});
    ranks_.push_back(std::move(rp));
  }
}

double Plan::hit_rate_for_epoch(int epoch) const {
  if (spec_.format == Format::ram) return 1.0;
  if (epoch <= 0) return 0.0;
  const double ds = dataset_bytes();
  return ds <= 0 ? 1.0 : std::min(1.0, page_cache_bytes_ / ds);
}

double Plan::read_available_bytes_per_s() const {
  double total = 0;
  std::set<std::string> seen;
  for (const StorageDevice& d : devices_) {
    if (!seen.insert(d.name).second) continue;
    const double c = spec_.format == Format::files ? 1.0 + d.read_bw_bytes_per_s / (d.read_iops * spec_.bytes_per_sample) : 1.0;
    total += d.read_bw_bytes_per_s / c;
  }
  return total;
}

Feed::Feed(const Plan& plan, engine::TaskGraph& g, std::size_t ranks)
    : plan_(plan), g_(g), h2d_(ranks), loaded_(ranks), last_consumed_(ranks) {
  rec_.batches.resize(ranks);
  const int nodes = std::max(1, plan.cluster_.nodes());
  for (int n = 0; n < nodes; ++n)
    rec_.pools.push_back(g.add_pool("node" + std::to_string(n) + " cpu cores (loader)",
                                    static_cast<std::uint32_t>(plan.worker_cores_)));
  const int workers = std::max(1, plan.spec_.num_workers);
  for (std::size_t k = 0; k < ranks; ++k) {
    const int gpu = static_cast<int>(k);
    copy_stream_.push_back(g.add_stream("gpu" + std::to_string(gpu) + " h2d copy"));
    worker_track0_.push_back(static_cast<std::int32_t>(rec_.track_names.size()));
    for (int w = 0; w < workers; ++w)
      rec_.track_names.push_back("gpu" + std::to_string(gpu) + (plan.spec_.num_workers == 0 ? " loader (main process)"
                                                                                             : " loader worker " + std::to_string(w)));
  }
  const auto first_storage = static_cast<std::int32_t>(rec_.track_names.size());
  for (const StorageDevice& d : plan.devices_) rec_.track_names.push_back("storage " + d.name);
  const auto& gr = plan.cluster_.graph();
  for (std::size_t k = 0; k < ranks; ++k) {
    std::vector<std::int32_t> mine;
    for (std::size_t i = 0; i < plan.devices_.size(); ++i) {
      const int dn = gr[plan.devices_[i].vertex].node;
      if (dn < 0 || dn == plan.ranks_[k].node) mine.push_back(first_storage + static_cast<std::int32_t>(i));
    }
    rec_.storage_tracks.push_back(std::move(mine));
  }
}

void Feed::track(engine::TaskId t, std::int32_t tr) {
  if (rec_.track.size() <= t) rec_.track.resize(t + 1, -1);
  rec_.track[t] = tr;
}

engine::TaskId Feed::next(std::size_t k, engine::ServerId compute, std::optional<engine::TaskId> prev_compute) {
  const DataSpec& s = plan_.spec_;
  const Plan::RankPaths& rp = plan_.ranks_[k];
  auto& mine = rec_.batches[k];
  const std::size_t b = mine.size();
  const std::size_t W = static_cast<std::size_t>(std::max(1, s.num_workers));
  const std::size_t window = s.num_workers == 0 ? 1 : W * static_cast<std::size_t>(s.prefetch_factor);
  const std::size_t w = b % W;
  const double batch = static_cast<double>(plan_.batch_);
  const double miss = 1.0 - plan_.hit_rate_;
  const std::string tag = "gpu" + std::to_string(k) + " b" + std::to_string(b);
  const std::int32_t wtrack = worker_track0_[k] + static_cast<std::int32_t>(w);

  std::vector<engine::TaskId> deps;
  if (b >= W) deps.push_back(loaded_[k][b - W]);             // the worker's previous batch
  if (b >= window) deps.push_back(h2d_[k][b - window]);      // a free prefetch slot
  if (s.num_workers == 0 && last_consumed_[k]) deps.push_back(*last_consumed_[k]);  // loads in the loop
  if (b < W && s.num_workers > 0) {
    // Workers are forked one after another and drift apart (file sizes, scheduling); left in
    // lockstep, all would read at once and then all decode at once, leaving the drive idle.
    // Stagger their first batch over one uncontended batch time, worker-major over ranks.
    const double frac = static_cast<double>(w * rec_.batches.size() + k) /
                        static_cast<double>(W * rec_.batches.size());
    double per_sample = s.cpu_s_per_sample;
    for (const StorageDevice& d : plan_.devices_)
      per_sample = std::max(per_sample, s.cpu_s_per_sample + miss * (ps_to_seconds(d.read_latency_ps) +
                                                                     s.bytes_per_sample / d.read_bw_bytes_per_s));
    const TimePs offset = seconds_to_ps(frac * per_sample * batch);
    if (offset > 0) {
      engine::TaskId t = g_.add_transfer({}, offset, deps, "start " + tag, kDataCategory);
      deps.push_back(t);
    }
  }

  FeedRecord::Batch rb;
  std::optional<engine::TaskId> first, last;
  auto chain = [&](engine::TaskId t) {
    if (!first) first = t;
    last = t;
    deps.assign(1, t);
  };
  // Read the misses.
  const double read_bytes = batch * s.bytes_per_sample * miss;
  if (s.format != Format::ram && read_bytes > 0 && !rp.read.empty()) {
    std::vector<engine::TaskGraph::FlowInput> flows;
    for (const auto& path : rp.read) flows.push_back({path, read_bytes / static_cast<double>(rp.read.size())});
    TimePs lat = rp.read_latency_ps;
    TimePs dev_lat = 0;
    for (const StorageDevice& d : plan_.devices_) dev_lat = std::max(dev_lat, d.read_latency_ps);
    if (s.format == Format::files)
      lat += static_cast<TimePs>(std::llround(static_cast<double>(dev_lat) * batch * miss));
    else
      lat += dev_lat;
    engine::TaskId t = g_.add_transfer(flows, lat, deps, "read " + tag, kDataCategory);
    track(t, wtrack);
    rb.read = t;
    chain(t);
  }
  // Decode, augment, collate on a core of the node.
  const TimePs decode_ps = seconds_to_ps(batch * s.cpu_s_per_sample);
  if (decode_ps > 0) {
    engine::TaskId t = g_.add_work(rec_.pools[static_cast<std::size_t>(rp.node)], decode_ps, deps, "decode " + tag, kDataCategory);
    track(t, wtrack);
    chain(t);
  }
  const bool gpu_decode = s.gpu_s_per_sample > 0;
  const double copy_bytes = batch * (gpu_decode ? s.bytes_per_sample : plan_.tensor_bytes_);
  if (s.pin_memory) {
    engine::TaskId t = g_.add_transfer({{rp.mem, copy_bytes}}, 0, deps, "pin " + tag, kDataCategory);
    track(t, wtrack);
    chain(t);
  }
  if (!last) {
    engine::TaskId t = g_.add_join(deps, "batch " + tag, kDataCategory);
    chain(t);
  }
  rb.load_first = *first;
  rb.load_last = *last;
  loaded_[k].push_back(*last);

  // The training loop takes the batch when it reaches this step: after the previous batch's
  // forward was issued. Then the H2D copy on the GPU's copy stream.
  std::vector<engine::TaskId> hdeps{*last};
  if (last_consumed_[k]) hdeps.push_back(*last_consumed_[k]);
  const engine::ServerId cs = copy_stream_[k];
  if (!s.pin_memory) {
    engine::TaskId st = g_.add_transfer({{rp.mem, copy_bytes}}, 0, hdeps, "stage " + tag, kDataCategory, cs);
    hdeps.assign(1, st);
  }
  engine::TaskId h2d = g_.add_transfer({{rp.h2d, copy_bytes}}, rp.h2d_latency_ps, hdeps, "h2d " + tag, kDataCategory, cs);
  h2d_[k].push_back(h2d);
  rb.ready = h2d;
  rb.prev_compute = prev_compute ? static_cast<std::int64_t>(*prev_compute) : -1;
  engine::TaskId out = h2d;
  if (gpu_decode) {
    const engine::TaskId h[1] = {h2d};
    out = g_.add_work(compute, seconds_to_ps(batch * s.gpu_s_per_sample), h, "gpu decode " + tag, kDataCategory);
  }
  mine.push_back(rb);
  return out;
}

void Feed::consumed(std::size_t k, engine::TaskId first_forward) { last_consumed_[k] = first_forward; }

FeedRecord Feed::finish() {
  rec_.track.resize(g_.size(), -1);
  return std::move(rec_);
}

DataSummary summarize(const Plan& plan, const FeedRecord& feed, const engine::TaskGraph& g,
                      const std::vector<engine::TaskRecord>& rec, const net::FlowNetwork& network,
                      const topo::Cluster& cluster, TimePs lo, TimePs hi, long long steps, long long batches_per_step,
                      double step_s) {
  DataSummary d;
  d.enabled = true;
  const DataSpec& s = plan.spec();
  const double per_step = 1.0 / static_cast<double>(std::max<long long>(1, steps));
  for (const auto& batches : feed.batches) {
    double stall = 0;
    for (const auto& b : batches) {
      const TimePs ready = rec[b.ready].end;
      const TimePs prev = b.prev_compute >= 0 ? rec[static_cast<std::size_t>(b.prev_compute)].end : 0;
      const TimePs a = std::max(prev, lo), e = std::min(ready, hi);
      if (e > a) stall += static_cast<double>(e - a);
    }
    d.stall_s_per_gpu.push_back(stall * 1e-12 * per_step);
  }
  d.stall_s = d.stall_s_per_gpu.empty() ? 0 : d.stall_s_per_gpu[0];
  // The slowest GPU's wait sets everyone's pace.
  const double worst_stall =
      d.stall_s_per_gpu.empty() ? 0 : *std::max_element(d.stall_s_per_gpu.begin(), d.stall_s_per_gpu.end());
  const double nostall_step_s = std::max(0.0, step_s - worst_stall);
  d.hit_rate = plan.hit_rate();
  d.num_workers = s.num_workers;
  d.prefetch_factor = s.prefetch_factor;
  d.pin_memory = s.pin_memory;
  d.format = format_name(s.format);
  d.epochs = s.epochs;
  {
    std::set<std::string> names;
    std::string models;
    for (const auto& dev : plan.devices())
      if (names.insert(dev.name.substr(dev.name.find('/') + 1)).second && models.find(dev.model) == std::string::npos)
        models += (models.empty() ? "" : ", ") + dev.model;
    for (const auto& n : names) d.storage += (d.storage.empty() ? "" : "+") + n;
    if (d.storage.empty()) d.storage = "RAM";
    else d.storage += " (" + models + ")";
  }

  // CPU: cores busy decoding in the window, per node.
  const double window = static_cast<double>(hi - lo);
  double busy = 0;
  for (engine::TaskId t = 0; t < g.size(); ++t) {
    const engine::Task& task = g.task(t);
    if (task.kind != engine::TaskKind::work || task.category != kDataCategory) continue;
    if (std::find(feed.pools.begin(), feed.pools.end(), task.server) == feed.pools.end()) continue;
    const TimePs a = std::max(rec[t].start, lo), e = std::min(rec[t].end, hi);
    if (e > a) busy += static_cast<double>(e - a);
  }
  const double nodes = static_cast<double>(feed.pools.size());
  d.cores_busy = window > 0 ? busy / window / nodes : 0;
  d.cores_available = plan.worker_cores_per_node();
  d.cores_total = plan.cores_per_node();
  const double gpn = plan.gpus_per_node();
  const double samples_per_s_node = nostall_step_s > 0 ? gpn * static_cast<double>(batches_per_step * plan.batch()) / nostall_step_s : 0;
  d.cores_needed = samples_per_s_node * s.cpu_s_per_sample;
  const double miss = 1.0 - plan.hit_rate();
  // Read rate needed: every node's samples, or the whole cluster's for a shared filesystem.
  const double consumers = reads_shared(plan, cluster) ? nodes : 1.0;
  d.read_needed_bytes_per_s = samples_per_s_node * consumers * s.bytes_per_sample * (s.format == Format::ram ? 0 : miss);
  d.read_available_bytes_per_s = read_supply_bytes_per_s(plan, cluster);
  // Workers a GPU needs so that its batches come at the no-stall rate.
  {
    const double t_batch = uncontended_batch_s(plan);
    const double per_gpu_step = nostall_step_s / static_cast<double>(std::max<long long>(1, batches_per_step));
    d.workers_needed_per_gpu = per_gpu_step > 0 ? static_cast<int>(std::ceil(t_batch / per_gpu_step - 1e-9)) : 0;
  }
  // Utilization of the pipeline's resources over the run.
  TimePs run_end = 0;
  for (const auto& r : rec) run_end = std::max(run_end, r.end);
  const double run_s = ps_to_seconds(run_end);
  auto util = [&](net::LinkId l) {
    return run_s > 0 ? network.link_bytes(l) / (network.capacity(l) * run_s) : 0.0;
  };
  std::string busiest_dev;
  for (const auto& dev : plan.devices()) {
    const double u = util(dev.device_link);
    if (u > d.storage_utilization) {
      d.storage_utilization = u;
      busiest_dev = dev.name + " (" + dev.model + ")";
    }
  }
  for (std::size_t i = 0; i < plan.extra_capacities().size(); ++i) {
    const net::LinkId l = static_cast<net::LinkId>(plan.first_extra_link() + i);
    bool is_dev = false;
    for (const auto& dev : plan.devices()) is_dev = is_dev || dev.device_link == l;
    if (!is_dev) d.memory_utilization = std::max(d.memory_utilization, util(l));
  }
  for (const auto& batches : feed.batches) {
    if (batches.empty()) continue;
    for (const auto& f : g.flows(batches.front().ready))
      for (const auto& u : g.path(f)) d.h2d_utilization = std::max(d.h2d_utilization, util(u.link));
  }
  {
    double bytes = 0;
    for (const auto& dev : plan.devices()) bytes += network.link_bytes(dev.device_link);
    d.read_achieved_bytes_per_s = run_s > 0 ? bytes / run_s : 0;
  }
  // What bounds the loader: the busiest of its resources; when none is near full, the
  // workers themselves are too few (each waits on its own reads and decodes in turn).
  const double cpu_util = d.cores_available > 0 ? d.cores_busy / d.cores_available : 0;
  auto pct = [](double x) { return std::to_string(static_cast<int>(std::lround(100 * x))) + "%"; };
  if (worst_stall <= 0.02 * std::max(1e-12, step_s)) {
    d.limiter = "none";
  } else {
    struct Cand {
      double u;
      std::string name, detail;
    };
    std::vector<Cand> cands = {
        {d.storage_utilization, "storage " + busiest_dev,
         "storage " + busiest_dev + " busy " + pct(d.storage_utilization) + " of the run"},
        {cpu_util, "cpu",
         "CPU cores: " + std::to_string(static_cast<int>(std::lround(d.cores_busy))) + " of " +
             std::to_string(d.cores_available) + " loader cores per node busy decoding"},
        {d.h2d_utilization, "h2d", "H2D copies: their busiest PCIe link at " + pct(d.h2d_utilization)},
        {d.memory_utilization, "memory", "host memory copies at " + pct(d.memory_utilization) + " of DRAM bandwidth"},
    };
    const Cand* best = &cands[0];
    for (const Cand& c : cands)
      if (c.u > best->u) best = &c;
    if (best->u >= 0.8) {
      d.limiter = best->name;
      d.limiter_detail = best->detail;
    } else {
      d.limiter = "workers";
      d.limiter_detail = "too few workers: " + std::to_string(s.num_workers) + " per GPU, about " +
                         std::to_string(d.workers_needed_per_gpu) + " needed";
    }
  }
  return d;
}

SupplyCheck check_supply(const Plan& plan, const FeedRecord& feed, const std::vector<engine::TaskRecord>& rec,
                         const topo::Cluster& cluster, TimePs lo, TimePs hi, double tolerance) {
  SupplyCheck out;
  const DataSpec& s = plan.spec();
  const double window_s = ps_to_seconds(hi - lo);
  if (!(window_s > 0)) return out;
  // The batches the training loops asked for in the window (their previous compute ended in it).
  double batches = 0, readers = 0;
  for (const auto& mine : feed.batches) {
    if (!mine.empty()) readers += 1;
    for (const auto& b : mine) {
      const TimePs asked = b.prev_compute >= 0 ? rec[static_cast<std::size_t>(b.prev_compute)].end : 0;
      if (asked >= lo && asked < hi) batches += 1;
    }
  }
  if (readers == 0) return out;
  const double nodes = static_cast<double>(std::max<std::size_t>(1, feed.pools.size()));
  const double samples_per_s = batches * static_cast<double>(plan.batch()) / window_s;  // the job's
  auto over = [&](const char* what, double needed, double available, const char* unit, double scale) {
    if (!out.resource.empty() || !(available > 0) || needed <= available * (1 + tolerance)) return;
    out = SupplyCheck{what, needed / scale, available / scale, unit};
  };
  if (s.format != Format::ram) {
    const double per = reads_shared(plan, cluster) ? 1.0 : 1.0 / nodes;
    over("storage", samples_per_s * per * s.bytes_per_sample * (1.0 - plan.hit_rate()), read_supply_bytes_per_s(plan, cluster),
         "GB/s", 1e9);
  }
  over("CPU", samples_per_s / nodes * s.cpu_s_per_sample, static_cast<double>(plan.worker_cores_per_node()),
       "loader cores per node", 1);
  const double t_batch = uncontended_batch_s(plan);
  if (s.num_workers > 0 && t_batch > 0)
    over("workers", batches / readers / window_s, static_cast<double>(s.num_workers) / t_batch, "batches/s per GPU", 1);
  return out;
}

std::string SupplyCheck::describe() const {
  if (resource.empty()) return "";
  auto two = [](double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return std::string(buf);
  };
  return resource + " supplies " + two(available) + (unit == "GB/s" ? "" : " " + unit) + " of the " + two(needed) + " " +
         unit + " these steps consumed";
}

}  // namespace simtrain::data
