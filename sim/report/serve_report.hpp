// The report of `simtrain serve`: a one-screen text summary and its JSON object (docs/json.md,
// docs/schema/serve.schema.json): the layout, the memory plan per GPU (weights, activations,
// KV cache and what it holds), throughput, TTFT / TPOT / end-to-end percentiles, KV-cache
// occupancy and preemptions, GPU utilisation, energy and cost per 1M output tokens, and the
// --slo search's answer. Pure formatting of serve::ServeResult.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "serve/serve_result.hpp"

namespace simtrain::report {

std::string format_serve(const serve::ServeResult& r);
nlohmann::json serve_to_json(const serve::ServeResult& r);

}  // namespace simtrain::report
