// User-facing input errors.
//
// Every mistake in a user's YAML or command line becomes a ScenarioError that names the
// file, the 1-based line and column, the key, what was wrong and what was expected. The
// library throws it; only sim/cli/main.cpp catches it and maps it to a non-zero exit code
// (no exit() in library code, no assert for input validation).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace simtrain {

class ScenarioError : public std::runtime_error {
 public:
  // line/col are 1-based; 0 means "not known" (e.g. a missing file, a command-line flag).
  // `context` is the offending source line, printed under the message with a caret.
  ScenarioError(std::string file, int line, int col, std::string key, std::string message,
                std::string context = {});

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int col() const { return col_; }
  const std::string& key() const { return key_; }
  const std::string& message() const { return message_; }
  // The offending source line as given (a search's record carries it, drive/search.hpp).
  const std::string& context() const { return context_; }

 private:
  std::string file_;
  int line_;
  int col_;
  std::string key_;
  std::string message_;
  std::string context_;
};

// Builds the "did you mean" suffix for a misspelt name: ` (did you mean 'x'?)` for the
// nearest candidate within a small edit distance, or an empty string.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

// `s` safe to print on a terminal: control bytes (but tabs, and newlines when asked) and bytes
// that are not valid UTF-8 become '?', byte for byte (a caret under a column stays under it).
std::string printable(std::string s, bool keep_newlines = false);
// The byte offset of the first byte of `s` that is not part of valid UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF included), or npos. Input text is checked with it
// at load (yaml_doc.hpp), so nothing invalid reaches a report or a JSON encoder.
std::size_t first_invalid_utf8(std::string_view s);
bool valid_utf8(std::string_view s);

// "a, b, c" for error messages that list the valid names.
std::string join_names(const std::vector<std::string>& names);

}  // namespace simtrain
