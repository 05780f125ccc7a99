#include "serve/scheduler.hpp"

#include <algorithm>
#include <deque>

#include "engine/event_loop.hpp"

namespace simtrain::serve {

namespace {

struct SeqState {
  long long computed = 0, generated = 0, blocks = 0;
};

struct Replica {
  std::deque<std::uint32_t> waiting;
  std::vector<std::uint32_t> running;
  long long free_blocks = 0, outstanding = 0;
  bool busy = false;
  TimePs started = 0, duration = 0;
  long long held_blocks = 0;
  std::vector<std::pair<std::uint32_t, long long>> scheduled;  // (request, tokens)
  BatchMix mix;
};

enum class Pass { all, prefill_only, decode_only };

class Sim {
 public:
  Sim(const SchedulerSetup& s, std::vector<Request> reqs)
      : s_(s), e_(*s.engine), reqs_(std::move(reqs)), seq_(reqs_.size()), replicas_(s.replicas.size()) {
    st_.outcomes.resize(reqs_.size());
    for (Replica& r : replicas_) r.free_blocks = s.kv_blocks;
  }

  SimStats run() {
    if (s_.arrival == ArrivalProcess::closed) {
      const auto first = std::min<std::size_t>(reqs_.size(), static_cast<std::size_t>(s_.concurrency));
      for (std::size_t i = 0; i < first; ++i) send(static_cast<std::uint32_t>(i), 0);
      next_ = first;
    } else {
      for (std::size_t i = 0; i < reqs_.size(); ++i) send(static_cast<std::uint32_t>(i), reqs_[i].arrival_ps);
    }
    loop_.run([this](engine::LoopEvent ev, std::uint32_t target) { ev == engine::LoopEvent::arrival ? arrive(target) : done(target); },
              [this](TimePs now) { start_idle(now); });
    finish_stats();
    return std::move(st_);
  }

 private:
  void send(std::uint32_t id, TimePs at) {
    reqs_[id].arrival_ps = at;
    st_.outcomes[id].arrival_ps = at;
    loop_.schedule(at, engine::LoopEvent::arrival, id);
  }

  void arrive(std::uint32_t id) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < replicas_.size(); ++i)
      if (replicas_[i].outstanding < replicas_[best].outstanding) best = i;
    replicas_[best].waiting.push_back(id);
    replicas_[best].outstanding += 1;
    st_.outcomes[id].replica = static_cast<int>(best);
  }

  long long blocks_for(long long tokens) const { return (tokens + s_.block_tokens - 1) / s_.block_tokens; }
  long long total_tokens(std::uint32_t id) const { return reqs_[id].prompt + seq_[id].generated; }
  bool decoding(std::uint32_t id) const {
    return seq_[id].generated > 0 && total_tokens(id) - seq_[id].computed == 1;
  }
  long long prefill_cap(long long budget) const {
    return e_.chunk_size > 0 ? std::min(e_.chunk_size, budget) : budget;
  }

  void preempt(Replica& r) {
    const std::uint32_t id = r.running.back();
    r.running.pop_back();
    SeqState& q = seq_[id];
    r.free_blocks += q.blocks;
    st_.recomputed_tokens += q.computed;
    q.blocks = 0;
    q.computed = 0;
    st_.outcomes[id].preemptions += 1;
    st_.preemptions += 1;
    r.waiting.push_front(id);
  }

  // Running sequences first, in admission order; returns whether one was preempted.
  bool schedule_running(Replica& r, long long& budget, Pass pass) {
    bool preempted = false;
    for (std::size_t i = 0; i < r.running.size() && budget > 0;) {
      const std::uint32_t id = r.running[i];
      const bool dec = decoding(id);
      if ((pass == Pass::prefill_only && dec) || (pass == Pass::decode_only && !dec)) {
        ++i;
        continue;
      }
      const long long need = total_tokens(id) - seq_[id].computed;
      long long n = dec ? 1 : std::min(need, prefill_cap(budget));
      if (!dec && !e_.chunked_prefill && n < need) {
        ++i;
        continue;
      }
      const long long more = blocks_for(seq_[id].computed + n) - seq_[id].blocks;
      bool self = false;
      while (more > r.free_blocks && !self) {
        self = r.running.back() == id;
        preempt(r);
        preempted = true;
      }
      if (self) break;
      seq_[id].blocks += more;
      r.free_blocks -= more;
      r.scheduled.emplace_back(id, n);
      budget -= n;
      ++i;
    }
    return preempted;
  }

  void admit(Replica& r, long long& budget) {
    while (!r.waiting.empty() && static_cast<long long>(r.running.size()) < e_.max_num_seqs && budget > 0) {
      const std::uint32_t id = r.waiting.front();
      const long long need = total_tokens(id) - seq_[id].computed;
      if (!e_.chunked_prefill && need > budget) break;
      const long long n = e_.chunked_prefill ? std::min(need, prefill_cap(budget)) : need;
      const long long more = blocks_for(seq_[id].computed + n) - seq_[id].blocks;
      if (more > r.free_blocks) break;
      seq_[id].blocks += more;
      r.free_blocks -= more;
      r.waiting.pop_front();
      r.running.push_back(id);
      r.scheduled.emplace_back(id, n);
      budget -= n;
    }
  }

