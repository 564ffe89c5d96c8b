#include "year_chart.hpp"

#include "chart_labels.hpp"

#include <algorithm>
#include <sstream>

namespace kalendar::tools {
namespace {

std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The first `n` characters of a UTF-8 string ("Sábado" -> "Sáb").
std::string first_chars(std::string_view s, std::size_t n) {
  std::size_t end = 0;
  for (std::size_t chars = 0; end < s.size() && chars < n; ++chars) {
    ++end;
    while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) ++end;
  }
  return std::string(s.substr(0, end));
}

int field(const std::string& iso, std::size_t at, std::size_t len) {
  return std::stoi(iso.substr(at, len));
}

// 0 = Sunday (Sakamoto's method; the page's grids start on Sunday).
int weekday_of(int y, int m, int d) {
  static const int kOffsets[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 3) y -= 1;
  return (y + y / 4 - y / 100 + y / 400 + kOffsets[m - 1] + d) % 7;
}

// Print-safe colours for the API's colour slugs; an unknown slug is grey (still lettered).
struct Swatch {
  const char* slug;
  const char* strong;
  const char* tint;
};
constexpr Swatch kSwatches[] = {
    {"white", "#ffffff", "#ffffff"},  {"red", "#c62828", "#f8d7d7"},
    {"green", "#2e7d32", "#d9eeda"},  {"violet", "#7b1fa2", "#ead7f1"},
    {"purple", "#4a148c", "#e1d5f0"}, {"rose", "#e57aa6", "#fbe3ee"},
    {"black", "#212121", "#d6d6d6"},  {"blue", "#1565c0", "#d6e6f7"},
    {"gold", "#c99a06", "#f6ecc6"},
};
const Swatch& swatch_for(const std::string& slug) {
  static const Swatch kUnknown{"", "#9e9e9e", "#ececec"};
  for (const auto& s : kSwatches) {
    if (slug == s.slug) return s;
  }
  return kUnknown;
}

// Patterns drawn over the colour swatch, one per colour in order of appearance.
constexpr const char* kPatterns[] = {
    "none",
    "repeating-linear-gradient(45deg,rgba(0,0,0,.45) 0 2px,transparent 2px 6px)",
    "radial-gradient(rgba(255,255,255,.8) 1.5px,transparent 1.6px) 0 0/6px 6px",
    "repeating-linear-gradient(0deg,rgba(255,255,255,.6) 0 2px,transparent 2px 5px)",
    "repeating-linear-gradient(90deg,rgba(255,255,255,.6) 0 2px,transparent 2px 5px)",
    "repeating-linear-gradient(-45deg,rgba(255,255,255,.6) 0 2px,transparent 2px 6px)",
};
constexpr const char* kSeasonBorders[] = {"solid", "dashed", "dotted", "double"};
constexpr const char* kFastMarks[] = {"†", "‡", "§", "¶", "*"};

// Distinct things of the year in order of appearance (colours, seasons, fasts) with their mark.
struct Legend {
  std::vector<std::pair<std::string, std::string>> colours;  // slug, name
  std::vector<std::string> colour_letters;
  std::vector<std::pair<std::string, std::string>> seasons;
  std::vector<std::pair<std::string, std::string>> fasts;

  static std::size_t index_of(const std::vector<std::pair<std::string, std::string>>& list,
                              const std::string& slug) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i].first == slug) return i;
    }
    return list.size();
  }
  static void add(std::vector<std::pair<std::string, std::string>>& list, const std::string& slug,
                  const std::string& name) {
    if (!slug.empty() && index_of(list, slug) == list.size()) list.emplace_back(slug, name);
  }
  // One letter per colour from its name in the book's language (two when the first is taken).
  void assign_letters() {
    for (const auto& [slug, name] : colours) {
      const std::string& word = name.empty() ? slug : name;
      std::string letter;
      for (std::size_t n = 1; n <= 3 && (letter.empty() || taken(letter)); ++n) {
        letter = first_chars(word, n);
      }
      if (taken(letter)) letter += std::to_string(colour_letters.size() + 1);
      colour_letters.push_back(letter);
    }
  }
  [[nodiscard]] bool taken(const std::string& letter) const {
    return std::find(colour_letters.begin(), colour_letters.end(), letter) != colour_letters.end();
  }
};

std::string local_date(const std::string& iso, const ChartLabels& labels) {
  return std::to_string(field(iso, 8, 2)) + " " +
         first_chars(labels.months[static_cast<std::size_t>(field(iso, 5, 2) - 1)], 3);
}

