#include "net/maxmin.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <stdexcept>

namespace simtrain::net {

void sort_ids(std::vector<std::uint32_t>& ids, std::vector<std::uint32_t>& scratch) {
  constexpr std::size_t kShort = 128;
  if (ids.size() < kShort) {
    std::sort(ids.begin(), ids.end());
    return;
  }
  std::uint32_t top = 0;
  for (std::uint32_t x : ids) top |= x;
  constexpr unsigned kBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kBits;
  scratch.resize(ids.size());
  std::size_t count[kBuckets];
  for (unsigned shift = 0; shift < 32 && (top >> shift) != 0; shift += kBits) {
    std::fill(std::begin(count), std::end(count), std::size_t{0});
    for (std::uint32_t x : ids) ++count[(x >> shift) & (kBuckets - 1)];
    std::size_t sum = 0;
    for (std::size_t& c : count) {
      const std::size_t k = c;
      c = sum;
      sum += k;
    }
    for (std::uint32_t x : ids) scratch[count[(x >> shift) & (kBuckets - 1)]++] = x;
    ids.swap(scratch);
  }
}

LinkId MaxMinSystem::add_link(double capacity) {
  if (!(capacity >= 0)) throw std::invalid_argument("link capacity must be >= 0");
  links_.push_back(Link{});
  links_.back().capacity = capacity;
  return static_cast<LinkId>(links_.size() - 1);
}

void MaxMinSystem::set_capacity(LinkId link, double capacity) {
  if (!(capacity >= 0)) throw std::invalid_argument("link capacity must be >= 0");
  links_[link].capacity = capacity;
  mark_dirty(link);
}

VarId MaxMinSystem::add_variable(double weight, double bound) {
  if (!(weight > 0)) throw std::invalid_argument("variable weight must be > 0");
  VarId id;
  if (!free_vars_.empty()) {
    // Reuse the smallest free id so allocation is deterministic and compact.
    std::pop_heap(free_vars_.begin(), free_vars_.end(), std::greater<>());
    id = free_vars_.back();
    free_vars_.pop_back();
  } else {
    id = static_cast<VarId>(vars_.size());
    vars_.emplace_back();
  }
  Var& v = vars_[id];
  v.weight = weight;
  v.bound = bound;
  v.rate = 0;
  v.elements.clear();
  v.active = true;
  ++active_count_;
  return id;
}

void MaxMinSystem::expand(VarId var, LinkId link, double coeff) {
  if (coeff <= 0) return;
  Var& v = vars_[var];
  // A second expand of the same (var, link) adds a second element: the constraints sum the
  // coefficients either way, so no search is needed (paths of thousands of links stay linear).
  v.elements.push_back(Element{link, coeff});
  links_[link].users.push_back(LinkUser{var, coeff});
  mark_dirty(link);
}

void MaxMinSystem::remove_variable(VarId var) {
  Var& v = vars_[var];
  if (!v.active) return;
  for (const auto& e : v.elements) {
    auto& users = links_[e.link].users;
    for (size_t i = 0; i < users.size(); ++i) {
      if (users[i].var == var) {
        users[i] = users.back();
        users.pop_back();
        break;
      }
    }
    mark_dirty(e.link);
  }
  v.elements.clear();
  v.active = false;
  v.rate = 0;
  --active_count_;
  free_vars_.push_back(var);
  std::push_heap(free_vars_.begin(), free_vars_.end(), std::greater<>());
}

void MaxMinSystem::mark_dirty(LinkId link) {
  if (!links_[link].dirty) {
    links_[link].dirty = true;
    dirty_links_.push_back(link);
  }
}

// Grows the component of `seed` (links joined through shared variables) into comp_links_ and
// comp_vars_, stamping what it visits so each link and variable is taken once per solve.
void MaxMinSystem::collect_component(LinkId seed) {
  comp_links_.clear();
  comp_vars_.clear();
  ++comp_stamp_;
  links_[seed].stamp = stamp_;
  links_[seed].comp = comp_stamp_;
  comp_links_.push_back(seed);
  for (size_t i = 0; i < comp_links_.size(); ++i) {
    for (const auto& u : links_[comp_links_[i]].users) {
      Var& v = vars_[u.var];
      if (v.stamp == stamp_) continue;
      v.stamp = stamp_;
      v.comp = comp_stamp_;
      comp_vars_.push_back(u.var);
      for (const auto& e : v.elements) {
        if (links_[e.link].stamp != stamp_) {
          links_[e.link].stamp = stamp_;
          links_[e.link].comp = comp_stamp_;
          comp_links_.push_back(e.link);
        }
      }
    }
  }
  // Canonical order: the arithmetic below depends only on the component's content. A
  // component that spans a good share of the system (a 1024-GPU ring) is listed in id order
  // by one scan over the marks, which gives the same order as sorting, in linear time.
  auto canonical = [&](auto& ids, const auto& all) {
    if (ids.size() * 8 < all.size()) {
      sort_ids(ids, sort_scratch_);
      return;
    }
    const std::size_t n = ids.size();
    ids.clear();
    for (std::size_t id = 0; id < all.size() && ids.size() < n; ++id)
      if (all[id].comp == comp_stamp_) ids.push_back(static_cast<typename std::decay_t<decltype(ids)>::value_type>(id));
  };
  canonical(comp_links_, links_);
  canonical(comp_vars_, vars_);
  for (std::size_t i = 0; i < comp_links_.size(); ++i) links_[comp_links_[i]].pos = i;
  for (std::size_t i = 0; i < comp_vars_.size(); ++i) vars_[comp_vars_[i]].pos = i;
}

void MaxMinSystem::solve_component() {
  const size_t nl = comp_links_.size();
  remaining_.assign(nl, 0.0);
  weight_sum_.assign(nl, 0.0);
  // Position of each link in the component (set by collect_component).
  auto pos = [&](LinkId l) { return links_[l].pos; };
  for (size_t i = 0; i < nl; ++i) remaining_[i] = links_[comp_links_[i]].capacity;

  std::vector<VarId> unfixed = comp_vars_;
  std::vector<double> new_rate(comp_vars_.size(), 0.0);
  for (VarId v : unfixed)
    for (const auto& e : vars_[v].elements) weight_sum_[pos(e.link)] += e.coeff * vars_[v].weight;

  std::vector<char> saturated(nl, 0);
  while (!unfixed.empty()) {
    double level = MaxMinSystem::kUnbounded;
    for (size_t i = 0; i < nl; ++i) {
      if (weight_sum_[i] > 0) level = std::min(level, std::max(remaining_[i], 0.0) / weight_sum_[i]);
    }
    for (VarId v : unfixed) level = std::min(level, vars_[v].bound / vars_[v].weight);
    if (level == MaxMinSystem::kUnbounded) {
      // Variables on no link and unbounded: nothing limits them. Callers never create these
      // (a flow always crosses a link), but keep the system well-defined.
      for (VarId v : unfixed) new_rate[vars_[v].pos] = MaxMinSystem::kUnbounded;
      break;
    }
    // Links whose fair level is (within rounding) the minimum saturate together.
    const double tie = level * (1.0 + 1e-12);
    for (size_t i = 0; i < nl; ++i) {
      saturated[i] = weight_sum_[i] > 0 && std::max(remaining_[i], 0.0) / weight_sum_[i] <= tie;
    }
    std::vector<VarId> still;
    still.reserve(unfixed.size());
    std::vector<VarId> fixed_now;
    for (VarId v : unfixed) {
      const Var& var = vars_[v];
      bool fix = var.bound / var.weight <= tie;
      for (size_t k = 0; !fix && k < var.elements.size(); ++k) fix = saturated[pos(var.elements[k].link)];
      if (fix) fixed_now.push_back(v);
      else still.push_back(v);
    }
    assert(!fixed_now.empty());
    for (VarId v : fixed_now) {
      Var& var = vars_[v];
      double r = std::min(var.weight * level, var.bound);
      new_rate[var.pos] = r;
      for (const auto& e : var.elements) {
        size_t p = pos(e.link);
        remaining_[p] -= e.coeff * r;
        weight_sum_[p] -= e.coeff * var.weight;
        if (saturated[p] || weight_sum_[p] < 1e-12) {
          if (weight_sum_[p] < 1e-12) weight_sum_[p] = 0;
        }
      }
    }
    // A saturated link has nothing left for anyone.
    for (size_t i = 0; i < nl; ++i)
      if (saturated[i]) weight_sum_[i] = 0;
    unfixed.swap(still);
  }

  for (size_t i = 0; i < comp_vars_.size(); ++i) {
    Var& var = vars_[comp_vars_[i]];
    if (var.rate != new_rate[i]) {
      var.rate = new_rate[i];
      changed_.push_back(comp_vars_[i]);
    }
  }
  for (LinkId l : comp_links_) {
    double load = 0;
    for (const auto& u : links_[l].users) load += u.coeff * vars_[u.var].rate;
    links_[l].load = load;
    touched_links_.push_back(l);
  }
}

const std::vector<VarId>& MaxMinSystem::solve(bool full) {
  changed_.clear();
  touched_links_.clear();
  ++stamp_;
  std::vector<LinkId> seeds;
  if (full) {
    seeds.resize(links_.size());
    for (LinkId l = 0; l < links_.size(); ++l) seeds[l] = l;
  } else {
    seeds = dirty_links_;
    sort_ids(seeds, sort_scratch_);
  }
  for (LinkId l : dirty_links_) links_[l].dirty = false;
  dirty_links_.clear();
  for (LinkId seed : seeds) {
    if (links_[seed].stamp == stamp_) continue;
    if (links_[seed].users.empty()) {
      // An idle link: its load is zero now (its last variable may just have left).
      links_[seed].stamp = stamp_;
      if (links_[seed].load != 0) {
        links_[seed].load = 0;
      }
      touched_links_.push_back(seed);
      continue;
    }
    collect_component(seed);
    solve_component();
  }
  sort_ids(changed_, sort_scratch_);
  sort_ids(touched_links_, sort_scratch_);
  return changed_;
}

}  // namespace simtrain::net
