#include "check_command.hpp"

#include "year_range.hpp"

#include "kalendar/checks.hpp"
#include "kalendar/day_title.hpp"
#include "kalendar/engine.hpp"
#include "kalendar/library.hpp"
#include "kalendar/propers_scan.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace kalendar::tools {

namespace fs = std::filesystem;

namespace {

constexpr const char* kUsage =
    "usage: kalendar-check [--years FROM-TO] [--rules DIR] PATH...\n"
    "  PATH   a books directory (every book in it) or one book directory\n"
    "  --years  liturgical years scanned for anomalies (default 1900-2199)\n"
    "  --rules  shared rule sets (default: the 'rules' directory beside the books directory)\n"
    "  --local-books-dir DIR  also load the local calendars of DIR, as kalendar-server does\n"
    "Exit status: 0 clean, 1 problems found, 2 usage error.\n";

struct Options {
  int from = 1900;
  int to = 2199;
  std::string rules;
  std::string local_books_dir;
  std::vector<std::string> paths;
};

bool is_book_dir(const fs::path& p) { return fs::exists(p / "book.yaml"); }

// Whether a condition asks a calendar option anywhere inside it. The year scan runs the book's
// default options only, so a precedence row that holds under another option (a Festival kept on
// its Sunday when `festival_on_sunday: sunday`) is not reported as one that never matches.
bool asks_an_option(const DayMatch& m);
bool asks_an_option(const CandidateMatch& m) {
  const auto any = [](const auto& list) {
    return std::any_of(list.begin(), list.end(), [](const auto& x) { return asks_an_option(x); });
  };
  return !m.options.empty() || any(m.on) || any(m.any_of) || any(m.none_of);
}
bool asks_an_option(const DayMatch& m) {
  const auto any = [](const auto& list) {
    return std::any_of(list.begin(), list.end(), [](const auto& x) { return asks_an_option(x); });
  };
  return !m.options.empty() || any(m.prevailing) || any(m.any_of) || any(m.all_of) ||
         any(m.none_of);
}

// Anomalies repeat every year (a missing Sunday name shows up 300 times): report each problem
// once, with its first date and how many years have it.
// One anomaly of the year scan: where it first happened, on how many days and in how many years
// (a rule that fails every day of a season must not read as "in 9000 years").
struct Grouped {
  std::string first_date;
  int years = 0;
  int days = 0;
  int last_year = 0;
};

}  // namespace

