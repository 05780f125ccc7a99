#include "scenario/scenario.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "scenario/data_path.hpp"
#include "scenario/limits.hpp"
#include "scenario/files.hpp"

namespace simtrain {

const std::vector<KeyInfo>& general_scenario_keys() {
  static const std::vector<KeyInfo> keys = {
      {"name", "display name of the scenario", "", "the file name"},
      {"system", "system file (topologies/*.yaml), a shipped system's name, or an inline system mapping", "", "required"},
      {"catalog", "catalog extension file(s), relative to the scenario: their link_kinds, gpus, cpus, nics, switches, storage (and prices of their GPUs) are added to topologies/devices.yaml's for this scenario's system; a name the catalog already has is an error", "", "none"},
      {"nodes", "number of nodes, joined by the system's fabric", "", "1"},
      {"gpus_per_node", "GPUs of each node taking part", "", "all"},
      {"model", "model name from models/ or a path to a model file", "", "required"},
      {"batch_per_gpu", "samples per GPU per micro-batch", "", "required"},
      {"flash_attention", "transformer models: fused attention (FlashAttention / SDPA) keeps no seq^2 probabilities", "", "the model file's"},
      {"seq_len", "transformer models: tokens of the longest sample, the row length batches are padded to (replaces the model file's seq_len)", "", "the model file's"},
      {"sequences.mean_length", "transformer models: mean real tokens of a sample (the dataset's); the rest of a row is padding (work/sequences.hpp)", "", "seq_len (every sample full)"},
      {"sequences.batching", "padded (every sample padded to seq_len) | binned (each batch drawn from one length bin and padded to its edge, as NVIDIA LDDL) | packed (samples concatenated into full rows)", "", "padded"},
      {"sequences.bin_width", "binned: width of the length bins", "", "required with binned"},
      {"calibration", "a calibration file: its compute section (simtrain-calibrate, calibrate --profile) replaces topologies/compute.yaml's figures for the GPU; its network section (calibrate --nccl-tests, fitted on this system) replaces the fitted link efficiencies and NCCL step latencies", "", "none"},
      {"software", "the software stack: a profile of topologies/software.yaml (pytorch_eager, pytorch_compile, pytorch_cuda_graphs, megatron_te, megatron_te_fa3, megatron_te_cudnn, nvidia_dle, nvidia_dle_nchw, nvidia_mlperf): host dispatch per kernel, syncs, fused optimizer, conv layout, attention kernel", "", "pytorch_eager"},
      {"precision", "the workload's precisions (work/cost.hpp)", "", "amp_fp16"},
      {"optimizer", "the workload's optimizers (work/cost.hpp)", "", "sgd"},
      {"finetune.method", "which weights train: full (every weight) | lora (the model frozen, low-rank adapters beside finetune.targets train; work/finetune.hpp)", "", "full"},
      {"finetune.rank", "lora: the adapters' rank r (A: in x r, B: r x out)", "", "16"},
      {"finetune.targets", "lora: the linear layers given adapters, a list of attn.qkv, attn.out, mlp.gate, mlp.up, mlp.down, or the groups attention (qkv and out) and mlp", "", "required with lora"},
      {"finetune.dropout", "lora: dropout on the adapters' input (its mask and the dropped copy are kept for backward)", "", "0"},
      {"strategy", "one of the strategy table's (train/strategy.hpp)", "", "ddp"},
      {"grad_accumulation", "micro-batches per optimizer step (no_sync on all but the last)", "", "1"},
      {"collective.algorithm", "the collective planner's algorithms (coll/collective.hpp)", "", "auto"},
      {"collective.ring_order", "auto | given", "", "auto"},
      {"steps", "steps to simulate and average", "", "3"},
      {"warmup_steps", "steps simulated first and left out of the averages", "", "1"},
      {"energy.node_overhead", "power of a node beyond its GPUs (CPUs, NICs, NVSwitches, fans, drives)", "W", "the system file's node_overhead.power (0 W and said so if it gives none)"},
      {"energy.pue", "data-centre power usage effectiveness", "", "1.0"},
      {"energy.electricity", "electricity price per kWh (the own-it cost's power)", "USD", "topologies/prices.yaml defaults.electricity (EIA US industrial average)"},
      {"cost.basis", "the headline cost: rent (GPU-hours at cost.rate's rate) | own (purchase written off over cost.life_years, plus power at energy.electricity)", "", "rent"},
      {"cost.rate", "rent's rate kind: on_demand | reserved | spot (spot: preemptions count as failures in the whole run, cost.spot_preemption)", "", "on_demand"},
      {"cost.gpu_hour", "rent: price of one GPU-hour on demand, quoted for the file's own system (a run on another system takes prices: instead, or is refused)", "USD", "prices: quote, else the GPU's cloud_gpu_hour in topologies/prices.yaml"},
      {"cost.reserved_gpu_hour", "rent at cost.rate: reserved: price of one reserved GPU-hour, the file's own system's", "USD", "prices: quote, else on demand less topologies/prices.yaml defaults.reserved.discount"},
      {"cost.spot_gpu_hour", "rent at cost.rate: spot: price of one spot GPU-hour, the file's own system's", "USD", "prices: quote, else on demand less topologies/prices.yaml defaults.spot.discount"},
      {"cost.spot_preemption.per_gpu_hour", "cost.rate: spot: preemptions per GPU-hour (each stops the job like a failure: restart, lost work)", "1/h", "0"},
      {"cost.spot_preemption.per_node_hour", "cost.rate: spot: preemptions per node-hour, on top of the GPUs'", "1/h", "0"},
      {"cost.spot_preemption.node_mtbp", "cost.rate: spot: a node's mean time between preemptions (instead of per_node_hour)", "s", "required with spot (one of the three)"},
      {"cost.purchase", "own: purchase price of one GPU, the file's own system's", "USD", "prices: quote, else the GPU's purchase in topologies/prices.yaml"},
      {"cost.node_price", "own: purchase price of one node beyond its GPUs (chassis, CPUs, memory, NICs, fabric share), the file's own system's", "USD", "prices: quote, else the system file's node_overhead.price ($0 and said so if it gives none)"},
      {"cost.life_years", "own: years a purchase is written off over, linearly (the break-even utilisation says how busy it must be)", "", "topologies/prices.yaml defaults.life (4, an assumption)"},
      // `prices:` (scenario/cost_spec.hpp): quotes per system or GPU, for any run of a search.
      {"prices.<name>.gpu_hour", "a quote for a system (shipped name or file, as system:) or a catalog GPU key: one GPU-hour on demand; a system's quote wins over its GPU's, both over cost.* and the catalog", "USD", "-"},
      {"prices.<name>.reserved_gpu_hour", "the quote's reserved GPU-hour (cost.rate: reserved)", "USD", "-"},
      {"prices.<name>.spot_gpu_hour", "the quote's spot GPU-hour (cost.rate: spot)", "USD", "-"},
      {"prices.<name>.purchase", "the quote's purchase price of one GPU", "USD", "-"},
      {"prices.<name>.node_price", "the quote's price of one node beyond its GPUs", "USD", "-"},
      {"prices.<name>.date", "when the quote held (printed with its prices)", "", "none"},
      {"prices.<name>.source", "who quoted it (printed in the JSON report)", "", "none"},
      {"run.steps", "optimizer steps in the whole run, for per-run energy and cost", "", "0 (none)"},
      // The whole run (scenario/run_spec.hpp, train/goodput.hpp): one length, then checkpoints,
      // failures and restarts; defaults from topologies/reliability.yaml.
      {"run.tokens", "tokens in the whole run (instead of run.steps): steps = tokens / (samples per step x real tokens per sample: sequences.mean_length, else seq_len), rounded up", "", "-"},
      {"run.samples", "samples (sequences) in the whole run (instead of run.steps): steps = samples / samples per step, rounded up; what sweep and advise hold equal when the scenario gives run.steps", "", "-"},
      {"run.epochs", "epochs in the whole run (instead of run.steps), over run.dataset_samples or data.dataset.samples", "", "-"},
      {"run.dataset_samples", "samples in one epoch, for run.epochs", "", "data.dataset.samples"},
      {"run.checkpoint.interval", "useful work between checkpoints, or auto: Young's optimum sqrt(2 x write time x MTBF)", "s", "auto"},
      {"run.checkpoint.storage", "storage device(s) the checkpoint is written to (nvme0: every node's own, in parallel; a fabric storage: shared)", "", "the data block's storage, else the node's first storage device"},
      {"run.failures.per_gpu_hour", "job-stopping failures per GPU-hour", "1/h", "Llama 3: 419 in 54 days on 16,384 GPUs (topologies/reliability.yaml)"},
      {"run.failures.per_node_hour", "job-stopping failures per node-hour, on top of the GPUs'", "1/h", "0 (topologies/reliability.yaml)"},
      {"run.restart", "time from a failure to training again, checkpoint load included", "s", "relaunch (topologies/reliability.yaml) + checkpoint size / storage read bandwidth"},
      // data pipeline (sim/data; docs/model/data.md)
      {"data.dataset.samples", "samples in the dataset (one epoch)", "", "required with data"},
      {"data.dataset.bytes_per_sample", "stored size of one sample (encoded image, clip, record)", "bytes", "required with data"},
      {"data.dataset.tensor_bytes_per_sample", "size of one decoded sample copied to the GPU (the input batch held there when more than the model reads)", "bytes", "3 x image^2 (uint8) for image models, else bytes_per_sample"},
      {"data.dataset.format", "files (one per sample) | lmdb | shards (packed, sequential) | ram (in process memory)", "", "files"},
      {"data.storage", "a storage device of the system (nvme0), or {kind: nvme|nfs|lustre|gpfs|ram, device | devices: [..] (RAID0)}", "", "required unless format: ram"},
      {"data.storage.kind", "nvme | nfs | lustre | gpfs | ram", "", "the device's kind"},
      {"data.storage.device", "one storage device of the system file (or of its fabric)", "", "-"},
      {"data.storage.devices", "storage devices striped as RAID0", "", "-"},
      {"data.loader.num_workers", "DataLoader worker processes per GPU (0: the training process loads)", "", "4"},
      {"data.loader.prefetch_factor", "batches in flight per worker", "", "2"},
      {"data.loader.pin_memory", "copy batches into pinned memory (H2D at DMA rate); false: pageable, staged", "", "true"},
      {"data.loader.cpu_cores", "CPU cores of a node given to the job (one per training process, the rest to workers)", "", "all of the node's"},
      {"data.loader.decode.cpu_ms_per_sample", "CPU time to decode, augment and collate one sample on one core", "ms", "0"},
      {"data.loader.decode.decode_gbps", "CPU decode rate per core in GB/s of stored bytes (instead of cpu_ms_per_sample)", "GB/s", "-"},
      {"data.loader.decode.gpu_ms_per_sample", "GPU decode time per sample on the compute stream (DALI); encoded bytes cross PCIe", "ms", "0"},
      {"data.epochs", "epochs of the run: with more than one, the steps shown are a later epoch's (warm page cache)", "", "1"},
      {"data.page_cache", "page cache of a node", "bytes", "host_memory minus training processes and workers"},
  };
  return keys;
}

std::vector<std::string> catalog_extension_files(const Field& value, const std::string& naming_file) {
  namespace fs = std::filesystem;
  std::vector<Field> names;
  if (value.is_sequence()) {
    names = value.items();
    if (names.empty()) throw value.error("expected a catalog file or a list of them, e.g. catalog: [my_gpus.yaml]");
  } else {
    names.push_back(value);
  }
  std::vector<std::string> out;
  for (const Field& n : names) {
    if (!n.is_scalar())
      throw n.error("expected a catalog file (a path relative to this file), e.g. catalog: my_gpus.yaml");
    const std::string name = n.as_string();
    const fs::path p = fs::path(name).is_absolute() ? fs::path(name) : fs::path(naming_file).parent_path() / name;
    if (name.empty() || !is_file(p))
      throw n.error("no catalog file '" + name + "' (looked for " + p.string() +
                    ", relative to this file); a catalog extension adds link_kinds, gpus, cpus, nics, switches or "
                    "storage to the shipped topologies/devices.yaml");
    out.push_back(p.string());
  }
  return out;
}

namespace {

std::vector<std::string> split_path(const std::string& p) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : p) {
    if (ch == '.') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

double non_negative_money(const Field& f) {
  const double v = f.as_quantity(Dimension::money);
  if (v < 0) throw f.error("expected a price of at least $0");
  return v;
}

// Two names of the same system file ("" never matches).
bool same_system(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec);
}

}  // namespace

