#include <catch2/catch.hpp>

#include "base/enum_names.hpp"
#include "coll/collective.hpp"

using namespace simtrain;

TEST_CASE("enum name tables: one table prints, parses and lists a name") {
  SECTION("every collective algorithm prints its name and a user's name parses back to it") {
    for (coll::Algo a : {coll::Algo::automatic, coll::Algo::ring, coll::Algo::tree, coll::Algo::hierarchical,
                         coll::Algo::nvls, coll::Algo::nvls_tree}) {
      REQUIRE(coll::kAlgoNames.parse(coll::algo_name(a)) == a);
    }
    REQUIRE(std::string(coll::algo_name(coll::Algo::automatic)) == "auto");
  }
  SECTION("p2p prints but no user chooses it: not parsed, not offered") {
    REQUIRE(std::string(coll::algo_name(coll::Algo::p2p)) == "p2p");
    REQUIRE_FALSE(coll::kAlgoNames.parse("p2p").has_value());
    REQUIRE(coll::kAlgoNames.choices() == "auto, ring, tree, hierarchical, nvls or nvls_tree");
  }
  SECTION("nccl-tests' allreduce is an alias: parsed, printed as all_reduce, not offered") {
    REQUIRE(coll::op_from_name("allreduce") == coll::Op::all_reduce);
    REQUIRE(coll::op_from_name("reducescatter") == coll::Op::reduce_scatter);
    REQUIRE(std::string(coll::op_name(coll::Op::all_reduce)) == "all_reduce");
    REQUIRE(coll::op_names() == std::vector<std::string>{"all_reduce", "reduce_scatter", "all_gather", "broadcast", "all_to_all"});
    REQUIRE_FALSE(coll::op_from_name("all-reduce").has_value());
  }
  SECTION("a table is usable at compile time") {
    constexpr auto t = enum_names<int>({{1, "one"}, {2, "two"}, {1, "uno", NameUse::kAlias}});
    static_assert(t.parse("uno") == 1);
    static_assert(t.name(1) == "one");
    REQUIRE(t.choices(" | ", " | ") == "one | two");
  }
}
