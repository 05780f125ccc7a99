#include "scenario/yaml_doc.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <algorithm>
#include <map>
#include <string_view>
#include <optional>
#include <unordered_map>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "scenario/command_files.hpp"
#include "scenario/limits.hpp"
#include "scenario/yaml_comments.hpp"

namespace simtrain {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::string join_key(const std::string& parent, const std::string& child) {
  return parent.empty() ? child : parent + "." + child;
}

// Checks a document's event stream before any node graph is built from it (yaml-cpp builds
// one silently whatever the stream holds):
//  - a key given twice in one mapping is an error at the second, naming the first's line
//    (yaml-cpp keeps both and a lookup answers with the first, so the file would say two
//    things and the simulator would pick one without a word);
//  - an alias to a node that is still open (`path: &x [*x]`) would make the graph cyclic and
//    every later walk recurse forever: an error at the alias;
//  - the document's size with every alias expanded is counted from each anchor's size (known
//    when its node closes), never by expanding: past limits::max_expanded_nodes (an alias
//    bomb) is an error at the alias or node that crosses it, found in time linear in the text;
//  - every scalar and key must be valid UTF-8 and a key at most limits::max_key_bytes, so no
//    invalid byte reaches a report or a JSON encoder.
// Only the first document is checked: YAML::Load reads only the first.
class DocumentChecker : public YAML::EventHandler {
 public:
  DocumentChecker(const std::string& name, const YamlDoc& doc) : name_(name), doc_(doc) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnAnchor(const YAML::Mark&, const std::string& anchor_name) override { pending_anchor_name_ = anchor_name; }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    leaf(mark, anchor, nullptr);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchor_size_.find(anchor);
    std::string alias = "*";  // appended: GCC 12 warns falsely (-Wrestrict) on "*" + string
    alias.append(anchor_name(anchor));
    if (it == anchor_size_.end()) {
      // The anchor exists (the parser refuses unknown ones) but its node has not closed: the
      // alias sits inside the node it names.
      fail(mark, key_path_for_next(), "alias '" + alias + "' refers to a node that contains it (an alias cycle); "
           "an alias may only repeat a node that is already complete");
    }
    complete(mark, 0, it->second, nullptr, true);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    leaf(mark, anchor, &value);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor, false);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor, true);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    bool is_map = false;
    YAML::anchor_t anchor = 0;
    YAML::Mark mark;
    std::string path;         // dotted key path of this node
    std::uint64_t size = 1;   // nodes under it, aliases expanded, itself included
    std::size_t children = 0; // nodes completed directly under it
    std::map<std::string, int> keys;  // scalar keys seen -> 1-based line (maps only)
    std::string pending_key;  // the key whose value comes next (maps only)
  };

  std::string anchor_name(YAML::anchor_t anchor) const {
    auto it = anchor_names_.find(anchor);
    return it == anchor_names_.end() ? std::to_string(anchor) : it->second;
  }

  // The key path of the node about to complete under the innermost open node.
  std::string key_path_for_next() const {
    if (stack_.empty()) return "";
    const Frame& f = stack_.back();
    if (!f.is_map) return f.path + "[" + std::to_string(f.children) + "]";
    if (f.children % 2 == 0) return f.path;  // a key: errors about it are about the mapping
    return join_key(f.path, f.pending_key);
  }

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& key, const std::string& message) const {
    const int line = mark.is_null() ? 0 : mark.line + 1, col = mark.is_null() ? 0 : mark.column + 1;
    throw ScenarioError(name_, line, col, key, message, doc_.line_text(line));
  }

  void remember_anchor(YAML::anchor_t anchor) {
    if (anchor != 0 && !pending_anchor_name_.empty()) anchor_names_[anchor] = pending_anchor_name_;
    pending_anchor_name_.clear();
  }

  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string* value) {
    remember_anchor(anchor);
    if (value && !valid_utf8(*value)) {
      fail(mark, key_path_for_next(), "this text is not valid UTF-8 (byte " +
           std::to_string(first_invalid_utf8(*value) + 1) + " of the value); save the file as UTF-8");
    }
    complete(mark, anchor, 1, value, false);
  }

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool is_map) {
    remember_anchor(anchor);
    Frame f;
    f.is_map = is_map;
    f.anchor = anchor;
    f.mark = mark;
    f.path = key_path_for_next();
    if (!stack_.empty() && stack_.back().is_map && stack_.back().children % 2 == 0)
      stack_.back().pending_key.clear();  // a mapping or list used as a key
    stack_.push_back(std::move(f));
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    complete(f.mark, f.anchor, f.size, nullptr, false);
  }

  // A node of `size` expanded nodes completed at `mark`: record its anchor, add it to its
  // parent, and in a mapping check a key against the keys already seen there.
  void complete(const YAML::Mark& mark, YAML::anchor_t anchor, std::uint64_t size,
                const std::string* scalar, bool is_alias) {
    if (anchor != 0) anchor_size_[anchor] = size;
    if (stack_.empty()) {
      total_ = size;
      return;
    }
    Frame& parent = stack_.back();
    if (parent.is_map && parent.children % 2 == 0) {
      // A key.
      parent.pending_key = scalar ? *scalar : (is_alias ? "<alias>" : "<complex key>");
      if (scalar) {
        const std::string path = join_key(parent.path, *scalar);
        if (scalar->size() > limits::max_key_bytes)
          fail(mark, parent.path, "a key of " + std::to_string(scalar->size()) + " bytes; keys and names are at most " +
               std::to_string(limits::max_key_bytes) + " bytes");
        for (const char ch : *scalar)
          if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F)
            fail(mark, parent.path, "a key is one line of text: this one holds a control character");
        auto [it, fresh] = parent.keys.emplace(*scalar, mark.line + 1);
        if (!fresh)
          fail(mark, path, "key given twice in this mapping (first at line " + std::to_string(it->second) +
               "); YAML keys are unique: keep one");
      }
    }
    ++parent.children;
    parent.size += size;
    if (parent.size > limits::max_expanded_nodes) {
      fail(mark, key_path_for_next_after_add(parent),
           std::string(is_alias ? "with this alias expanded" : "with its aliases expanded") +
           ", the document has more than " + std::to_string(limits::max_expanded_nodes) +
           " nodes (an alias bomb?); no input needs that many");
    }
  }

  std::string key_path_for_next_after_add(const Frame& parent) const {
    if (!parent.is_map) return parent.path + "[" + std::to_string(parent.children - 1) + "]";
    return join_key(parent.path, parent.pending_key);
  }

  const std::string& name_;
  const YamlDoc& doc_;
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, std::uint64_t> anchor_size_;
  std::unordered_map<YAML::anchor_t, std::string> anchor_names_;
  std::string pending_anchor_name_;
  std::uint64_t total_ = 0;
};