bool KeyTable::has(const std::string& path) const {
  for (const auto& k : keys)
    if (k.path == path) return true;
  return false;
}

std::vector<std::string> KeyTable::names() const {
  std::vector<std::string> n;
  for (const auto& k : keys) n.push_back(k.path);
  return n;
}

std::vector<std::string> KeyTable::children(const std::string& prefix) const {
  std::set<std::string> s;
  for (const auto& k : keys) {
    if (prefix.empty()) {
      s.insert(split_path(k.path)[0]);
    } else if (k.path.rfind(prefix + ".", 0) == 0) {
      s.insert(split_path(k.path.substr(prefix.size() + 1))[0]);
    }
  }
  return {s.begin(), s.end()};
}

ScenarioError attribute_to_override(const std::string& scenario_path, const std::vector<std::string>& applied,
                                    const ScenarioError& e) {
  if (e.file() != scenario_path) return e;  // an error in another file (a model, a system) is its own
  // Keys compared with list items as numbers: "system.links[3].count" is "system.links.3.count".
  auto dotted = [](std::string k) {
    std::string out;
    for (char c : k)
      if (c == '[') out += '.';
      else if (c != ']') out += c;
    return out;
  };
  const std::string key = dotted(e.key());
  for (const std::string& a : applied) {
    const std::string k = dotted(a.substr(0, a.find('=')));
    if (key == k || key.rfind(k + ".", 0) == 0) return ScenarioError("--set " + a, 0, 0, e.key(), e.message());
  }
  return e;
}

