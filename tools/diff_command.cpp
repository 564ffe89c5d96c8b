// kalendar-diff's logic (usage in diff_command.hpp).
#include "diff_command.hpp"

#include "tree_diff.hpp"
#include "year_range.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <optional>
#include <sstream>

namespace kalendar::tools {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: kalendar-diff [--years FROM-TO] [--json] [--rules DIR] BEFORE AFTER\n"
    "       kalendar-diff [--years FROM-TO] [--json] --rev REV PATH\n"
    "  BEFORE, AFTER, PATH  a books directory or one book directory\n"
    "  --rev     compare PATH as committed in git revision REV with PATH on disk\n"
    "  --years   civil years compared (default 1900-2199)\n"
    "  --json    one JSON document instead of text\n"
    "  --rules   shared rule sets of both trees (default: 'rules' beside each books directory)\n"
    "Exit status: 0 no change, 1 changes, 2 usage error or books with errors.\n";

struct DiffOptions {
  int from = 1900;
  int to = 2199;
  bool json = false;
  std::string rev;
  std::string rules;
  std::vector<std::string> paths;
};

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The first line a shell command prints, or nullopt when it fails.
std::optional<std::string> first_line_of(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return std::nullopt;
  std::string text;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) text += buffer;
  if (pclose(pipe) != 0) return std::nullopt;
  return text.substr(0, text.find('\n'));
}

// A temporary directory removed when it goes out of scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "kalendar-diff-XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Writes the books and rules directories of `path` as of `rev` under `into`; returns the path
// of `path`'s counterpart there, or "" after printing why not.
std::string checkout_revision(const std::string& rev, const std::string& path,
                              const std::string& into, std::ostream& err) {
  std::error_code ec;
  const fs::path dir = fs::absolute(path, ec).lexically_normal();
  const bool book_dir = fs::exists(dir / "book.yaml", ec);
  const fs::path books = book_dir ? dir.parent_path() : dir;
  const auto top = first_line_of("git -C " + shell_quoted(books.string()) +
                                 " rev-parse --show-toplevel 2>/dev/null");
  if (!top) {
    err << "kalendar-diff: " << path << " is not inside a git work tree\n";
    return "";
  }
  const fs::path books_rel = books.lexically_relative(*top);
  const fs::path rules_rel = (books_rel / ".." / "rules").lexically_normal();
  const std::string archive = "git -C " + shell_quoted(*top) + " archive --format=tar " +
                              shell_quoted(rev) + " -- " + shell_quoted(books_rel.string()) + " " +
                              shell_quoted(rules_rel.string());
  if (!first_line_of(archive + " 2>/dev/null | tar -x -C " + shell_quoted(into) + " 2>/dev/null")) {
    err << "kalendar-diff: cannot read " << books_rel.string() << " and " << rules_rel.string()
        << " at revision '" << rev << "'\n";
    return "";
  }
  const fs::path there = fs::path(into) / books_rel;
  return (book_dir ? there / dir.filename() : there).string();
}

std::optional<DiffOptions> parse_options(const std::vector<std::string>& args, std::ostream& out,
                                         std::ostream& err, int& status) {
  DiffOptions o;
  status = 2;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out << kUsage;
      status = 0;
      return std::nullopt;
    }
    if (a == "--json") {
      o.json = true;
    } else if ((a == "--years" || a == "--rev" || a == "--rules") && i + 1 < args.size()) {
      const std::string& v = args[++i];
      if (a == "--rev" || a == "--rules") {
        (a == "--rev" ? o.rev : o.rules) = v;
      } else if (!parse_year_range(v, o.from, o.to)) {
        err << "kalendar-diff: --years takes FROM-TO within 1583-4099 (got '" << v << "')\n";
        return std::nullopt;
      }
    } else if (!a.empty() && a[0] == '-') {
      err << "kalendar-diff: unknown option '" << a << "'\n" << kUsage;
      return std::nullopt;
    } else {
      o.paths.push_back(a);
    }
  }
  if (o.paths.size() != (o.rev.empty() ? 2U : 1U) || (!o.rev.empty() && !o.rules.empty())) {
    err << kUsage;
    return std::nullopt;
  }
  return o;
}

}  // namespace

int run_diff(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  int status = 2;
  const auto o = parse_options(args, out, err, status);
  if (!o) return status;

  TempDir checkout;
  std::string before_path = o->paths.front();
  const std::string after_path = o->paths.back();
  if (!o->rev.empty()) {
    if (checkout.path().empty()) {
      err << "kalendar-diff: cannot create a temporary directory\n";
      return 2;
    }
    before_path = checkout_revision(o->rev, after_path, checkout.path(), err);
    if (before_path.empty()) return 2;
  }
  // The trees are compiled side by side; their diagnostics are printed in order afterwards.
  std::string only_before;
  std::string only_after;
  std::ostringstream before_err;
  std::ostringstream after_err;
  auto pending = std::async(std::launch::async, [&] {
    return load_tree(before_path, o->rules, only_before, before_err, checkout.path() + "/",
                     o->rev + ":");
  });
  const auto after = load_tree(after_path, o->rules, only_after, after_err);
  const auto before = pending.get();
  err << before_err.str();
  if (before == nullptr) {
    err << "kalendar-diff: " << (o->rev.empty() ? before_path : o->rev + ":" + after_path)
        << " has errors (run kalendar-check)\n";
    return 2;
  }
  err << after_err.str();
  if (after == nullptr) {
    err << "kalendar-diff: " << after_path << " has errors (run kalendar-check)\n";
    return 2;
  }
  if (only_before != only_after) {
    err << "kalendar-diff: compare a book with a book, or a books directory with another\n";
    return 2;
  }
  const auto groups = group_changes(diff_trees(*before, *after, o->from, o->to, only_after));
  if (o->json) {
    if (!groups.empty()) print_groups_json(groups, out);
  } else {
    print_groups_text(groups, out);
  }
  return groups.empty() ? 0 : 1;
}

}  // namespace kalendar::tools
