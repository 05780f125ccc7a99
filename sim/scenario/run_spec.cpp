#include "scenario/run_spec.hpp"

#include <algorithm>
#include "scenario/limits.hpp"

#include "scenario/scenario.hpp"

namespace simtrain {

RunSpec parse_run(const Field& run, const Field& root, const KeyTable& table, const std::vector<std::string>& overridden) {
  RunSpec s;
  s.where = run;
  run.check_keys(table.children("run"));
  // The length: exactly one of tokens, samples, epochs, steps (a --set one replaces the file's).
  std::vector<Field> lengths;
  for (const Field& e : run.entries())
    if (e.key() == "run.tokens" || e.key() == "run.samples" || e.key() == "run.epochs" || e.key() == "run.steps")
      lengths.push_back(e);
  if (lengths.size() > 1) {
    // The length set last on the command line wins (a search's equal work after the user's).
    std::optional<Field> last;
    std::ptrdiff_t last_at = -1;
    for (const Field& f : lengths) {
      const auto it = std::find(overridden.rbegin(), overridden.rend(), f.key());
      const std::ptrdiff_t at = it == overridden.rend() ? -1 : overridden.rend() - it;
      if (at > last_at) {
        last_at = at;
        last = f;
      }
    }
    if (last) {
      lengths = {*last};
    } else {
      const Field& first = lengths[0];
      const Field& second = lengths[1];
      throw second.key_error("a run has one length: " + first.key() + " is also given" +
                             (first.line() > 0 ? " (line " + std::to_string(first.line()) + ")" : std::string()) +
                             "; keep one of run.tokens, run.samples, run.epochs (with the dataset's size) or run.steps");
    }
  }
  if (!lengths.empty()) {
    const Field& f = lengths[0];
    s.length_field = f;
    if (f.key() == "run.steps") {
      s.steps = f.as_int_at_least(0);
      if (s.steps > 0) s.length = RunSpec::Length::steps;
    } else if (f.key() == "run.tokens" || f.key() == "run.samples") {
      const bool tokens = f.key() == "run.tokens";
      const char* what = tokens ? "tokens" : "samples";
      const char* example = tokens ? "50e9" : "1.2e8";
      double v = 0;
      try {
        v = f.as_number();
      } catch (const ScenarioError&) {
        throw f.error(std::string("expected a plain number of ") + what + ", e.g. " + example + " (no suffixes), got '" +
                      f.as_string() + "'");
      }
      if (!(v >= 1)) throw f.error(std::string("expected a number of ") + what + " of at least 1, e.g. " + example);
      (tokens ? s.tokens : s.samples) = v;
      s.length = tokens ? RunSpec::Length::tokens : RunSpec::Length::samples;
    } else {
      s.epochs = f.as_number();
      if (!(s.epochs > 0)) throw f.error("expected a positive number of epochs");
      s.length = RunSpec::Length::epochs;
    }
  }
  auto ds = run.get("dataset_samples");
  if (ds && s.length != RunSpec::Length::epochs)
    throw ds->key_error("run.dataset_samples is the size of an epoch: it goes with run.epochs");
  if (s.length == RunSpec::Length::epochs) {
    if (ds) {
      s.dataset_samples = ds->as_int_in(1, limits::max_dataset_samples);
      s.dataset_from = "run.dataset_samples";
    } else {
      std::optional<Field> samples;
      if (auto d = root.get("data"); d && d->is_map())
        if (auto dd = d->get("dataset"); dd && dd->is_map()) samples = dd->get("samples");
      if (!samples)
        throw s.length_field->key_error("run.epochs needs the dataset's size: give run.dataset_samples (samples in "
                                        "one epoch), or a data: block with data.dataset.samples");
      s.dataset_samples = samples->as_int_in(1, limits::max_dataset_samples);
      s.dataset_from = "data.dataset.samples";
    }
  }
  if (auto c = run.get("checkpoint")) {
    c->check_keys(table.children("run.checkpoint"));
    if (auto f = c->get("interval")) {
      if (!(f->is_scalar() && f->as_string() == "auto")) {
        try {
          s.checkpoint_interval_s = f->as_quantity(Dimension::time);
        } catch (const ScenarioError&) {
          throw f->error("expected a time (e.g. 30 min; units ps, ns, us, ms, s, min, h) or auto, got '" +
                         f->as_string() + "'");
        }
        if (!(s.checkpoint_interval_s > 0)) throw f->error("expected a positive interval (e.g. 30 min) or auto");
      }
    }
    if (auto f = c->get("storage")) {
      s.storage_field = *f;
      if (f->is_sequence()) {
        for (const Field& i : f->items()) s.checkpoint_storage.push_back(i.as_string());
        if (s.checkpoint_storage.empty()) throw f->error("expected a storage device's name or a list of them");
      } else {
        s.checkpoint_storage.push_back(f->as_string());
      }
    }
  }
  if (auto fl = run.get("failures")) {
    fl->check_keys(table.children("run.failures"));
    auto rate = [](const Field& f) {
      const double v = f.as_number();
      if (!(v >= 0)) throw f.error("expected a rate of at least 0 (failures per hour)");
      return v;
    };
    if (auto f = fl->get("per_gpu_hour")) s.failures_per_gpu_hour = rate(*f);
    if (auto f = fl->get("per_node_hour")) s.failures_per_node_hour = rate(*f);
  }
  if (auto f = run.get("restart")) {
    s.restart_s = f->as_quantity(Dimension::time);
    if (!(*s.restart_s >= 0)) throw f->error("expected a time of at least 0");
  }
  if (s.length == RunSpec::Length::none && !s.length_field && !run.entries().empty())
    throw run.error("a run needs its length: one of run.tokens, run.samples, run.epochs (with the dataset's size) or "
                    "run.steps");
  return s;
}

}  // namespace simtrain