// `sequences:` (work/sequences.hpp). Checked against the model's seq_len where the model is
// loaded (drive/run.cpp: load_scenario_model).
// A bin_width beside another batching is an error, unless --set changed the batching (a what-if
// keeps the file's bins for when it switches back, as a strategy block of another strategy).
static void parse_sequences(const Field& q, const ScenarioGrammar& grammar, ScenarioSpec& s, bool batching_overridden) {
  const KeyTable& table = grammar.keys;
  q.check_keys(table.children("sequences"));
  s.sequences_field = q;
  if (auto f = q.get("batching")) s.batching = f->as_choice(grammar.batchings);
  if (auto f = q.get("mean_length")) {
    s.mean_length = f->as_number();
    if (!(s.mean_length >= 1) || s.mean_length > static_cast<double>(limits::max_seq_len))
      throw f->error("expected a mean length of at least 1 token and at most " +
                     std::to_string(limits::max_seq_len));
  }
  if (auto f = q.get("bin_width")) {
    const long long width = f->as_int_in(1, limits::max_seq_len);
    if (s.batching == "binned") s.bin_width = width;
    else if (!batching_overridden)
      throw f->key_error("bin_width is for batching: binned (batching is " + s.batching + ")");
  }
  if (s.batching != "padded" && s.mean_length == 0)
    throw q.error("batching: " + s.batching + " needs sequences.mean_length (the mean real tokens of a sample)");
  if (s.batching == "binned" && s.bin_width == 0)
    throw q.error("batching: binned needs sequences.bin_width (the width of the length bins, e.g. 64)");
}

