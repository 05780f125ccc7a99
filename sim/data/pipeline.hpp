// The data pipeline (docs/model/data.md): per GPU a PyTorch DataLoader, as tasks of the step graph.
//
// Per rank, `W = num_workers` worker processes take batches round-robin (batch b goes to
// worker b mod W) and build each one whole, one after another:
//   read     a transfer of the batch's bytes that miss the page cache, from the storage
//            device(s) to the rank's CPU socket over the real path (a drive's PCIe link, or
//            a network filesystem through the fabric and the node's NIC, sharing them with
//            the collectives); a RAID0 stripes it over its drives. Every device also has a
//            "device" link of capacity = its read bandwidth, and a read of many small files
//            crosses it with coefficient 1 + bw / (iops x file size): each file costs one IOPS
//            slot of device time on top of its bytes, so
//                sum over reads of rate x (1 + bw / (iops x s))  <=  bw.
//            A worker reads its files one at a time (queue depth 1): each file adds the
//            device's read latency. Packed formats (LMDB by mmap, shards) read sequentially:
//            bandwidth only, one latency per batch. In-RAM datasets and page-cache hits skip it.
//   decode   work on the node's CPU pool (capacity = the job's cores minus one per training
//            process; all ranks' workers compete for it): batch x cpu time per sample.
//   pin      (pin_memory) the pin-memory thread copies the batch into pinned memory: a
//            transfer over the socket's memory link (coefficient 2: read and write).
// The training process consumes batch b when its loop reaches step b (after it issued the
// previous step's forward); consuming frees the worker's slot, so batch b + W x P may start
// (back-pressure: W x prefetch_factor batches in flight per rank). Then the H2D copy on the
// GPU's copy stream: pinned, a DMA over the GPU's PCIe path from its CPU (sharing the
// switch uplink with P2P and NIC traffic); pageable, first a staging copy through the memory
// link, then the DMA. With GPU decode (DALI), the encoded bytes cross PCIe and the decode
// runs on the GPU's compute stream before the forward. The forward waits for its batch: the
// time the compute stream sits idle waiting is the data stall.
//
// Page cache: a node's free RAM (host_memory minus its processes, or data.page_cache). The
// first epoch reads every sample once: all misses. From the second on, under uniform random
// sampling, a fraction min(1, cache / dataset) hits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/data_spec.hpp"
#include "engine/executor.hpp"
#include "engine/task_graph.hpp"
#include "topo/cluster.hpp"

namespace simtrain::data {

inline constexpr std::uint32_t kDataCategory = 5;  // train::kData

struct StorageDevice {
  std::string name, model, kind;
  topo::Vertex vertex = 0;
  net::LinkId device_link = 0;  // extra link: the device's read bandwidth
  double read_bw_bytes_per_s = 0, read_iops = 0;
  TimePs read_latency_ps = 0;
};

// Everything about the pipeline that does not depend on the graph: devices, paths, pools,
// hit rate, per-batch costs. Built once per run; a Feed uses it for one graph.
class Plan {
 public:
  // `first_extra_link`: the id the plan's own links (device, memory) start at, i.e. the
  // cluster's directed link count. `epoch`: 0-based epoch the simulated steps belong to.
  // `default_tensor_bytes`: bytes per sample copied to the GPU when the spec does not say.
  Plan(const topo::Cluster& cluster, const DataSpec& spec, const std::vector<int>& ranks,
       long long batch_per_gpu, double default_tensor_bytes, int epoch);

  const DataSpec& spec() const { return spec_; }
  int epoch() const { return epoch_; }
  double hit_rate() const { return hit_rate_; }
  double page_cache_bytes() const { return page_cache_bytes_; }
  double dataset_bytes() const { return static_cast<double>(spec_.samples) * spec_.bytes_per_sample; }
  // Hit rate of a later epoch (for the report: does epoch 2 differ from this one?).
  double hit_rate_for_epoch(int epoch) const;
  int cores_per_node() const { return cores_; }          // the job's cores per node
  int worker_cores_per_node() const { return worker_cores_; }  // minus the training processes
  int gpus_per_node() const { return gpn_; }
  const std::vector<StorageDevice>& devices() const { return devices_; }
  // Links the plan adds to the flow network, after the cluster's.
  const std::vector<double>& extra_capacities() const { return extra_caps_; }
  const std::vector<std::string>& extra_names() const { return extra_names_; }
  net::LinkId first_extra_link() const { return first_extra_; }
  // Storage read bandwidth available to the job (bandwidth- and IOPS-bound), bytes/s.
  double read_available_bytes_per_s() const;
  double tensor_bytes_per_sample() const { return tensor_bytes_; }
  long long batch() const { return batch_; }

