// Comments dropped before a YAML text is parsed (YamlDoc::parse uses it; scenario/yaml_doc.hpp).
#pragma once

#include <optional>
#include <string>

namespace simtrain {

// `text` with each comment's text after its '#' dropped (the '#' and the line break stay; a
// block scalar's lines are kept whole), or nullopt where the start of a comment is not certain
// line by line: quoted scalars over several lines, anchors, aliases, tags, tabs, directives,
// document markers, a byte-order mark or NUL. What is left has the same lines, tokens and
// positions, so yaml-cpp builds the same nodes with the same marks from it without scanning the
// comments.
std::optional<std::string> strip_yaml_comments(const std::string& text);

}  // namespace simtrain