// One --set: a scenario key written into `tree` (the scenario's, loaded for this parse alone),
// or a system.* / catalog.* override kept for where the system loads; echoed in `applied`.
static void apply_override(YAML::Node& tree, const std::string& o, const KeyTable& table, std::vector<std::string>& applied,
                    HardwareOverrides& hardware) {
  auto eq = o.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError("--set", 0, 0, o, "expected key.path=value");
  const std::string key = o.substr(0, eq), value = o.substr(eq + 1);
  // The value becomes one scalar node (YAML::Node(value) parses nothing, so `{a: 1}` stays
  // text and cannot inject structure); it is echoed into reports and JSON, so it must be
  // valid UTF-8 like any file's text.
  if (!valid_utf8(o))
    throw ScenarioError("--set", 0, 0, valid_utf8(key) ? key : std::string("--set"),
                        "this override is not valid UTF-8 (byte " + std::to_string(first_invalid_utf8(o) + 1) + ")");
  applied.push_back(key + "=" + value);
  if (auto hw = parse_hardware_override(key, value)) {
    (hw->file == OverrideFile::system ? hardware.system : hardware.catalog).push_back(*hw);
    return;
  }
  if (!table.has(price_key_pattern(key)))
    throw ScenarioError("--set", 0, 0, key, "unknown scenario key" + did_you_mean(key, table.names()) +
                        "; `simtrain describe` lists them all (system.<path> and catalog.<path> reach the system "
                        "file's and the catalog's values)");
  std::vector<std::string> parts = split_path(key);
  YAML::Node node = tree;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!node[parts[i]] || !node[parts[i]].IsMap()) node[parts[i]] = YAML::Node(YAML::NodeType::Map);
    node.reset(node[parts[i]]);
  }
  // A scalar without a source position: errors about it then name the override.
  node[parts.back()] = YAML::Node(value);
}