void write_style(std::ostream& out, const Legend& legend) {
  out << "<style>\n"
         "@page{size:landscape;margin:7mm}\n"
         "*{box-sizing:border-box}\n"
         "body{font:11px/1.2 sans-serif;margin:8px;color:#111;-webkit-print-color-adjust:exact;"
         "print-color-adjust:exact}\n"
         "h1{font-size:16px;margin:0 0 6px}\n"
         ".year{display:grid;grid-template-columns:repeat(4,1fr);gap:6px}\n"
         ".month h2{font-size:12px;margin:0 0 2px}\n"
         "table{border-collapse:collapse;width:100%;table-layout:fixed}\n"
         "th{font-size:9px;font-weight:normal;color:#444}\n"
         "td{border:1px solid #999;vertical-align:top;padding:0}\n"
         // A fixed height keeps the twelve months on one page; the cell's tooltip has it all.
         ".in{height:50px;overflow:hidden}\n"
         "td.pad{border:none}\n"
         ".day{display:table-cell;position:relative}\n"
         ".sw{float:left;width:11px;height:100%;border-right:1px solid #666;"
         "font-size:8px;font-weight:bold;text-align:center;color:#000;"
         "text-shadow:0 0 2px #fff,0 0 2px #fff}\n"
         ".n{font-weight:bold;font-size:9px;margin-left:13px;display:block}\n"
         ".t,.x{display:block;margin-left:13px;font-size:8px;overflow-wrap:anywhere}\n"
         ".x{font-style:italic;color:#333}\n"
         ".sn{display:block;margin-left:13px;font-size:7px;text-transform:uppercase}\n"
         ".changed{outline:3px dashed #000;outline-offset:-3px}\n"
         ".legend{margin-top:8px;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:10px}\n"
         ".legend .sw{display:inline-block;min-height:0;height:14px;width:14px;float:none;"
         "vertical-align:middle;border:1px solid #666}\n"
         ".legend .band{display:inline-block;width:22px;height:0;vertical-align:middle}\n"
         "@media print{body{font-size:9px;margin:0}.in{height:31px}.t{font-size:6.5px}"
         ".x{font-size:6px}}\n";
  for (std::size_t i = 0; i < legend.colours.size(); ++i) {
    const Swatch& s = swatch_for(legend.colours[i].first);
    out << ".c" << i << "{background-color:" << s.tint << "}.c" << i << " .sw,.legend .c" << i
        << "{background:" << kPatterns[i % std::size(kPatterns)] << ";background-color:" << s.strong
        << "}\n";
  }
  for (std::size_t i = 0; i < legend.seasons.size(); ++i) {
    out << ".s" << i << "{border-top:3px " << kSeasonBorders[i % std::size(kSeasonBorders)]
        << " #333}\n";
  }
  out << "</style>\n";
}

void write_day(std::ostream& out, const ApiDay& d, const Legend& legend, const ChartInput& in,
               const ChartLabels& labels, bool season_starts) {
  const std::size_t colour = Legend::index_of(legend.colours, d.colour_slug);
  const std::size_t season = Legend::index_of(legend.seasons, d.season_slug);
  const auto changes = in.changes.find(d.date);
  std::string tooltip = d.date + " " + d.weekday_name + " · " + d.season_name + " · " +
                        d.colour_name + (d.title.empty() ? "" : " · " + d.title);
  if (!d.fast_name.empty()) tooltip += " · " + d.fast_name;
  if (changes != in.changes.end()) {
    for (const auto& c : changes->second) tooltip += "\n" + std::string(labels.changed) + ": " + c;
  }
  out << "<td class=\"day c" << colour << " s" << season
      << (changes != in.changes.end() ? " changed" : "") << "\" data-date=\"" << d.date
      << "\" data-color=\"" << escaped(d.colour_slug) << "\" data-title=\"" << escaped(d.title)
      << "\" title=\"" << escaped(tooltip) << "\"><div class=\"in\">";
  out << "<span class=\"sw\">"
      << escaped(colour < legend.colour_letters.size() ? legend.colour_letters[colour] : "?")
      << "</span>";
  out << "<span class=\"n\">" << field(d.date, 8, 2);
  const std::size_t fast = Legend::index_of(legend.fasts, d.fast_slug);
  if (!d.fast_slug.empty()) out << " " << kFastMarks[fast % std::size(kFastMarks)];
  if (changes != in.changes.end()) out << " Δ";
  out << "</span>";
  if (season_starts) out << "<span class=\"sn\">" << escaped(d.season_name) << "</span>";
  if (!d.title.empty()) out << "<span class=\"t\">" << escaped(d.title) << "</span>";
  if (!d.transferred_from.empty()) {
    out << "<span class=\"x\">↷ " << labels.transferred_from << " "
        << local_date(d.transferred_from, labels) << "</span>";
  }
  for (const auto& o : d.others) {
    if (o.fate == "transferred" && !o.transferred_to.empty()) {
      out << "<span class=\"x\">→ " << escaped(o.name) << " (" << labels.moved_to << " "
          << local_date(o.transferred_to, labels) << ")</span>";
    } else if (o.fate == "commemorated") {
      out << "<span class=\"x\">+ " << escaped(o.name) << "</span>";
    }
  }
  out << "</div></td>";
}

