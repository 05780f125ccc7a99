// `simtrain serve SCENARIO.yaml`: a serving scenario's throughput, latency percentiles, KV
// cache, energy and cost (serve/serve_run.hpp), and with --slo the largest arrival rate that
// meets latency targets.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/flag_checks.hpp"
#include "cli/version.hpp"
#include "engine/executor.hpp"
#include "report/serve_report.hpp"
#include "serve/serve_run.hpp"
#include "serve/serve_spec.hpp"

namespace simtrain::cli {

namespace {

struct ServeFlags {
  std::string scenario;
  std::vector<std::string> set;
  std::string slo;
  bool json = false, fail_oom = false;
  double max_seconds = 0;
};

int run_serve_command(const ServeFlags& f) {
  const serve::ServeSpec spec = serve::load_serve_scenario(f.scenario, f.set);
  serve::ServeOptions opt;
  if (!f.slo.empty()) opt.slo = serve::parse_slo(f.slo);
  const engine::Deadline limit(f.max_seconds);
  const serve::ServeResult r = serve::run_serve(spec, opt);
  if (f.json) print_json(std::cout, report::serve_to_json(r));
  else std::cout << report::format_serve(r);
  return f.fail_oom && !r.memory.fits ? 4 : 0;
}

}  // namespace

Subcommand add_serve_command(CLI::App& app) {
  auto f = std::make_shared<ServeFlags>();
  auto* cmd = app.add_subcommand("serve", "Simulate LLM serving: requests through a continuous-batching engine (throughput, TTFT/TPOT, KV cache, cost per 1M tokens)");
  cmd->add_option("scenario", f->scenario, "Serving scenario file (a serve: block; `simtrain describe serve` lists its keys)")->required();
  cmd->add_option("--set", f->set, "Override a scenario value: key.path=value (repeatable)");
  cmd->add_option("--slo", f->slo, "Find the largest Poisson arrival rate meeting latency targets, e.g. ttft_p99=1s,tpot_p99=50ms")
      ->type_name("TARGETS");
  cmd->add_flag("--json", f->json, "Print one JSON object instead of the report");
  cmd->add_flag("--fail-on-oom", f->fail_oom, "Exit with status 4 when the model or one request does not fit in GPU memory");
  cmd->add_option("--max-seconds", f->max_seconds, "Stop simulating after this many seconds of wall clock (exit 7, no figures)")
      ->check(positive_number());
  return {cmd, [f](Context&) { return run_serve_command(*f); }};
}

}  // namespace simtrain::cli
