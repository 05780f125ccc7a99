// Max-min fair sharing of link capacities among variables (flows), by progressive filling.
//
// The model (SimGrid's lmm, with the same small API): links l with capacity C_l, variables
// v with weight w_v > 0 and optional bound B_v, and consumption coefficients a_{l,v} >= 0
// (how many times v's traffic crosses l; a ring channel that crosses one PCIe uplink twice
// in the same direction has a = 2 there). Rates r_v satisfy
//
//     for every link l:   sum_v a_{l,v} r_v <= C_l
//     for every var v:    r_v <= B_v
//
// and are max-min fair in r_v / w_v: raise every unfixed variable's level lambda together
// (r_v = w_v * lambda); the first link to saturate, at lambda_l = C_l' / sum a_{l,v} w_v over
// its unfixed variables (C_l' = capacity left), or the first bound to bind, fixes its
// variables; repeat until all are fixed. The result is unique.
//
// Incremental solving (SimGrid's selective update): adding or removing a variable marks its
// links; solve() re-solves only the connected components (links joined by shared variables)
// that contain a marked link. Each component is solved with its links and variables in
// ascending id order, in exactly the same arithmetic whether reached incrementally or by a
// full solve, so both modes give bit-identical rates (tests check this).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace simtrain::net {

using LinkId = std::uint32_t;
using VarId = std::uint32_t;

class MaxMinSystem {
 public:
  static constexpr double kUnbounded = std::numeric_limits<double>::infinity();

  LinkId add_link(double capacity);
  void set_capacity(LinkId link, double capacity);
  double capacity(LinkId link) const { return links_[link].capacity; }
  std::size_t link_count() const { return links_.size(); }

  VarId add_variable(double weight = 1.0, double bound = kUnbounded);
  // Adds coeff to the consumption of `var` on `link` (call it again to add more).
  void expand(VarId var, LinkId link, double coeff = 1.0);
  // Removes a variable; its id may be reused by a later add_variable.
  void remove_variable(VarId var);

  // Re-solves the touched components (all components with full = true). Returns the
  // variables whose rate changed, ascending; touched_links() then lists the links of the
  // re-solved components, ascending.
  const std::vector<VarId>& solve(bool full = false);
  const std::vector<LinkId>& touched_links() const { return touched_links_; }

  double rate(VarId var) const { return vars_[var].rate; }
  // sum_v a_{l,v} r_v: the bytes/s currently crossing the link.
  double load(LinkId link) const { return links_[link].load; }
  std::size_t active_variables() const { return active_count_; }

 private:
  struct Element {
    LinkId link;
    double coeff;
  };
  struct LinkUser {
    VarId var;
    double coeff;
  };
  struct Link {
    double capacity = 0;
    double load = 0;
    std::vector<LinkUser> users;
    std::uint64_t stamp = 0;
    std::uint64_t comp = 0;  // the component it was last collected into
    std::size_t pos = 0;  // index in the component being solved
    bool dirty = false;
  };
  struct Var {
    double weight = 1;
    double bound = kUnbounded;
    double rate = 0;
    std::vector<Element> elements;
    std::uint64_t stamp = 0;
    std::uint64_t comp = 0;
    std::size_t pos = 0;  // index in the component being solved (comp_vars_)
    bool active = false;
  };

  void mark_dirty(LinkId link);
  void collect_component(LinkId seed);
  void solve_component();

  std::vector<Link> links_;
  std::vector<Var> vars_;
  std::vector<VarId> free_vars_;
  std::vector<LinkId> dirty_links_;
  std::size_t active_count_ = 0;
  std::uint64_t stamp_ = 0;
  std::uint64_t comp_stamp_ = 0;  // one per collected component

  // Scratch for one component.
  std::vector<LinkId> comp_links_;
  std::vector<VarId> comp_vars_;
  std::vector<double> remaining_;  // indexed by position in comp_links_
  std::vector<double> weight_sum_;
  std::vector<VarId> changed_;
  std::vector<LinkId> touched_links_;
  std::vector<std::uint32_t> sort_scratch_;  // for sort_ids
};

// Sorts ids ascending in linear time for long lists (LSD radix, 11 bits a pass; a short list
// by std::sort). Ids are plain integers, so every correct sort gives the same sequence: the
// solver's canonical orders do not depend on which one runs. `scratch` is reused storage.
void sort_ids(std::vector<std::uint32_t>& ids, std::vector<std::uint32_t>& scratch);

}  // namespace simtrain::net
