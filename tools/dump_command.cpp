// kalendar-dump's logic (usage in dump_command.hpp).
#include "dump_command.hpp"

#include "app/app_state.hpp"
#include "app/in_process.hpp"
#include "chart_command.hpp"
#include "day_text.hpp"

#include "kalendar/engine.hpp"

#include <charconv>
#include <optional>

namespace kalendar::tools {
namespace {

constexpr const char* kUsage =
    "usage: kalendar-dump [--books DIR] [--rules DIR] [--lang TAG] [--json] [--liturgical] BOOK "
    "YEAR\n"
    "       kalendar-dump [--books DIR] [--rules DIR] --html [--diff OTHER_BOOKS] BOOK YEAR\n"
    "       kalendar-dump [--books DIR] [--rules DIR] --api TARGET\n";

struct DumpOptions {
  std::string books = "books";
  std::string rules;  // default: BOOKS/../rules
  std::string lang;   // default: the book's own language
  std::string api_target;
  std::string diff_tree;  // --diff: compare the --html chart with these books
  bool json = false;
  bool html = false;
  bool liturgical = false;
  std::string book;
  int year = 0;
};

// The options, or nullopt after printing why not (`status` is then the exit status).
std::optional<DumpOptions> parse_options(const std::vector<std::string>& args, std::ostream& out,
                                         std::ostream& err, int& status) {
  DumpOptions o;
  std::vector<std::string> positional;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--html") {
      o.html = true;
    } else if (a == "--diff" && i + 1 < args.size()) {
      o.diff_tree = args[++i];
    } else if ((a == "--books" || a == "--rules" || a == "--lang" || a == "--api") &&
               i + 1 < args.size()) {
      (a == "--books"   ? o.books
       : a == "--rules" ? o.rules
       : a == "--lang"  ? o.lang
                        : o.api_target) = args[++i];
    } else if (a == "--json" || a == "--liturgical") {
      (a == "--json" ? o.json : o.liturgical) = true;
    } else if (a == "--help" || a == "-h") {
      out << kUsage;
      status = 0;
      return std::nullopt;
    } else if (!a.empty() && a[0] == '-') {
      err << "kalendar-dump: unknown option '" << a << "'\n" << kUsage;
      status = 2;
      return std::nullopt;
    } else {
      positional.push_back(a);
    }
  }
  if (o.rules.empty()) o.rules = o.books + "/../rules";
  const bool year_form =
      positional.size() == 2 &&
      std::from_chars(positional[1].data(), positional[1].data() + positional[1].size(), o.year)
              .ec == std::errc{};
  if ((o.api_target.empty() ? !year_form : !positional.empty()) ||
      ((o.html || !o.diff_tree.empty()) && (!o.api_target.empty() || !o.html))) {
    err << kUsage;
    status = 2;
    return std::nullopt;
  }
  if (year_form) o.book = positional[0];
  return o;
}

// Every day of the requested year, one line each (text, or the API's JSON body).
int print_year(const DumpOptions& o, const api::AppState& app, api::InProcessApi& api,
               std::ostream& out, std::ostream& err) {
  const Engine& engine = *app.engine;
  const auto book = engine.find_book(o.book);
  if (!book) {
    err << "kalendar-dump: " << book.error().message << "\n";
    return 2;
  }
  CivilDate from{date::year{o.year} / 1 / 1};
  CivilDate to{date::year{o.year} / 12 / 31};
  if (o.liturgical) {
    from = to_civil((*book)->year_begins_in(o.year - 1));
    to = to_civil((*book)->year_begins_in(o.year) - date::days{1});
  }
  const auto days = engine.range(o.book, from, to);
  if (!days) {
    err << "kalendar-dump: " << days.error().message << "\n";
    return 2;
  }
  const std::string lang = o.lang.empty() ? (*book)->lang : o.lang;
  for (const auto& d : *days) {
    if (o.json) {
      out << api.get("/api/v2/days/" + format_iso_date(d.date()) + "?book=" + o.book +
                     "&lang=" + lang)
                 .body
          << "\n";
    } else {
      out << day_as_text(d, lang) << "\n";
    }
  }
  return 0;
}

}  // namespace

int run_dump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  int status = 0;
  const auto options = parse_options(args, out, err, status);
  if (!options) return status;
  if (options->html) {
    return run_chart({options->books, options->rules, options->book, options->year,
                      options->diff_tree, options->lang},
                     out, err);
  }
  DiagnosticList diags;
  auto engine = load_engine(options->rules, options->books, diags);
  auto app = engine == nullptr ? nullptr : api::make_app_state(engine, nullptr, nullptr, diags);
  if (app == nullptr) {
    for (const auto& d : diags.items()) err << format_diagnostic(d) << "\n";
    err << "kalendar-dump: the books have errors (run kalendar-check)\n";
    return 1;
  }
  api::InProcessApi api(app);
  if (!options->api_target.empty()) {
    const api::Response r = api.get(options->api_target);
    out << r.body << "\n";
    return r.status < 400 ? 0 : 1;
  }
  return print_year(*options, *app, api, out, err);
}

}  // namespace kalendar::tools