void write_month(std::ostream& out, int month, const std::vector<const ApiDay*>& days,
                 const std::vector<std::string>& weekday_names, const Legend& legend,
                 const ChartInput& in, const ChartLabels& labels, std::string& last_season) {
  out << "<section class=\"month\"><h2>" << labels.months[static_cast<std::size_t>(month - 1)]
      << "</h2><table><thead><tr>";
  for (const auto& w : weekday_names) out << "<th>" << escaped(first_chars(w, 3)) << "</th>";
  out << "</tr></thead><tbody><tr>";
  const int lead = days.empty() ? 0 : weekday_of(in.year, month, 1);
  for (int i = 0; i < lead; ++i) out << "<td class=\"pad\"></td>";
  int column = lead;
  for (const ApiDay* d : days) {
    if (column == 7) {
      out << "</tr><tr>";
      column = 0;
    }
    write_day(out, *d, legend, in, labels, d->season_slug != last_season || d == days.front());
    last_season = d->season_slug;
    ++column;
  }
  for (; column < 7; ++column) out << "<td class=\"pad\"></td>";
  out << "</tr></tbody></table></section>\n";
}

void write_legend(std::ostream& out, const Legend& legend, const ChartInput& in,
                  const ChartLabels& labels) {
  out << "<footer class=\"legend\"><strong>" << labels.legend << "</strong>";
  out << "<span>" << labels.colours << ":</span>";
  for (std::size_t i = 0; i < legend.colours.size(); ++i) {
    out << "<span><span class=\"sw c" << i << "\"></span> " << escaped(legend.colour_letters[i])
        << " = " << escaped(legend.colours[i].second) << "</span>";
  }
  out << "<span>" << labels.seasons << ":</span>";
  for (std::size_t i = 0; i < legend.seasons.size(); ++i) {
    out << "<span><span class=\"band s" << i << "\"></span> " << escaped(legend.seasons[i].second)
        << "</span>";
  }
  out << "<span>" << labels.marks << ":</span>";
  for (std::size_t i = 0; i < legend.fasts.size(); ++i) {
    out << "<span>" << kFastMarks[i % std::size(kFastMarks)] << " "
        << escaped(legend.fasts[i].second) << "</span>";
  }
  out << "<span>↷ " << labels.transferred_from << "</span><span>→ " << labels.moved_to
      << "</span><span>+ " << labels.commemorated << "</span>";
  if (!in.compared_with.empty()) {
    out << "<span>Δ " << labels.changed << " (" << labels.compared_with << " "
        << escaped(in.compared_with) << ")</span>";
  }
  out << "</footer>\n";
}

}  // namespace

std::string render_year_chart(const ChartInput& in) {
  const ChartLabels& labels = chart_labels(in.book.lang);
  Legend legend;
  std::vector<std::string> weekday_names(7);
  std::vector<std::vector<const ApiDay*>> months(12);
  for (const auto& d : in.days) {
    Legend::add(legend.colours, d.colour_slug, d.colour_name);
    Legend::add(legend.seasons, d.season_slug, d.season_name);
    Legend::add(legend.fasts, d.fast_slug, d.fast_name);
    const int m = field(d.date, 5, 2);
    weekday_names[static_cast<std::size_t>(weekday_of(in.year, m, field(d.date, 8, 2)))] =
        d.weekday_name;
    months[static_cast<std::size_t>(m - 1)].push_back(&d);
  }
  legend.assign_letters();

  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"" << escaped(in.book.lang) << "\">\n<head>\n"
      << "<meta charset=\"utf-8\">\n<title>" << escaped(in.book.name) << " · " << in.year
      << "</title>\n";
  write_style(out, legend);
  out << "</head>\n<body>\n<h1>" << escaped(in.book.name) << " · " << in.year << "</h1>\n"
      << "<main class=\"year\">\n";
  std::string last_season;
  for (int m = 1; m <= 12; ++m) {
    write_month(out, m, months[static_cast<std::size_t>(m - 1)], weekday_names, legend, in, labels,
                last_season);
  }
  out << "</main>\n";
  write_legend(out, legend, in, labels);
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace kalendar::tools