// Decides what is trained on what: the model, the nodes, the GPUs per node and the batch per GPU.
static void parse_gpus(const Field& root, ScenarioSpec& s) {
  if (auto f = root.get("nodes")) s.nodes = static_cast<int>(f->as_int_in(1, limits::max_nodes));
  if (auto f = root.get("gpus_per_node"))
    s.gpus_per_node = static_cast<int>(f->as_int_in(1, limits::max_gpus_per_node));
}

static void parse_shape(const Field& root, ScenarioSpec& s) {
  s.model_field = root.at("model");
  s.model_ref = s.model_field.as_string();
  parse_gpus(root, s);
  s.batch_per_gpu = root.at("batch_per_gpu").as_int_in(1, limits::max_batch_per_gpu);
}

// Decides the step's keys: software, flash attention, sequence lengths, precision, optimizer, the
// strategy and its blocks, accumulation, the collective's algorithm, steps and warm-up.
static void parse_step_keys(const Field& root, const ScenarioGrammar& grammar, const std::vector<std::string>& applied,
                            ScenarioSpec& s) {
  const KeyTable& table = grammar.keys;
  if (auto f = root.get("software")) {
    s.software = f->as_string();
    s.software_field = *f;
  }
  if (auto f = root.get("flash_attention")) {
    s.flash_attention = f->as_bool() ? 1 : 0;
    s.flash_attention_field = *f;
  }
  if (auto f = root.get("seq_len")) {
    s.seq_len = f->as_int_in(1, limits::max_seq_len);
    s.seq_len_field = *f;
  }
  if (auto q = root.get("sequences")) {
    bool batching_overridden = false;
    for (const std::string& a : applied) batching_overridden = batching_overridden || a.rfind("sequences.batching=", 0) == 0;
    parse_sequences(*q, grammar, s, batching_overridden);
  }
  s.precision = root.has("precision") ? root.at("precision").as_choice(grammar.precisions) : "amp_fp16";
  s.optimizer = root.has("optimizer") ? root.at("optimizer").as_choice(grammar.optimizers) : "sgd";
  if (auto f = root.get("finetune")) s.finetune_field = *f;  // parsed with the model (work/finetune.hpp)
  s.strategy = root.has("strategy")
                   ? root.at("strategy").as_choice(grammar.strategies)
                   : "ddp";
  // The strategy blocks (ddp:, fsdp:, parallel:), parsed by the strategies that own them.
  bool strategy_overridden = false;
  for (const std::string& a : applied) strategy_overridden = strategy_overridden || a.rfind("strategy=", 0) == 0;
  if (grammar.parse_strategy_blocks) grammar.parse_strategy_blocks(s, strategy_overridden);
  if (auto f = root.get("grad_accumulation")) s.grad_accumulation = f->as_int_in(1, limits::max_grad_accumulation);
  if (auto c = root.get("collective")) {
    c->check_keys(table.children("collective"));
    if (auto f = c->get("algorithm")) s.collective_algorithm = f->as_choice(grammar.collective_algorithms);
    if (auto f = c->get("ring_order")) s.ring_order = f->as_choice({"auto", "given"});
  }
  // The step graph grows with the steps simulated: keep it to what a user can wait for.
  // (The averages settle within a few steps.)
  if (auto f = root.get("steps")) s.steps = f->as_int_in(1, limits::max_steps);
  if (auto f = root.get("warmup_steps")) s.warmup_steps = f->as_int_in(0, limits::max_steps);
}

// Decides the energy block: the node's overhead power, the PUE (at least 1), the electricity price.
static void parse_energy(const Field& e, const KeyTable& table, ScenarioSpec& s) {
  e.check_keys(table.children("energy"));
  if (auto f = e.get("node_overhead")) s.node_overhead_w = f->as_quantity(Dimension::power);
  if (auto f = e.get("pue")) {
    s.pue = f->as_number();
    if (s.pue < 1) throw f->error("a PUE is at least 1.0");
  }
  if (auto f = e.get("electricity")) s.electricity_per_kwh = non_negative_money(*f);
  if (s.node_overhead_w && *s.node_overhead_w < 0) throw e.at("node_overhead").error("expected a power of at least 0 W");
}

