// One table of names per enum, used for every direction a name travels: printing a value,
// parsing a scenario key or a flag, the choices an error or --help lists, and did-you-mean.
// A table is a constexpr array of {value, name, use}; a value prints as its first entry that is
// not an alias. A kAlias entry is accepted when parsing but never offered ("allreduce" beside
// "all_reduce"); a kPrintOnly entry prints but is neither parsed nor offered (an internal value
// such as the collective algorithm p2p that no user chooses). A table of labels, prose a message
// prints ("InfiniBand verbs", "a bandwidth") and no user types, holds kPrintOnly entries only.
//
//   inline constexpr auto kAlgoNames = enum_names<Algo>({{Algo::ring, "ring"}, {Algo::tree, "tree"},
//                                                        {Algo::p2p, "p2p", NameUse::kPrintOnly}});
//   kAlgoNames.name(Algo::tree) == "tree";  kAlgoNames.parse("ring") == Algo::ring;
//   kAlgoNames.choices() == "ring or tree"
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simtrain {

enum class NameUse { kName, kAlias, kPrintOnly };

template <typename E>
struct EnumName {
  E value;
  std::string_view name;
  NameUse use = NameUse::kName;
};

template <typename E, std::size_t N>
struct EnumNames {
  std::array<EnumName<E>, N> entries;

  // How `v` prints; "?" for a value the table lacks (a table that misses a value is a bug
  // its unit test catches).
  constexpr std::string_view name(E v) const {
    for (const EnumName<E>& e : entries)
      if (e.value == v && e.use != NameUse::kAlias) return e.name;
    return "?";
  }
  const char* c_str(E v) const { return name(v).data(); }  // names are literals: NUL-terminated

  // The value a user's text names (a name or an alias); nullopt for anything else.
  constexpr std::optional<E> parse(std::string_view text) const {
    for (const EnumName<E>& e : entries)
      if (e.use != NameUse::kPrintOnly && e.name == text) return e.value;
    return std::nullopt;
  }

  // parse into `out`: false (and `out` untouched) for a text no entry names.
  constexpr bool parse(std::string_view text, E& out) const {
    const std::optional<E> v = parse(text);
    if (v) out = *v;
    return v.has_value();
  }

  // The names a user may give, in the table's order (aliases left out): YAML choices and
  // did-you-mean candidates.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const EnumName<E>& e : entries)
      if (e.use == NameUse::kName) out.emplace_back(e.name);
    return out;
  }

  // The other spellings parse takes ("allreduce"), never offered: a flag check accepts them.
  std::vector<std::string> aliases() const {
    std::vector<std::string> out;
    for (const EnumName<E>& e : entries)
      if (e.use == NameUse::kAlias) out.emplace_back(e.name);
    return out;
  }

  // The names for a message: "auto, ring, tree or nvls" (`sep` " | " gives --help's form).
  std::string choices(std::string_view sep = ", ", std::string_view last = " or ") const {
    const std::vector<std::string> n = names();
    std::string out;
    for (std::size_t i = 0; i < n.size(); ++i) {
      if (i > 0) out += i + 1 == n.size() ? last : sep;
      out += n[i];
    }
    return out;
  }
};

// Deduces N: `inline constexpr auto kNames = enum_names<Algo>({{...}, ...});`
template <typename E, std::size_t N>
constexpr EnumNames<E, N> enum_names(const EnumName<E> (&entries)[N]) {
  EnumNames<E, N> t{};
  for (std::size_t i = 0; i < N; ++i) t.entries[i] = entries[i];
  return t;
}

}  // namespace simtrain