// Texts that passed the DocumentChecker under a name, per thread: the check reads only the
// name and the text, so the same pair passes again (a sweep parses its scenario once per point,
// each time to apply that point's --set values). Only passes are remembered; a text that fails
// is checked, and fails, every time. Bounded like load_shared's cache.
std::unordered_map<std::string, std::string>& passed_checks() {
  thread_local std::unordered_map<std::string, std::string> passed;  // name -> text
  return passed;
}
bool passed_check(const std::string& name, const std::string& text) {
  const auto& passed = passed_checks();
  const auto it = passed.find(name);
  return it != passed.end() && it->second == text;
}
void remember_passed(const std::string& name, const std::string& text) {
  auto& passed = passed_checks();
  if (passed.size() >= 256) passed.clear();
  passed[name] = text;
}

// Comments dropped before parsing. yaml-cpp scans a comment byte by byte as slowly as content,
// and the shipped catalogs are mostly comments (devices.yaml: 49 kB, 13 kB of it YAML). Only
// each comment's text after its '#' is dropped: the '#' stays, so every line, every token and
// every position in the document is the same, and so are the node graph, its marks and every
// message (an error quotes the line from the original text). A '#' starts a comment where YAML
// says so: at a line's start or after a space, outside quoted and block scalars (a block
// scalar's lines, every line more indented than the one that opens it, are kept whole). Where
// that is not certain from one line at a time (a quoted scalar running past its line, an anchor,
// alias or tag, a tab before a '#', a directive or document marker, a byte-order mark or NUL),
// nothing is dropped: the text is parsed as it is.
class CommentStripper {
 public:
  explicit CommentStripper(const std::string& text) : in_(text) {}

