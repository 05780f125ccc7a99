#include "serve/serve_spec.hpp"

#include <algorithm>
#include <cmath>

#include "serve/serve_run.hpp"
#include "topo/cluster.hpp"

namespace simtrain::serve {

double weight_bytes(WeightPrecision p) {
  switch (p) {
    case WeightPrecision::fp8:
    case WeightPrecision::int8: return 1;
    case WeightPrecision::int4: return 0.5;
    default: return 2;
  }
}

double kv_bytes(KvPrecision p) { return p == KvPrecision::fp8 ? 1 : 2; }

namespace {

constexpr long long kMaxRequests = 2'000'000;  // a bound on what one run simulates (serve_run.hpp)
constexpr long long kMaxTokens = 1 << 24;      // tokens of one prompt or output

bool shared_key(const std::string& path) {
  for (const char* p : {"name", "system", "catalog", "nodes", "gpus_per_node"})
    if (path == p) return true;
  for (const char* p : {"energy.", "cost.", "prices."})
    if (path.rfind(p, 0) == 0) return true;
  return false;
}

void add_length_keys(std::vector<KeyInfo>& k, const std::string& which, const std::string& what) {
  const std::string p = "serve." + which + ".";
  k.push_back({p + "dist", what + " length distribution: fixed | uniform | lognormal", "", "fixed"});
  k.push_back({p + "tokens", "fixed: the " + what + " length", "tokens", "required with fixed"});
  k.push_back({p + "min", "uniform: the shortest; lognormal: the draws are clipped to at least this", "tokens", "1"});
  k.push_back({p + "max", "uniform: the longest; lognormal: the draws are clipped to at most this", "tokens", "required with uniform and lognormal"});
  k.push_back({p + "mean", "lognormal: the mean length (before clipping)", "tokens", "required with lognormal"});
  k.push_back({p + "sigma", "lognormal: the deviation of the log of the length (0.5-1.2: chat datasets' long tails)", "", "required with lognormal"});
}

std::vector<KeyInfo> serve_keys() {
  std::vector<KeyInfo> k;
  for (const KeyInfo& g : general_scenario_keys())
    if (shared_key(g.path)) k.push_back(g);
  k.push_back({"serve.model", "model name from models/ or a path to a model file (a dense decoder transformer)", "", "required"});
  k.push_back({"serve.engine", "the serving engine's profile in topologies/serving.yaml: vllm | trtllm | sglang (each figure below defaults to the profile's)", "", "vllm"});
  k.push_back({"serve.max_num_seqs", "sequences running at once", "", "the engine's"});
  k.push_back({"serve.max_batched_tokens", "tokens one iteration carries: decode tokens plus prefill chunks", "tokens", "the engine's"});
  k.push_back({"serve.chunked_prefill", "cut prompts into chunks that share iterations with decodes", "", "the engine's"});
  k.push_back({"serve.chunk_size", "chunked prefill: the most prompt tokens of one request in one iteration (0: the iteration's budget)", "tokens", "the engine's"});
  k.push_back({"serve.mixed_batches", "without chunked prefill: whole prompts share iterations with decodes (in-flight batching); false: an iteration is all prefill or all decode", "", "the engine's"});
  k.push_back({"serve.kv_block_size", "tokens per paged KV-cache block", "tokens", "the engine's"});
  k.push_back({"serve.memory_fraction", "share of GPU memory the engine takes (of the total, or of what is free after the weights: the engine's memory_fraction_of)", "", "the engine's"});
  k.push_back({"serve.cuda_graphs", "replay decode-only iterations as CUDA graphs", "", "the engine's"});
  k.push_back({"serve.cuda_graph_max_batch", "the largest decode batch replayed as a CUDA graph", "", "the engine's"});
  k.push_back({"serve.step_overhead", "CPU time of one iteration the GPU waits for", "s", "the engine's"});
  k.push_back({"serve.tp", "tensor-parallel GPUs of a replica (inside one node)", "", "1"});
  k.push_back({"serve.pp", "pipeline stages of a replica", "", "1"});
  k.push_back({"serve.ep", "expert parallelism: not modelled yet (only 1)", "", "1"});
  k.push_back({"serve.replicas", "model replicas side by side, tp x pp GPUs each; requests go to the replica with the fewest outstanding", "", "every GPU taking part / (tp x pp)"});
  k.push_back({"serve.disaggregation", "prefill/decode disaggregation: not modelled yet (only false)", "", "false"});
  k.push_back({"serve.weights", "weight precision: bf16 | fp16 | fp8 (W8A8 where the GPU has an fp8 peak, else weight-only) | int8 | int4 (weight-only)", "", "bf16"});
  k.push_back({"serve.kv_cache", "KV-cache precision: bf16 | fp16 | fp8", "", "bf16"});
  k.push_back({"serve.max_model_len", "the longest prompt + output the engine accepts", "tokens", "the model file's seq_len"});
  add_length_keys(k, "prompt", "prompt");
  add_length_keys(k, "output", "output");
  k.push_back({"serve.arrival.process", "poisson (open loop at serve.arrival.rate) | closed (serve.arrival.concurrency clients, each sending its next request when the last ends)", "", "poisson"});
  k.push_back({"serve.arrival.rate", "poisson: requests per second", "1/s", "required with poisson"});
  k.push_back({"serve.arrival.concurrency", "closed: requests in flight", "", "required with closed"});
  k.push_back({"serve.requests.count", "requests simulated", "", "1000"});
  k.push_back({"serve.requests.seed", "seed of the lengths and arrival times drawn (the same seed gives the same requests)", "", "0"});
  return k;
}

// Whether --set gave `key`: a key of another choice beside it is then kept for a what-if (the file's
// rate when --set switches to a closed loop), as a strategy block of another strategy is.
bool overridden(const ServeSpec& s, const std::string& key) {
  for (const std::string& a : s.base.overrides_applied)
    if (a.rfind(key + "=", 0) == 0) return true;
  return false;
}

LengthSpec parse_length(const Field& f, const KeyTable& table, bool dist_overridden) {
  f.check_keys(table.children(f.key()));
  LengthSpec s;
  if (auto d = f.get("dist")) s.dist = d->as_enum(kLengthDistNames);
  if (auto m = f.get("min")) s.min = m->as_int_in(1, kMaxTokens);
  auto need = [&](const char* key) {
    if (!f.has(key))
      throw f.error(std::string("dist: ") + kLengthDistNames.c_str(s.dist) + " needs " + key);
    return f.at(key);
  };
  switch (s.dist) {
    case LengthDist::fixed: s.tokens = need("tokens").as_int_in(1, kMaxTokens); break;
    case LengthDist::uniform: s.max = need("max").as_int_in(s.min, kMaxTokens); break;
    case LengthDist::lognormal:
      s.max = need("max").as_int_in(s.min, kMaxTokens);
      s.mean = need("mean").as_number_in(0, static_cast<double>(kMaxTokens));
      s.sigma = need("sigma").as_number_in(0, 4);
      break;
  }
  // A key of another distribution is an error, not silently ignored.
  const std::vector<std::string> applies = s.dist == LengthDist::fixed     ? std::vector<std::string>{"dist", "tokens"}
                                           : s.dist == LengthDist::uniform ? std::vector<std::string>{"dist", "min", "max"}
                                                                           : std::vector<std::string>{"dist", "min", "max", "mean", "sigma"};
  for (const Field& e : f.entries()) {
    const std::string k = e.key().substr(e.key().rfind('.') + 1);
    if (std::find(applies.begin(), applies.end(), k) == applies.end() && !dist_overridden)
      throw e.key_error(k + " does not apply to dist: " + kLengthDistNames.c_str(s.dist));
  }
  return s;
}

void parse_engine(const Field& sv, ServeSpec& s) {
  const ServingData& data = shipped_serving_data();
  std::string key = "vllm";
  if (auto e = sv.get("engine")) {
    std::vector<std::string> names;
    for (const auto& [k, _] : data.engines) names.push_back(k);
    key = e->as_choice(names);
  }
  EngineProfile p = data.engines.at(key);
  if (auto f = sv.get("max_num_seqs")) p.max_num_seqs = f->as_int_in(1, 1 << 20);
  if (auto f = sv.get("max_batched_tokens")) p.max_batched_tokens = f->as_int_in(1, kMaxTokens);
  if (auto f = sv.get("chunked_prefill")) p.chunked_prefill = f->as_bool();
  if (auto f = sv.get("chunk_size")) p.chunk_size = f->as_int_in(0, kMaxTokens);
  if (auto f = sv.get("mixed_batches")) p.mixed_batches = f->as_bool();
  if (auto f = sv.get("kv_block_size")) p.kv_block_size = f->as_int_in(1, 1 << 16);
  if (auto f = sv.get("memory_fraction")) p.memory_fraction = f->as_number_in(0, 1);
  if (auto f = sv.get("cuda_graphs")) p.cuda_graphs = f->as_bool();
  if (auto f = sv.get("cuda_graph_max_batch")) p.cuda_graph_max_batch = f->as_int_in(1, 1 << 20);
  if (auto f = sv.get("step_overhead")) {
    p.step_overhead_ps = seconds_to_ps(f->as_quantity(Dimension::time));
    if (p.step_overhead_ps < 0 || p.step_overhead_ps > kPsPerSecond) throw f->error("expected a time from 0 s to 1 s");
  }
  if (p.max_num_seqs > p.max_batched_tokens)
    throw sv.error("max_num_seqs (" + std::to_string(p.max_num_seqs) + ") exceeds max_batched_tokens (" +
                   std::to_string(p.max_batched_tokens) + "): every running sequence decodes one token an iteration");
  s.engine = p;
}

void parse_layout(const Field& sv, ServeSpec& s) {
  if (auto f = sv.get("tp")) s.tp = f->as_count_in(1, 64);
  if (auto f = sv.get("pp")) s.pp = f->as_count_in(1, 64);
  if (auto f = sv.get("replicas")) s.replicas = f->as_count_in(1, 1 << 16);
  if (auto f = sv.get("ep"); f && f->as_count_in(1, 1024) != 1)
    throw f->error("expert parallelism in serving is not modelled yet: serve.ep must be 1 (MoE models are refused too)");
  if (auto f = sv.get("disaggregation"); f && f->as_bool())
    throw f->error("prefill/decode disaggregation is not modelled yet: prefill and decode share each replica's GPUs "
                   "(serve.disaggregation: false)");
  if (auto f = sv.get("weights")) s.weights = f->as_enum(kWeightPrecisionNames);
  if (auto f = sv.get("kv_cache")) s.kv = f->as_enum(kKvPrecisionNames);
  if (auto f = sv.get("max_model_len")) s.max_model_len = f->as_int_in(1, kMaxTokens);
}

void parse_traffic(const Field& sv, const KeyTable& table, ServeSpec& s) {
  s.prompt = parse_length(sv.at("prompt"), table, overridden(s, "serve.prompt.dist"));
  s.output = parse_length(sv.at("output"), table, overridden(s, "serve.output.dist"));
  const Field a = sv.at("arrival");
  a.check_keys(table.children("serve.arrival"));
  if (auto f = a.get("process")) s.arrival = f->as_enum(kArrivalNames);
  if (s.arrival == ArrivalProcess::poisson) {
    if (!a.has("rate")) throw a.error("process: poisson needs rate (requests per second), e.g. rate: 10");
    s.rate_per_s = a.at("rate").as_number_in(0, 1e7);
    if (a.has("concurrency") && !overridden(s, "serve.arrival.process"))
      throw a.at("concurrency").key_error("concurrency is for process: closed");
  } else {
    if (!a.has("concurrency")) throw a.error("process: closed needs concurrency (requests in flight), e.g. concurrency: 64");
    s.concurrency = a.at("concurrency").as_int_in(1, 1 << 20);
    if (a.has("rate") && !overridden(s, "serve.arrival.process")) throw a.at("rate").key_error("rate is for process: poisson");
  }
  if (auto r = sv.get("requests")) {
    r->check_keys(table.children("serve.requests"));
    if (auto f = r->get("count")) s.requests = f->as_int_in(1, kMaxRequests);
    if (auto f = r->get("seed")) s.seed = static_cast<std::uint64_t>(f->as_int_in(0, 1LL << 62));
  }
  if (s.arrival == ArrivalProcess::poisson && static_cast<double>(s.requests) / s.rate_per_s > kMaxArrivalSpanS)
    throw a.at("rate").error("requests.count / rate = " + std::to_string(static_cast<long long>(static_cast<double>(s.requests) / s.rate_per_s)) +
                             " s of arrivals, more than the 1e6 s (11.6 days) a run simulates: raise the rate or send fewer requests");
}

}  // namespace

const KeyTable& serve_scenario_keys() {
  static const KeyTable table{serve_keys()};
  return table;
}

ServeSpec load_serve_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  const KeyTable& table = serve_scenario_keys();
  ServeSpec s(parse_scenario_shell(path, overrides, table, &topo::system_file_schema()));
  try {
    const Field sv = s.base.root.at("serve");
    sv.check_keys(table.children("serve"));
    s.model_field = sv.at("model");
    s.model_ref = s.model_field.as_string();
    parse_engine(sv, s);
    parse_layout(sv, s);
    parse_traffic(sv, table, s);
  } catch (const ScenarioError& e) {
    throw attribute_to_override(s.base.path, s.base.overrides_applied, e);
  }
  return s;
}

}  // namespace simtrain::serve
