#include "tree_diff.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <future>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

namespace kalendar::tools {
namespace {

constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

std::string or_none(const std::string& s) { return s.empty() ? "none" : s; }

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : " + ") + i;
  return or_none(out);
}

bool is_iso_at(const std::string& s, std::size_t i) {
  if (i + 10 > s.size()) return false;
  for (std::size_t k = 0; k < 10; ++k) {
    const bool digit = std::isdigit(static_cast<unsigned char>(s[i + k])) != 0;
    if ((k == 4 || k == 7) ? s[i + k] != '-' : !digit) return false;
  }
  return i == 0 || std::isdigit(static_cast<unsigned char>(s[i - 1])) == 0;
}

// Dates inside a value lose their year, so that the same transfer in two years groups.
std::string without_years(const std::string& value) {
  std::string out;
  for (std::size_t i = 0; i < value.size();) {
    if (is_iso_at(value, i)) {
      out += short_date(value.substr(i, 10));
      i += 10;
    } else {
      out += value[i++];
    }
  }
  return out;
}

std::string season_of(const ApiDay& d) {
  std::string s = or_none(d.season_slug);
  if (!d.sub_season_slug.empty()) s += " / " + d.sub_season_slug;
  if (!d.week.empty()) s += ", week " + d.week;
  return s;
}

std::string colour_of(const ApiDay& d) {
  std::string s = or_none(d.colour_slug);
  for (const auto& a : d.colour_alternatives) s += " or " + a;
  return s;
}

// A candidate the API does not list among the others either prevailed or was not a candidate.
std::string fate_of(const ApiDay& day, const std::string& slug, const ApiObservance* o) {
  if (o == nullptr) return slug == day.celebration_slug ? "prevails" : "absent";
  std::string s = or_none(o->fate);
  if (!o->transferred_to.empty()) s += " to " + o->transferred_to;
  return s;
}

const ApiObservance* find_other(const ApiDay& d, const std::string& slug) {
  for (const auto& o : d.others) {
    if (o.slug == slug) return &o;
  }
  return nullptr;
}

// "1900-1902, 1905, ... (43 years)": runs of consecutive years collapse; long lists are cut.
std::string years_text(const std::vector<std::string>& dates) {
  std::vector<int> years;
  for (const auto& d : dates) {
    const int y = std::stoi(d.substr(0, 4));
    if (years.empty() || years.back() != y) years.push_back(y);
  }
  std::vector<std::string> runs;
  for (std::size_t i = 0; i < years.size();) {
    std::size_t j = i;
    while (j + 1 < years.size() && years[j + 1] == years[j] + 1) ++j;
    runs.push_back(std::to_string(years[i]) +
                   (j > i ? "-" + std::to_string(years[j]) : std::string{}));
    i = j + 1;
  }
  constexpr std::size_t kShown = 3;
  std::string out;
  for (std::size_t i = 0; i < runs.size() && i < kShown; ++i) out += (i ? ", " : "") + runs[i];
  if (runs.size() > kShown + 1) {
    out += ", ...";
  } else if (runs.size() == kShown + 1) {
    out += ", " + runs.back();
  }
  const std::string n = std::to_string(years.size()) + (years.size() == 1 ? " year" : " years");
  if (dates.size() == 1) return out;
  if (dates.size() == years.size()) return out + " (" + n + ")";
  return out + " (" + std::to_string(dates.size()) + " days in " + n + ")";
}

}  // namespace

std::string short_date(const std::string& iso) {
  const int month = std::stoi(iso.substr(5, 2));
  const int day = std::stoi(iso.substr(8, 2));
  return std::to_string(day) + " " + kMonths[(month - 1) % 12];
}