  // The text without comment bodies, or nullopt when it must be parsed as it is.
  std::optional<std::string> run() {
    if (in_.find('\0') != std::string::npos) return std::nullopt;
    if (!in_.empty() && (static_cast<unsigned char>(in_[0]) >= 0xEF)) return std::nullopt;  // BOM, UTF-16
    out_.reserve(in_.size());
    while (i_ < in_.size())
      if (!line()) return std::nullopt;
    return std::move(out_);
  }

 private:
  bool at_break() const { return i_ >= in_.size() || in_[i_] == '\n' || in_[i_] == '\r'; }
  char cur() const { return in_[i_]; }
  void copy() { out_ += in_[i_++]; }
  void copy_spaces() {
    while (i_ < in_.size() && in_[i_] == ' ') copy();
  }
  // After a space (or at a line's start): '#' opens a comment, a tab is a doubt.
  bool comment_or_tab(bool& stop) {
    stop = false;
    if (at_break()) return stop = true;
    if (cur() == '\t') return false;
    if (cur() == '#') {
      out_ += '#';
      while (!at_break()) ++i_;
      stop = true;
    }
    return true;
  }

  bool line() {
    if (i_ < in_.size() && (cur() == '%' || in_.compare(i_, 3, "---") == 0 || in_.compare(i_, 3, "...") == 0))
      return false;
    const std::size_t start = i_;
    copy_spaces();
    const std::size_t indent = i_ - start;
    if (block_indent_ >= 0 && (at_break() || static_cast<int>(indent) > block_indent_)) {
      // A block scalar's line (or a blank one): copied as it is.
      while (!at_break()) copy();
    } else {
      block_indent_ = -1;
      line_indent_ = indent;
      if (!body()) return false;
    }
    // The line break itself (\r\n, \r or \n).
    if (i_ < in_.size() && cur() == '\r') copy();
    if (i_ < in_.size() && cur() == '\n') copy();
    return true;
  }

  // The rest of a line from where a node may start.
  bool body() {
    bool node_start = true;
    for (;;) {
      bool stop = false;
      if (!comment_or_tab(stop)) return false;
      if (stop) return true;
      if (node_start) {
        if (!start_node(node_start)) return false;
      } else if (!plain_or_indicator(node_start)) {
        return false;
      }
      copy_spaces();
    }
  }

  static bool is_blank_at(const std::string& s, std::size_t j) {
    return j >= s.size() || s[j] == ' ' || s[j] == '\n' || s[j] == '\r' || s[j] == '\t';
  }

  // At a place where a node may begin: an indicator, a quoted scalar or a plain one.
  bool start_node(bool& node_start) {
    const char c = cur();
    if ((c == '|' || c == '>') && flow_ == 0) {
      // A block scalar: its header line as it is, then every line more indented than this one
      // (its content lies there; a blank or less indented line may end it sooner, and copying
      // more than the scalar holds drops nothing).
      while (!at_break()) copy();
      block_indent_ = static_cast<int>(line_indent_);
      return true;
    }
    if (c == '|' || c == '>' || c == '&' || c == '*' || c == '!' || c == '@' || c == '`') return false;
    if ((c == '-' || c == '?' || c == ':') && is_blank_at(in_, i_ + 1)) {
      copy();
      return true;  // still where a node may begin
    }
    if (c == '"' || c == '\'') return quoted(c, node_start);
    if (c == '[' || c == '{') {
      ++flow_;
      copy();
      return true;
    }
    node_start = false;
    return plain_or_indicator(node_start);
  }

  // A quoted scalar closing on this line (else a doubt).
  bool quoted(char q, bool& node_start) {
    copy();
    while (!at_break()) {
      if (q == '"' && cur() == '\\') {
        copy();
        if (at_break()) return false;
        copy();
      } else if (cur() == q) {
        copy();
        if (q == '\'' && i_ < in_.size() && cur() == '\'') {
          copy();  // '' inside single quotes
          continue;
        }
        node_start = false;
        return true;
      } else {
        copy();
      }
    }
    return false;
  }