  bool form_batch(Replica& r) {
    r.scheduled.clear();
    long long budget = e_.max_batched_tokens;
    if (e_.mixed_batches) {
      if (!schedule_running(r, budget, Pass::all)) admit(r, budget);
    } else {
      if (!schedule_running(r, budget, Pass::prefill_only)) admit(r, budget);
      if (r.scheduled.empty()) schedule_running(r, budget, Pass::decode_only);
    }
    BatchMix& mix = r.mix;
    mix.prefills.clear();
    mix.decode_seqs = mix.decode_context = mix.sampled = 0;
    for (const auto& [id, n] : r.scheduled) {
      const SeqState& q = seq_[id];
      if (decoding(id)) {
        mix.decode_seqs += 1;
        mix.decode_context += q.computed + 1;
      } else {
        mix.prefills.push_back({n, q.computed});
      }
      if (q.computed + n == total_tokens(id)) mix.sampled += 1;
    }
    return !r.scheduled.empty();
  }

  void start_idle(TimePs now) {
    for (std::size_t i = 0; i < replicas_.size(); ++i) {
      Replica& r = replicas_[i];
      if (r.busy || (r.waiting.empty() && r.running.empty())) continue;
      if (!form_batch(r)) continue;
      const IterationTime t = s_.replicas[i]->time(r.mix);
      r.busy = true;
      r.started = now;
      r.duration = std::max<TimePs>(t.total_ps, 1);
      r.held_blocks = s_.kv_blocks - r.free_blocks;
      st_.kv_peak_blocks = std::max(st_.kv_peak_blocks, r.held_blocks);
      st_.comm_ps += static_cast<double>(t.comm_ps);
      st_.flops += t.flops;
      batch_seqs_ += static_cast<double>(r.scheduled.size());
      if (r.mix.decode_seqs > 0) {
        decode_tokens_ += static_cast<double>(r.mix.decode_seqs);
        ++decode_iterations_;
      }
      loop_.schedule(now + r.duration, engine::LoopEvent::done, static_cast<std::uint32_t>(i));
    }
  }

  void finish_request(Replica& r, std::uint32_t id, TimePs now) {
    st_.outcomes[id].finish_ps = now;
    r.free_blocks += seq_[id].blocks;
    seq_[id].blocks = 0;
    r.running.erase(std::find(r.running.begin(), r.running.end(), id));
    r.outstanding -= 1;
    st_.prompt_tokens += reqs_[id].prompt;
    if (s_.arrival == ArrivalProcess::closed && next_ < reqs_.size()) send(static_cast<std::uint32_t>(next_++), now);
  }

  void done(std::uint32_t index) {
    Replica& r = replicas_[index];
    const TimePs now = loop_.now();
    r.busy = false;
    ++st_.iterations;
    st_.busy_ps += static_cast<double>(r.duration);
    st_.kv_block_ps += static_cast<double>(r.held_blocks) * static_cast<double>(r.duration);
    for (const auto& [id, n] : r.scheduled) {
      SeqState& q = seq_[id];
      q.computed += n;
      if (q.computed != total_tokens(id)) continue;
      q.generated += 1;
      st_.output_tokens += 1;
      if (st_.outcomes[id].first_token_ps < 0) st_.outcomes[id].first_token_ps = now;
      if (q.generated >= reqs_[id].output) finish_request(r, id, now);
    }
    r.scheduled.clear();
  }

  void finish_stats() {
    TimePs first = kNever, last = 0;
    for (const RequestOutcome& o : st_.outcomes) {
      first = std::min(first, o.arrival_ps);
      last = std::max(last, o.finish_ps);
    }
    st_.first_arrival_ps = first == kNever ? 0 : first;
    st_.makespan_ps = last - st_.first_arrival_ps;
    st_.events = loop_.events();
    const double it = static_cast<double>(st_.iterations);
    st_.mean_batch = it > 0 ? batch_seqs_ / it : 0;
    st_.mean_decode_batch = decode_iterations_ > 0 ? decode_tokens_ / static_cast<double>(decode_iterations_) : 0;
  }

  const SchedulerSetup& s_;
  const EngineProfile& e_;
  std::vector<Request> reqs_;
  std::vector<SeqState> seq_;
  std::vector<Replica> replicas_;
  engine::EventLoop loop_;
  SimStats st_;
  std::size_t next_ = 0;
  double batch_seqs_ = 0, decode_tokens_ = 0;
  long long decode_iterations_ = 0;
};

}  // namespace

SimStats simulate(const SchedulerSetup& setup, std::vector<Request> requests) {
  Sim sim(setup, std::move(requests));
  return sim.run();
}

}  // namespace simtrain::serve