std::vector<DayChange> diff_day(const std::string& book, const ApiDay& before,
                                const ApiDay& after) {
  std::vector<DayChange> changes;
  const std::string& subject = after.title.empty() ? before.title : after.title;
  auto field = [&](const std::string& name, const std::string& b, const std::string& a) {
    if (b != a) changes.push_back({book, before.date, subject, name, b, a});
  };
  field("season", season_of(before), season_of(after));
  field("colour", colour_of(before), colour_of(after));
  field("celebration", or_none(before.title), or_none(after.title));
  field("transfer", before.transferred_from.empty() ? "none" : "from " + before.transferred_from,
        after.transferred_from.empty() ? "none" : "from " + after.transferred_from);
  // Every candidate of either answer, in the order the API lists them.
  std::vector<const ApiObservance*> candidates;
  std::set<std::string> seen;
  for (const auto* day : {&before, &after}) {
    for (const auto& o : day->others) {
      if (seen.insert(o.slug).second) candidates.push_back(&o);
    }
  }
  for (const auto* c : candidates) {
    field("fate of " + c->name, fate_of(before, c->slug, find_other(before, c->slug)),
          fate_of(after, c->slug, find_other(after, c->slug)));
  }
  field("fast", or_none(before.fast_slug), or_none(after.fast_slug));
  // Each office's readings are their own field, in the order the API lists the offices.
  std::vector<std::string> offices;
  for (const auto* day : {&before, &after}) {
    for (const auto& [office, refs] : day->readings) {
      if (std::find(offices.begin(), offices.end(), office) == offices.end()) {
        offices.push_back(office);
      }
    }
  }
  auto readings_of = [](const ApiDay& day, const std::string& office) {
    for (const auto& [name, refs] : day.readings) {
      if (name == office) return joined(refs);
    }
    return std::string("none");
  };
  for (const auto& office : offices) {
    field("readings (" + office + ")", readings_of(before, office), readings_of(after, office));
  }
  field("collects", joined(before.collects), joined(after.collects));
  return changes;
}

std::vector<DayChange> diff_book_year(const ApiTree& before, const ApiTree& after,
                                      const std::string& book, int year, const std::string& lang) {
  // The two trees share nothing, so each answers on its own thread (half the wall time).
  auto pending =
      std::async(std::launch::async, [&] { return before.year(book, year, false, lang); });
  const ApiYear b = after.year(book, year, false, lang);
  const ApiYear a = pending.get();
  const std::string iso_year = std::to_string(year);
  if (!a.error.empty() || !b.error.empty()) {
    if (a.error == b.error) return {};
    return {{book, iso_year + "-01-01", "", "year", a.error.empty() ? "answered" : a.error,
             b.error.empty() ? "answered" : b.error}};
  }
  if (a.data == b.data && a.eucharist == b.eucharist) return {};  // the common case
  // Only the days whose bytes differ are parsed: an edit usually touches a few days a year.
  const auto days_a = split_api_days(a.data);
  const auto days_b = split_api_days(b.data);
  const auto eucharist_a = split_api_days(a.eucharist);
  const auto eucharist_b = split_api_days(b.eucharist);
  std::vector<DayChange> changes;
  if (days_a.size() != days_b.size() || eucharist_a.size() != days_a.size() ||
      eucharist_b.size() != days_b.size()) {
    throw std::runtime_error("the two trees answered " + iso_year + " with different day counts");
  }
  for (std::size_t i = 0; i < days_a.size(); ++i) {
    if (days_a[i] == days_b[i] && eucharist_a[i] == eucharist_b[i]) continue;
    auto day = diff_day(book, parse_api_day(days_a[i], eucharist_a[i]),
                        parse_api_day(days_b[i], eucharist_b[i]));
    changes.insert(changes.end(), day.begin(), day.end());
  }
  return changes;
}

std::vector<DayChange> diff_trees(const ApiTree& before, const ApiTree& after, int from, int to,
                                  const std::string& only_book) {
  std::vector<DayChange> changes;
  auto skipped = [&](const ApiBook& b) { return !only_book.empty() && b.code != only_book; };
  for (const ApiBook& b : before.books()) {
    if (skipped(b)) continue;
    if (after.find(b.code) == nullptr)
      changes.push_back({b.code, "", "", "book", "present", "none"});
  }
  for (const ApiBook& b : after.books()) {
    if (skipped(b)) continue;
    const ApiBook* old = before.find(b.code);
    if (old == nullptr) {
      changes.push_back({b.code, "", "", "book", "none", "present"});
      continue;
    }
    const int first = std::max({from, b.first_year, old->first_year});
    const int last = std::min({to, b.last_year, old->last_year});
    for (int year = first; year <= last; ++year) {
      auto year_changes = diff_book_year(before, after, b.code, year);
      changes.insert(changes.end(), year_changes.begin(), year_changes.end());
    }
  }
  return changes;
}