  // Inside or after a plain scalar: up to a space (where a comment may follow), a mapping
  // indicator or, in a flow collection, a flow indicator.
  bool plain_or_indicator(bool& node_start) {
    while (!at_break() && cur() != ' ') {
      const char c = cur();
      // A tab, or in a flow collection a quote (yaml-cpp starts a quoted scalar right after a
      // ':' there: {"a":"b"}) or a '?' (yaml-cpp ends a plain scalar there): a doubt. In block
      // context a quote inside a plain scalar is text (the script's defaults).
      if (c == '\t' || (flow_ > 0 && (c == '"' || c == '\'' || c == '?'))) return false;
      const bool flow_next = flow_ > 0 && i_ + 1 < in_.size() && std::strchr(",[]{}", in_[i_ + 1]) != nullptr;
      if (c == ':' && (is_blank_at(in_, i_ + 1) || flow_next)) {
        copy();
        node_start = true;
        return true;
      }
      if (flow_ > 0 && (c == ',' || c == '[' || c == '{')) {
        if (c != ',') ++flow_;
        copy();
        node_start = true;
        return true;
      }
      if (flow_ > 0 && (c == ']' || c == '}')) {
        --flow_;
        copy();
        continue;
      }
      copy();
    }
    return true;
  }

  const std::string& in_;
  std::string out_;
  std::size_t i_ = 0;
  int flow_ = 0;
  std::size_t line_indent_ = 0;  // spaces before this line's first token
  int block_indent_ = -1;        // in a block scalar opened on a line of this indentation; -1: not
};

// DocumentChecker's checks on the graph yaml-cpp built from a text without anchors or aliases
// (so its expanded size is its node count and it has no cycle): every key a scalar, at most
// limits::max_key_bytes, one line, once per mapping; every scalar valid UTF-8; the node count
// within limits::max_expanded_nodes (keys counted, as the checker does). True when the checker
// would pass the text; yaml-cpp keeps a key given twice as two entries, so the walk sees it.
bool graph_passes_checks(const YAML::Node& n, std::uint64_t& nodes) {
  if (++nodes > limits::max_expanded_nodes) return false;
  if (n.IsScalar()) return valid_utf8(n.Scalar());
  if (n.IsSequence()) {
    for (const YAML::Node& item : n)
      if (!graph_passes_checks(item, nodes)) return false;
    return true;
  }
  if (!n.IsMap()) return true;
  std::vector<std::string_view> keys;
  keys.reserve(n.size());
  for (const auto& kv : n) {
    if (!kv.first.IsScalar() || !graph_passes_checks(kv.first, nodes) || !graph_passes_checks(kv.second, nodes))
      return false;
    const std::string& k = kv.first.Scalar();
    if (k.size() > limits::max_key_bytes) return false;
    for (const char ch : k)
      if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) return false;
    keys.push_back(k);
  }
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
}

}  // namespace

std::optional<std::string> strip_yaml_comments(const std::string& text) { return CommentStripper(text).run(); }

void check_name_text(std::string_view s, const std::function<void(const std::string&)>& fail) {
  if (s.empty()) fail("expected a name, got an empty one");
  const std::size_t bad = first_invalid_utf8(s);
  if (bad != std::string_view::npos)
    fail("a name must be valid UTF-8; byte " + std::to_string(bad + 1) + " is not");
  if (s.size() > limits::max_name_bytes)
    fail("a name of " + std::to_string(s.size()) + " bytes; names are at most " +
         std::to_string(limits::max_name_bytes) + " bytes");
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F)
      fail("a name is one line of text; byte " + std::to_string(i + 1) + " is a control character");
  }
}

