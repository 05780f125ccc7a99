// The serving engine's scheduler, request by request, on the engine's event loop
// (engine/event_loop.hpp): requests arrive (Poisson arrivals, or a closed loop of clients each
// sending its next request when the last one ends), go to the replica with the fewest
// outstanding requests (ties: the lowest index), and each replica runs continuous-batching
// iterations back to back while it has work. Each iteration's time comes from the cost model
// (serve/iteration_cost.hpp) for the batch the scheduler formed. The policy is vLLM V1's
// (vllm/v1/core/sched/scheduler.py), with the engine profile's switches:
//   token budget   max_batched_tokens per iteration, at most max_num_seqs sequences running
//   running first  each running sequence, in admission order, gets what it needs: 1 token when
//                  decoding, the rest of its prompt (capped by chunk_size and the budget) when
//                  prefilling; without chunked prefill only a whole prompt
//   KV blocks      a sequence holds ceil(tokens in cache / block size) blocks and takes new ones
//                  as it grows; when none is free, the most recently admitted running sequence is
//                  preempted (recompute: its blocks freed, it returns to the front of the queue and
//                  later recomputes its prompt and the tokens it had generated) -- counted, never
//                  truncated
//   admission      if nothing was preempted this iteration, waiting requests join in arrival
//                  order while the budget, max_num_seqs and free blocks allow (the blocks for the
//                  tokens scheduled now)
//   mixed_batches  false: an iteration is prefill only (new and partly prefilled prompts) when any
//                  prefill can run, else decode only (SGLang's default, vLLM V0's)
// A sequence whose cache holds all its tokens samples one: the first marks its time to first
// token (TTFT = first token - arrival); the last ends it (TPOT = (end - first token) / (output - 1),
// as vLLM's benchmark_serving counts it). The KV cache's occupancy is integrated over the
// iterations (blocks held x duration).
#pragma once

#include <cstdint>
#include <vector>

#include "base/time.hpp"
#include "serve/iteration_cost.hpp"
#include "serve/requests.hpp"

namespace simtrain::serve {

struct RequestOutcome {
  TimePs arrival_ps = 0, first_token_ps = -1, finish_ps = -1;
  int preemptions = 0;
  int replica = 0;
};

struct SimStats {
  std::vector<RequestOutcome> outcomes;
  TimePs makespan_ps = 0;           // first arrival to last token
  TimePs first_arrival_ps = 0;
  std::uint64_t iterations = 0, events = 0;
  long long preemptions = 0;
  double busy_ps = 0;               // summed over replicas
  double comm_ps = 0;               // of which TP collectives and stage sends
  double flops = 0;                 // per GPU, summed over the replicas' iterations
  double kv_block_ps = 0;           // blocks held x time, summed over replicas
  long long kv_peak_blocks = 0;     // the most any replica held
  long long prompt_tokens = 0, output_tokens = 0, recomputed_tokens = 0;
  double mean_batch = 0;            // sequences per iteration
  double mean_decode_batch = 0;     // decode tokens per iteration that had decodes
};

struct SchedulerSetup {
  const EngineProfile* engine = nullptr;
  std::vector<IterationCost*> replicas;  // one cost model per replica
  long long kv_blocks = 0;               // per replica (its GPUs': the smallest stage's)
  long long block_tokens = 16;
  ArrivalProcess arrival = ArrivalProcess::poisson;
  long long concurrency = 0;
};

SimStats simulate(const SchedulerSetup& setup, std::vector<Request> requests);

}  // namespace simtrain::serve