int run_check(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Options opt;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    }
    if (a == "--years" || a == "--rules" || a == "--local-books-dir") {
      if (i + 1 >= args.size()) {
        err << "kalendar-check: " << a << " needs a value\n" << kUsage;
        return 2;
      }
      const std::string& v = args[++i];
      if (a == "--rules") {
        opt.rules = v;
      } else if (a == "--local-books-dir") {
        opt.local_books_dir = v;
      } else if (!parse_year_range(v, opt.from, opt.to)) {
        err << "kalendar-check: --years takes FROM-TO within " << kMinYear << "-" << kMaxYear
            << " (got '" << v << "')\n";
        return 2;
      }
      continue;
    }
    if (!a.empty() && a[0] == '-') {
      err << "kalendar-check: unknown option '" << a << "'\n" << kUsage;
      return 2;
    }
    opt.paths.push_back(a);
  }
  if (opt.paths.empty()) {
    err << kUsage;
    return 2;
  }

  // Books are always loaded from their books directory (a book may extend a sibling); with book
  // directories given, only those books are reported.
  std::string books_dir;
  std::vector<std::string> only;
  for (const auto& p : opt.paths) {
    std::error_code ec;
    if (!fs::is_directory(p, ec)) {
      err << "kalendar-check: '" << p << "' is not a directory\n";
      return 2;
    }
    const fs::path path = fs::path(p).lexically_normal();
    const fs::path dir = is_book_dir(path) ? (path / "..").lexically_normal() : path;
    if (is_book_dir(path)) only.push_back(path.filename().string());
    if (!books_dir.empty() && books_dir != dir.string()) {
      err << "kalendar-check: all books must come from one books directory\n";
      return 2;
    }
    books_dir = dir.string();
  }
  if (opt.rules.empty())
    opt.rules = (fs::path(books_dir) / ".." / "rules").lexically_normal().string();
  LibrarySources sources = LibrarySources::from_dirs(opt.rules, books_dir);
  if (!opt.local_books_dir.empty()) sources.local_books_dirs.push_back(opt.local_books_dir);

  DiagnosticList diags;
  auto library = load_library(sources, diags);
  int errors = 0;
  int warnings = 0;
  const std::string books_prefix = (fs::path(books_dir) / "").string();
  auto wanted_file = [&](const std::string& file) {
    if (only.empty() || file.rfind(books_prefix, 0) != 0) return true;
    const std::string rest = file.substr(books_prefix.size());
    return std::find(only.begin(), only.end(), rest.substr(0, rest.find('/'))) != only.end();
  };
  // Load errors per book directory, so that a book's summary line never says "no problems"
  // after errors in its own files (an overlay that loaded with a broken patch).
  std::map<std::string, int> load_errors;
  for (const auto& d : diags.items()) {
    if (!wanted_file(d.loc.file)) continue;
    out << format_diagnostic(d) << "\n";
    (d.severity == Severity::error ? errors : warnings) += 1;
    if (d.severity == Severity::error && d.loc.file.rfind(books_prefix, 0) == 0) {
      const std::string rest = d.loc.file.substr(books_prefix.size());
      load_errors[rest.substr(0, rest.find('/'))] += 1;
    }
  }

  Engine engine(library);
  for (const auto& book : library->books()) {
    if (!only.empty() && std::find(only.begin(), only.end(), book->code) == only.end()) continue;
    // A preference no route applies is listed by /preferences and changes no answer: said (a
    // warning: loc_2021 lists its office and creed choices for its clients), once, at the book
    // that declares it.
    for (const Preference& p : book->preferences) {
      if (std::find(kAppliedPreferenceKeys.begin(), kAppliedPreferenceKeys.end(), p.key) !=
              kAppliedPreferenceKeys.end() ||
          p.loc.file.rfind(books_prefix + book->code + "/", 0) != 0) {
        continue;
      }
      out << format_diagnostic(Diagnostic{
                 Severity::warning, p.loc,
                 "preference '" + p.key +
                     "' is listed for clients but no route applies it (the API applies bible, "
                     "lectionary, reading_type, psalter); a choice that changes the calendar "
                     "is an option (docs/BOOKS.md)"})
          << "\n";
      ++warnings;
    }
    const auto failures = run_checks(engine, *book);
    for (const auto& f : failures) out << format_diagnostic(f) << "\n";
    errors += static_cast<int>(failures.size());

    // The year scan.
    std::map<std::tuple<std::string, int, int, std::string>, Grouped> grouped;
    std::vector<std::tuple<std::string, int, int, std::string>> order;
    std::set<std::tuple<std::string, int, int, std::string>> warning_keys;
    int scan_errors = 0;
    const int from = std::max(opt.from, book->valid_years.from);
    const int to = std::min(opt.to, book->valid_years.to);
    std::vector<bool> eve_matched(book->eves.size(), false);
    std::vector<bool> row_matched(book->precedence.size(), false);
    for (int year = from; year <= to; ++year) {
      // Held in a local: years outside the engine's cache live only as long as this pointer.
      const auto plan = book->year_plan(year);
      for (const Observance& o : plan->observances) {
        if (o.row != kNoIndex) row_matched[o.row] = true;
      }
      if (!book->eves.empty()) {
        for (const DayRecord& r : plan->days) {
          if (const auto eve = ResolvedDay(*book, plan, r).eve()) eve_matched[eve->rule] = true;
        }
      }
      std::vector<Anomaly> anomalies = plan->anomalies;
      for (Anomaly& a : untitled_days(*book, plan)) anomalies.push_back(std::move(a));
      // Days without their propers are warnings: the shipped books still have such gaps
      // (Christmas without a collect in loc_2015), to be settled from the printed books.
      const std::size_t first_warning = anomalies.size();
      for (Anomaly& a : days_without_propers(*book, plan)) anomalies.push_back(std::move(a));
      for (std::size_t i = 0; i < anomalies.size(); ++i) {
        const Anomaly& a = anomalies[i];
        const auto key = std::make_tuple(a.loc.file, a.loc.line, a.loc.column, a.message);
        if (i >= first_warning) warning_keys.insert(key);
        auto [it, inserted] = grouped.emplace(key, Grouped{format_iso_date(a.date), 0, 0, 0});
        if (inserted) order.push_back(key);
        it->second.days += 1;
        if (it->second.last_year != year) it->second.years += 1;
        it->second.last_year = year;
      }
    }
    // An eve rule no evening of the scanned years takes is a condition that cannot match (or
    // one an earlier rule always wins over).
    bool eve_unused = false;
    for (std::size_t i = 0; i < book->eves.size() && from <= to; ++i) {
      if (eve_matched[i]) continue;
      const EveRule& rule = book->eves[i];
      out << format_diagnostic(Diagnostic{
                 Severity::error, rule.loc,
                 "eve rule '" + rule.key + "' never applies in the years " + std::to_string(from) +
                     "-" + std::to_string(to) +
                     ": no next day's observance matches 'of' (or an earlier rule takes it)"})
          << "\n";
      ++errors;
      eve_unused = true;
    }
    // A precedence row no observance of the scanned years falls in can never match: an earlier
    // row takes everything it names, or nothing it names exists.
    for (std::size_t i = 0; i < book->precedence.size() && from <= to; ++i) {
      if (row_matched[i] || asks_an_option(book->precedence[i].match)) continue;
      const PrecedenceRow& row = book->precedence[i];
      out << format_diagnostic(Diagnostic{
                 Severity::error, row.loc,
                 "precedence row '" + row.key + "' never matches in the years " +
                     std::to_string(from) + "-" + std::to_string(to) +
                     ": an earlier row takes everything it names, or nothing it names occurs"})
          << "\n";
      ++scan_errors;
    }
    for (const Diagnostic& d : scan_rules(*book, from, to)) {
      out << format_diagnostic(d) << "\n";
      ++scan_errors;
    }
    for (const auto& key : order) {
      const Grouped& g = grouped[key];
      Diagnostic d;
      d.loc = SourceLoc{std::get<0>(key), std::get<1>(key), std::get<2>(key)};
      if (d.loc.file.empty()) d.loc.file = book->code;
      d.message = std::get<3>(key) + " (first on " + g.first_date +
                  (g.days > g.years ? ", on " + std::to_string(g.days) + " days" : "") +
                  (g.years > 1 ? ", in " + std::to_string(g.years) + " years" : "") + ")";
      const bool warning = warning_keys.count(key) != 0;
      if (warning) d.severity = Severity::warning;
      out << format_diagnostic(d) << "\n";
      ++(warning ? warnings : scan_errors);
    }
    errors += scan_errors;
    out << book->code << ": " << count_checks(engine, *book) << " checks, years " << from << "-"
        << to << " scanned, "
        << (failures.empty() && scan_errors == 0 && !eve_unused && load_errors[book->code] == 0
                ? "no problems"
                : "problems found")
        << "\n";
  }
  if (errors > 0 || warnings > 0) {
    out << errors << " error" << (errors == 1 ? "" : "s") << ", " << warnings << " warning"
        << (warnings == 1 ? "" : "s") << "\n";
  }
  return errors > 0 ? 1 : 0;
}

}  // namespace kalendar::tools