std::string read_input_file(const std::string& path) {
  // Only a regular file of a bounded size is read: a device (/dev/zero), a FIFO or a folder
  // named where a file is expected would block or never end. The name is checked first (so a
  // FIFO is never opened), then the descriptor itself (O_NONBLOCK: a FIFO put there in between
  // does not block the open), and the file read is recorded as one of the command's inputs.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ScenarioError(path, 0, 0, "", "cannot read: not a regular file (a folder, a device or a pipe)");
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ScenarioError(path, 0, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw ScenarioError(path, 0, 0, "", "cannot read: not a regular file (a folder, a device or a pipe)");
  command_files::note_input(path, st.st_dev, st.st_ino);
  std::string text;
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ScenarioError(path, 0, 0, "", std::string("cannot read: ") + std::strerror(errno));
    if (n == 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
    if (text.size() > limits::max_input_file_bytes)
      throw ScenarioError(path, 0, 0, "",
                          "cannot read: larger than " + std::to_string(limits::max_input_file_bytes >> 20) +
                              " MiB, more than any input needs");
  }
  return text;
}

std::shared_ptr<const YamlDoc> YamlDoc::load(const std::string& path) { return parse(read_input_file(path), path); }

std::shared_ptr<const YamlDoc> YamlDoc::load_shared(const std::string& path) {
  struct Parsed {
    std::string text;
    std::shared_ptr<const YamlDoc> doc;
  };
  // A handful of files per run; the bound only keeps a long-lived thread from growing it.
  constexpr std::size_t kMaxFiles = 256;
  thread_local std::unordered_map<std::string, Parsed> cache;
  std::string text = read_input_file(path);
  if (auto it = cache.find(path); it != cache.end() && it->second.text == text) return it->second.doc;
  auto doc = parse(text, path);  // an error is thrown every time, never cached
  if (cache.size() >= kMaxFiles) cache.clear();
  cache[path] = Parsed{std::move(text), doc};
  return doc;
}

std::shared_ptr<const YamlDoc> YamlDoc::parse(const std::string& text, const std::string& name) {
  // `parsed` is the text yaml-cpp reads: the file's, or the same without its comments' bodies
  // (same lines, tokens and positions; CommentStripper). Errors quote the text as written.
  // `walk`: a stripped text holds no anchor, alias or tag, so DocumentChecker's checks are made
  // on the graph after one parse instead of on a second pass over the text
  // (graph_passes_checks); nullptr when they fail, and the text is read again as written.
  const auto parse_as = [&](const std::string& parsed, bool walk) -> std::shared_ptr<const YamlDoc> {
    auto doc = std::make_shared<YamlDoc>();
    doc->path_ = name;
    doc->lines_ = split_lines(text);
    try {
      // Check the event stream first: duplicate keys, alias cycles, alias bombs, bad UTF-8 are
      // refused before yaml-cpp builds a node graph (a cyclic one would never be walked out of).
      if (!walk && !passed_check(name, parsed)) {
        std::istringstream in(parsed);
        YAML::Parser parser(in);
        DocumentChecker checker(name, *doc);
        parser.HandleNextDocument(checker);
        remember_passed(name, parsed);
      }
      doc->root_ = YAML::Load(parsed);
      std::uint64_t nodes = 0;
      if (walk && !graph_passes_checks(doc->root_, nodes)) return nullptr;
    } catch (const YAML::ParserException& e) {
      int line = e.mark.line + 1, col = e.mark.column + 1;
      throw ScenarioError(name, line, col, "", "YAML syntax error: " + e.msg, doc->line_text(line));
    }
    if (!doc->root_.IsDefined() || doc->root_.IsNull()) {
      throw ScenarioError(name, 1, 1, "", "the file is empty: expected a YAML mapping");
    }
    return doc;
  };
  // A text that fails is read again as written, so its error is the one it always gave.
  if (const std::optional<std::string> lean = strip_yaml_comments(text)) {
    try {
      if (auto doc = parse_as(*lean, true)) return doc;
    } catch (const std::exception&) {
    }
  }
  return parse_as(text, false);
}

std::string YamlDoc::line_text(int line) const {
  if (line < 1 || line > static_cast<int>(lines_.size())) return {};
  return lines_[static_cast<size_t>(line - 1)];
}

Field::Field(std::shared_ptr<const YamlDoc> doc, YAML::Node node, std::string key,
             YAML::Mark key_mark)
    : doc_(std::move(doc)), node_(std::move(node)), key_(std::move(key)), key_mark_(key_mark) {}

YAML::Mark Field::mark() const {
  YAML::Mark m = node_.Mark();
  if (m.is_null()) m = key_mark_;
  return m;
}
int Field::line() const { return mark().is_null() ? 0 : mark().line + 1; }
int Field::col() const { return mark().is_null() ? 0 : mark().column + 1; }
int Field::key_line() const { return key_mark_.is_null() ? line() : key_mark_.line + 1; }

ScenarioError Field::error(const std::string& message) const {
  int l = line(), c = col();
  return ScenarioError(doc_->path(), l, c, key_, message, doc_->line_text(l));
}

ScenarioError Field::key_error(const std::string& message) const {
  if (key_mark_.is_null()) return error(message);
  int l = key_mark_.line + 1, c = key_mark_.column + 1;
  return ScenarioError(doc_->path(), l, c, key_, message, doc_->line_text(l));
}

bool Field::has(const std::string& key) const {
  return node_.IsMap() && node_[key].IsDefined();
}

std::optional<Field> Field::get(const std::string& key) const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    if (it->first.Scalar() == key) {
      return Field(doc_, it->second, join_key(key_, key), it->first.Mark());
    }
  }
  return std::nullopt;
}

