#include "chart_command.hpp"

#include "tree_diff.hpp"
#include "year_chart.hpp"

namespace kalendar::tools {

int run_chart(const ChartRequest& request, std::ostream& out, std::ostream& err) {
  DiagnosticList diags;
  const auto tree = ApiTree::load(request.books_dir, request.rules_dir, diags);
  if (tree == nullptr) {
    for (const auto& d : diags.items()) err << format_diagnostic(d) << "\n";
    err << "kalendar-dump: the books have errors (run kalendar-check)\n";
    return 1;
  }
  const ApiBook* book = tree->find(request.book);
  if (book == nullptr) {
    err << "kalendar-dump: unknown book '" << request.book << "'\n";
    return 2;
  }
  ApiYear year = tree->year(request.book, request.year, true, request.lang);
  if (!year.error.empty()) {
    err << "kalendar-dump: " << year.error << "\n";
    return 1;
  }
  ChartInput in{*book, request.year, std::move(year.days), {}, {}};
  if (!request.lang.empty()) in.book.lang = request.lang;
  if (!request.diff_tree.empty()) {
    std::string only_book;
    const auto other = load_tree(request.diff_tree, request.rules_dir, only_book, err);
    if (other == nullptr) {
      err << "kalendar-dump: " << request.diff_tree << " has errors (run kalendar-check)\n";
      return 1;
    }
    if (other->find(request.book) == nullptr) {
      err << "kalendar-dump: " << request.diff_tree << " has no book '" << request.book << "'\n";
      return 1;
    }
    in.compared_with = request.diff_tree;
    for (const auto& c : diff_book_year(*other, *tree, request.book, request.year, request.lang)) {
      in.changes[c.date].push_back(c.field + ": " + c.before + " -> " + c.after);
    }
  }
  out << render_year_chart(in);
  return 0;
}

}  // namespace kalendar::tools