 private:
  friend class Feed;
  struct RankPaths {
    int node = 0;
    topo::Vertex cpu = 0;
    std::vector<std::vector<net::LinkUse>> read;  // per device
    TimePs read_latency_ps = 0;                   // route latency of the read
    std::vector<net::LinkUse> h2d;
    TimePs h2d_latency_ps = 0;
    std::vector<net::LinkUse> mem;  // the socket's memory link, coefficient 2
  };
  const topo::Cluster& cluster_;
  DataSpec spec_;
  int epoch_ = 0;
  long long batch_ = 1;
  int gpn_ = 1, cores_ = 0, worker_cores_ = 0;
  double hit_rate_ = 0, page_cache_bytes_ = 0, tensor_bytes_ = 0;
  std::vector<StorageDevice> devices_;
  std::vector<RankPaths> ranks_;
  std::vector<double> extra_caps_;
  std::vector<std::string> extra_names_;
  net::LinkId first_extra_ = 0;
};

// What a graph's data tasks were, for the report.
struct FeedRecord {
  struct Batch {
    engine::TaskId ready = 0;   // the forward waits on this
    std::int64_t prev_compute = -1;  // the compute-stream task before the forward (-1: none)
    std::int64_t read = -1;     // the read transfer (-1: none)
    engine::TaskId load_first = 0, load_last = 0;  // first and last task of the worker's part
  };
  std::vector<std::vector<Batch>> batches;  // per rank, per batch in order
  std::vector<engine::ServerId> pools;      // CPU pool per node
  std::vector<std::int32_t> track;          // per task of the graph: loader track (-1: none)
  std::vector<std::string> track_names;
  std::vector<std::vector<std::int32_t>> storage_tracks;  // per rank: tracks of the devices it reads
};

// Emits one graph's data tasks, batch by batch, as the strategy builds its steps.
class Feed {
 public:
  Feed(const Plan& plan, engine::TaskGraph& g, std::size_t ranks);
  // The tasks of rank k's next batch; returns the task its forward must depend on.
  // `compute`: the rank's compute stream; `prev_compute`: the last task already on it.
  engine::TaskId next(std::size_t k, engine::ServerId compute, std::optional<engine::TaskId> prev_compute);
  // The strategy tells which task consumed the batch (its first forward task).
  void consumed(std::size_t k, engine::TaskId first_forward);
  FeedRecord finish();

 private:
  void track(engine::TaskId t, std::int32_t tr);
  const Plan& plan_;
  engine::TaskGraph& g_;
  FeedRecord rec_;
  std::vector<std::vector<engine::TaskId>> h2d_;       // per rank, per batch
  std::vector<std::vector<engine::TaskId>> loaded_;    // per rank, per batch: the worker's last task
  std::vector<std::optional<engine::TaskId>> last_consumed_;
  std::vector<engine::ServerId> copy_stream_;
  std::vector<std::int32_t> worker_track0_;
};

// The report's figures of the data pipeline over a measured window [lo, hi).
struct DataSummary {
  bool enabled = false;
  std::vector<double> stall_s_per_gpu;  // per step, per rank
  double stall_s = 0;                    // rank 0, per step
  double hit_rate = 0, epoch1_stall_s = -1;  // epoch1_stall_s: first epoch's, when it differs
  double read_needed_bytes_per_s = 0, read_available_bytes_per_s = 0, read_achieved_bytes_per_s = 0;
  double cores_busy = 0;  // mean cores decoding, per node
  int cores_available = 0, cores_total = 0;
  double cores_needed = 0;  // per node, for no stall
  int workers_needed_per_gpu = 0;
  double storage_utilization = 0;   // busiest device link
  double memory_utilization = 0;    // busiest memory link
  double h2d_utilization = 0;       // busiest link an H2D copy crosses
  int num_workers = 0, prefetch_factor = 0;
  bool pin_memory = true;
  std::string format, storage;      // "files", "nvme0+nvme1 (Samsung PM1733 ...)"
  long long epochs = 1;
  std::string limiter;              // storage <name> | cpu | h2d | memory | workers | none
  std::string limiter_detail;
  // When the steady-state search stopped before the loader settled because its prefetch queue
  // was still draining: what the loader could not supply (SupplyCheck::describe), else "".
  std::string unsettled;
};

DataSummary summarize(const Plan& plan, const FeedRecord& feed, const engine::TaskGraph& g,
                      const std::vector<engine::TaskRecord>& rec, const net::FlowNetwork& network,
                      const topo::Cluster& cluster, TimePs lo, TimePs hi, long long steps, long long batches_per_step,
                      double step_s);

// Whether the loader can supply what a window [lo, hi) of steps consumed (the steady-state
// search, drive/run.cpp). The workers start with W x prefetch batches requested at once, so a
// loader slower than the GPUs still builds a queue during the warm-up; while it drains, the
// steps run at the GPUs' pace with no stall, and their step times agree with each other. Such a
// window is no steady state: the steady state where supply < demand is data-bound. Measured
// demand (the batches the training loops asked for in the window x batch / its length)
// against each bounding resource's capacity:
//   storage  samples/s (per node; the job's for a shared filesystem) x bytes_per_sample x
//            (1 - hit rate) against the devices' IOPS-bound read bandwidth
//   CPU      samples/s per node x cpu_s_per_sample against the loader's cores
//   workers  batches/s per reading GPU against W / (one batch's uncontended build time)
// The first resource whose demand exceeds its capacity by more than `tolerance` is named; none
// when the loader keeps up. (H2D and host-memory copies are not checked: they bound no shipped
// scenario; a draining queue bound by them still fails the step-time test once it empties.)
struct SupplyCheck {
  std::string resource;              // "" when the loader keeps up: storage | CPU | workers
  double needed = 0, available = 0;  // in `unit`
  std::string unit;
  // "storage supplies 7.00 of the 8.79 GB/s these steps consumed" ("" when it keeps up).
  std::string describe() const;
};
SupplyCheck check_supply(const Plan& plan, const FeedRecord& feed, const std::vector<engine::TaskRecord>& rec,
                         const topo::Cluster& cluster, TimePs lo, TimePs hi, double tolerance);

}  // namespace simtrain::data