Field Field::at(const std::string& key) const {
  auto f = get(key);
  if (!f) {
    ScenarioError e = error("missing required key '" + key + "'");
    throw ScenarioError(e.file(), e.line(), e.col(), join_key(key_, key),
                        "missing required key (expected under '" +
                            (key_.empty() ? std::string("the top level") : key_) + "')",
                        doc_->line_text(e.line()));
  }
  return *f;
}

void Field::check_keys(const std::vector<std::string>& allowed) const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string k = it->first.Scalar();
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == k;
    if (!ok) {
      Field f(doc_, it->second, join_key(key_, k), it->first.Mark());
      throw f.key_error("unknown key" + did_you_mean(k, allowed) +
                        "; valid keys here: " + join_names(allowed));
    }
  }
}

std::vector<Field> Field::entries() const {
  if (!node_.IsMap()) throw error("expected a mapping (key: value pairs)");
  std::vector<Field> out;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    out.emplace_back(doc_, it->second, join_key(key_, it->first.Scalar()), it->first.Mark());
  }
  return out;
}

std::vector<Field> Field::items() const {
  if (!node_.IsSequence()) throw error("expected a list");
  std::vector<Field> out;
  size_t i = 0;
  for (auto it = node_.begin(); it != node_.end(); ++it, ++i) {
    out.emplace_back(doc_, *it, key_ + "[" + std::to_string(i) + "]");
  }
  return out;
}

std::string Field::as_string() const {
  if (!node_.IsScalar()) throw error("expected a single value, not a list or mapping");
  return node_.Scalar();
}

double Field::as_number() const {
  std::string s = as_string();
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno != 0 || !std::isfinite(v)) {
    throw error("expected a plain number, got '" + s + "'");
  }
  return v;
}

long long Field::as_int() const {
  std::string s = as_string();
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || end != s.c_str() + s.size()) {
    throw error("expected a whole number, got '" + s + "'");
  }
  if (errno == ERANGE) throw error("the whole number " + s + " is too large for any count (past 2^63)");
  return v;
}

bool Field::as_bool() const {
  std::string s = as_string();
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  throw error("expected true or false, got '" + s + "'");
}

double Field::as_quantity(Dimension dim) const {
  std::string s = as_string();
  try {
    return parse_quantity(s, dim);
  } catch (const UnitError& e) {
    throw error(e.what());
  }
}

double Field::as_number_in(double lo, double hi) const {
  double v = as_number();
  if (!(v > lo && v <= hi)) {
    std::ostringstream m;
    m << "expected a number in (" << lo << ", " << hi << "], got " << as_string();
    throw error(m.str());
  }
  return v;
}

long long Field::as_int_at_least(long long lo) const {
  long long v = as_int();
  if (v < lo) {
    throw error("expected a whole number >= " + std::to_string(lo) + ", got " + as_string());
  }
  return v;
}

long long Field::as_int_in(long long lo, long long hi) const {
  long long v = as_int();
  if (v < lo || v > hi) {
    throw error("expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                ", got " + as_string());
  }
  return v;
}

int Field::as_count_in(int lo, int hi) const {
  return static_cast<int>(as_int_in(lo, hi));  // in [lo, hi], both ints: exact
}

std::string Field::as_name() const {
  std::string s = as_string();
  check_name_text(s, [&](const std::string& m) { throw error(m); });
  return s;
}

std::string Field::as_choice(const std::vector<std::string>& choices) const {
  std::string s = as_string();
  for (const auto& c : choices)
    if (c == s) return s;
  throw error("unknown value '" + s + "'" + did_you_mean(s, choices) +
              "; expected one of: " + join_names(choices));
}

Field root_field(const std::shared_ptr<const YamlDoc>& doc) {
  return Field(doc, doc->root(), "");
}

Field deepest_field(const Field& root, const std::string& dotted) {
  Field f = root;
  std::size_t start = 0;
  while (start <= dotted.size()) {
    const std::size_t dot = dotted.find('.', start);
    const std::string part = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!f.is_map() || !f.has(part)) break;
    f = f.at(part);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return f;
}

}  // namespace simtrain