std::vector<ChangeGroup> group_changes(const std::vector<DayChange>& changes) {
  std::vector<ChangeGroup> groups;
  std::map<std::tuple<std::string, std::string, std::string, std::string, std::string>, std::size_t>
      index;
  for (const auto& c : changes) {
    const std::string before = without_years(c.before);
    const std::string after = without_years(c.after);
    const auto [it, inserted] =
        index.emplace(std::make_tuple(c.book, c.subject, c.field, before, after), groups.size());
    if (inserted) groups.push_back({c.book, c.subject, c.field, before, after, {}});
    if (!c.date.empty()) groups[it->second].dates.push_back(c.date);
  }
  for (auto& g : groups) std::sort(g.dates.begin(), g.dates.end());
  // Books keep the order they were diffed in; within a book, by first date.
  std::map<std::string, std::size_t> book_rank;
  for (const auto& g : groups) book_rank.emplace(g.book, book_rank.size());
  std::stable_sort(groups.begin(), groups.end(), [&](const ChangeGroup& a, const ChangeGroup& b) {
    const std::string da = a.dates.empty() ? "" : a.dates.front();
    const std::string db = b.dates.empty() ? "" : b.dates.front();
    return std::tie(book_rank[a.book], da) < std::tie(book_rank[b.book], db);
  });
  return groups;
}

std::unique_ptr<ApiTree> load_tree(const std::string& path, const std::string& rules_dir,
                                   std::string& only_book, std::ostream& err,
                                   const std::string& hidden_prefix, const std::string& shown_as) {
  namespace fs = std::filesystem;
  const fs::path p = fs::path(path).lexically_normal();
  std::error_code ec;
  if (!fs::is_directory(p, ec)) {
    err << path << ": not a directory\n";
    return nullptr;
  }
  const bool book_dir = fs::exists(p / "book.yaml", ec);
  const fs::path books = book_dir ? (p / "..").lexically_normal() : p;
  only_book = book_dir ? p.filename().string() : "";
  DiagnosticList diags;
  const std::string rules =
      rules_dir.empty() ? (books / ".." / "rules").lexically_normal().string() : rules_dir;
  auto tree = ApiTree::load(books.string(), rules, diags);
  if (tree != nullptr) return tree;
  for (const auto& d : diags.items()) {
    std::string line = format_diagnostic(d);
    if (!hidden_prefix.empty() && line.rfind(hidden_prefix, 0) == 0) {
      line = shown_as + line.substr(hidden_prefix.size());
    }
    err << line << "\n";
  }
  return nullptr;
}

void print_groups_text(const std::vector<ChangeGroup>& groups, std::ostream& out) {
  for (const auto& g : groups) {
    out << g.book;
    if (!g.dates.empty()) {
      const std::string month_day = g.dates.front().substr(5);
      const bool one_day = std::all_of(g.dates.begin(), g.dates.end(),
                                       [&](const auto& d) { return d.substr(5) == month_day; });
      out << " "
          << (g.dates.size() == 1 ? g.dates.front()
              : one_day           ? short_date(g.dates.front())
                                  : "various dates");
    }
    if (!g.subject.empty()) out << " " << g.subject;
    out << " | " << g.field << ": " << g.before << " -> " << g.after;
    if (g.dates.size() > 1) out << " | " << years_text(g.dates);
    out << "\n";
  }
}

void print_groups_json(const std::vector<ChangeGroup>& groups, std::ostream& out) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartObject();
  w.Key("changes");
  w.StartArray();
  for (const auto& g : groups) {
    w.StartObject();
    w.Key("book");
    w.String(g.book.c_str(), static_cast<rapidjson::SizeType>(g.book.size()));
    w.Key("subject");
    w.String(g.subject.c_str(), static_cast<rapidjson::SizeType>(g.subject.size()));
    w.Key("field");
    w.String(g.field.c_str(), static_cast<rapidjson::SizeType>(g.field.size()));
    w.Key("before");
    w.String(g.before.c_str(), static_cast<rapidjson::SizeType>(g.before.size()));
    w.Key("after");
    w.String(g.after.c_str(), static_cast<rapidjson::SizeType>(g.after.size()));
    w.Key("dates");
    w.StartArray();
    for (const auto& d : g.dates) w.String(d.c_str(), static_cast<rapidjson::SizeType>(d.size()));
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out << buffer.GetString() << "\n";
}

}  // namespace kalendar::tools