// Decides the money: cost.* quotes are the file's own system's (scenario/cost_spec.hpp), the
// basis (rent or own), and the prices block.
static void parse_money(const Field& root, const KeyTable& table, const std::vector<std::string>& applied,
                        const std::string& files_system, const std::string& files_system_path, const std::string& path,
                        ScenarioSpec& s) {
  std::set<std::string> overridden;
  for (const std::string& a : applied) overridden.insert(a.substr(0, a.find('=')));
  s.cost.files_system = files_system;
  s.cost.on_files_system = !overridden.count("system") || same_system(files_system_path, s.system_path);
  if (auto c = root.get("cost")) {
    if (auto f = c->get("basis")) s.cost_basis = f->as_choice({"rent", "own"});
    parse_cost(*c, table, overridden, s.cost);
    if (s.cost.rate == RateKind::spot && s.cost_basis == "own")
      throw c->at("basis").error("cost.basis: own with cost.rate: spot: a spot allocation is rented, not owned");
  }
  if (auto p = root.get("prices")) s.cost.quotes = parse_prices(*p, path, overridden);
}

// Checks a sweep block: scenario keys (dotted, as --set takes them) to non-empty lists of scalars.
static void check_sweep(const Field& sw, const KeyTable& table) {
  if (!sw.is_map() || sw.entries().empty())
    throw sw.error("expected a mapping of scenario keys to lists of values, e.g. sweep: {batch_per_gpu: [64, 128]}");
  for (const Field& e : sw.entries()) {
    const std::string key = e.key().substr(std::string("sweep.").size());
    if (!table.has(price_key_pattern(key)) && !is_hardware_key(key))
      throw e.key_error("unknown scenario key '" + key + "'" + did_you_mean(key, table.names()) +
                        " (sweep keys are dotted paths, as --set takes them: scenario keys, system.<path>, "
                        "catalog.<path>)");
    if (!e.is_sequence() || e.items().empty())
      throw e.error("expected a non-empty list of values, e.g. [64, 128]");
    for (const Field& v : e.items())
      if (!v.is_scalar()) throw v.error("expected a scalar value (a number, a name or a quantity)");
  }
}

// System: a name, a path, or an inline mapping.
static void resolve_system(const Field& root, const FileSchema* system_schema, ScenarioSpec& s) {
  s.system_field = root.at("system");
  if (s.system_field.is_map()) {
    s.system_inline = s.system_field;
    // system.* overrides go into the inline mapping: errors about them are the scenario's,
    // named by attribute_to_override as any --set.
    static const FileSchema present_keys_only;
    for (const FileOverride& o : s.hardware.system)
      apply_file_override(s.system_field, o, 0, system_schema ? *system_schema : present_keys_only,
                          "the scenario's system: mapping");
    s.hardware.system.clear();
  } else {
    const std::string name = s.system_field.as_string();
    s.system_path = data_path::find_named(data_path::Kind::system, name, s.path);
    if (s.system_path.empty())
      throw s.system_field.error(data_path::not_found(data_path::Kind::system, name, "the scenario"));
  }
}

// The file's own system's name and path, before a --set replaces it: cost.* quotes are its.
static std::pair<std::string, std::string> files_system_of(const YAML::Node& tree, const std::string& path) {
  std::string name = "the inline system", file;
  if (const YAML::Node sys = static_cast<const YAML::Node&>(tree)["system"]; sys && sys.IsScalar()) {
    name = sys.Scalar();
    file = data_path::find_named(data_path::Kind::system, name, path);
  }
  return {name, file};
}

ScenarioSpec parse_scenario_shell(const std::string& given, const std::vector<std::string>& overrides,
                                  const KeyTable& table, const FileSchema* system_schema) {
  const std::string path = data_path::scenario_file(given);
  auto doc = YamlDoc::load(path);
  if (!doc->root().IsMap()) throw root_field(doc).error("a scenario is a mapping of keys to values");
  YAML::Node tree = doc->root();  // overridden in place, as parse_scenario does
  const auto [files_system, files_system_path] = files_system_of(tree, path);
  std::vector<std::string> applied;
  HardwareOverrides hardware;
  for (const std::string& o : overrides) apply_override(tree, o, table, applied, hardware);
  Field root(doc, tree, "");
  try {
    root.check_keys(table.children(""));
    ScenarioSpec s(path, doc, root);
    s.overrides_applied = applied;
    s.hardware = hardware;
    s.name = root.has("name") ? root.at("name").as_name() : std::filesystem::path(path).stem().string();
    resolve_system(root, system_schema, s);
    if (auto f = root.get("catalog")) s.catalog_extensions = catalog_extension_files(*f, path);
    parse_gpus(root, s);
    if (auto e = root.get("energy")) parse_energy(*e, table, s);
    parse_money(root, table, applied, files_system, files_system_path, path, s);
    return s;
  } catch (const ScenarioError& e) {
    throw attribute_to_override(path, applied, e);
  }
}

ScenarioSpec parse_scenario(const std::string& given, const std::vector<std::string>& overrides,
                            const ScenarioGrammar& grammar) {
  const std::string path = data_path::scenario_file(given);
  const KeyTable& table = grammar.keys;
  auto doc = YamlDoc::load(path);
  if (!doc->root().IsMap()) throw root_field(doc).error("a scenario is a mapping of keys to values");
  // Apply --set overrides on a copy of the tree, checked against the key table.
  // (In place: YAML::Clone would drop the source positions errors need. The document was
  // just loaded and is not shared.)
  YAML::Node tree = doc->root();
  // The file's own system, before a --set replaces it: cost.* quotes are its (cost_spec.hpp).
  const auto [files_system, files_system_path] = files_system_of(tree, path);
  std::vector<std::string> applied;
  HardwareOverrides hardware;
  for (const std::string& o : overrides) apply_override(tree, o, table, applied, hardware);
  // Re-wrap: errors in overridden values have no position; name the override instead.
  Field root(doc, tree, "");
  auto in_override = [&](const ScenarioError& e) { return attribute_to_override(path, applied, e); };
  try {
    {
      // A serving scenario (serve/serve_spec.hpp) is not a training one: say which command reads it.
      if (auto f = root.get("serve"))
        throw f->key_error("a serving scenario (it has a serve: block): run it with `simtrain serve " + path + "`");
      std::vector<std::string> top = table.children("");
      top.push_back("sweep");
      top.push_back("advise");
      std::sort(top.begin(), top.end());
      root.check_keys(top);
    }
    ScenarioSpec s(path, doc, root);
    s.overrides_applied = applied;
    s.hardware = hardware;
    s.name = root.has("name") ? root.at("name").as_name()
                              : std::filesystem::path(path).stem().string();
    resolve_system(root, grammar.system_schema, s);
    if (auto f = root.get("catalog")) s.catalog_extensions = catalog_extension_files(*f, path);
    parse_shape(root, s);
    if (auto f = root.get("calibration")) {
      s.calibration_path = data_path::find_named(data_path::Kind::calibration, f->as_string(), path);
      if (s.calibration_path.empty())
        throw f->error("no calibration file '" + f->as_string() + "' (looked next to the scenario and in the current directory)");
      s.calibration_field = *f;
    }
    parse_step_keys(root, grammar, applied, s);
    if (auto e = root.get("energy")) parse_energy(*e, table, s);
    parse_money(root, table, applied, files_system, files_system_path, path, s);
    if (auto d = root.get("data")) s.data_field = *d;  // parsed by sim/data (data/data_spec.hpp)
    if (auto sw = root.get("sweep")) {
      check_sweep(*sw, table);
      s.sweep_field = *sw;
    }
    if (auto a = root.get("advise")) {
      if (!a->is_map()) throw a->error("expected a mapping, e.g. advise: {systems: [dgx_a100_80gb, dgx_h100], nodes: [1, 2], deadline: 14 days}");
      s.advise_field = *a;
    }
    if (auto r = root.get("run")) {
      std::vector<std::string> overridden;
      for (const std::string& a : applied) overridden.push_back(a.substr(0, a.find('=')));
      s.run = parse_run(*r, root, table, overridden);
    }
    return s;
  } catch (const ScenarioError& e) {
    throw in_override(e);
  }
}

}  // namespace simtrain
