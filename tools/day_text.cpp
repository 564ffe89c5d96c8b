#include "day_text.hpp"

#include "kalendar/explanation.hpp"
#include "kalendar/vocabulary.hpp"

namespace kalendar::tools {

namespace {

std::string pad(std::string s, std::size_t width) {
  // Pads by code points so accented names line up.
  std::size_t points = 0;
  for (char c : s) points += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  if (points < width) s.append(width - points, ' ');
  return s;
}

std::string title(const ResolvedDay& day, const LanguageStrings& names) {
  if (const auto c = day.celebration_of(day.prevailing())) return names.celebrations[c->index];
  if (const auto sunday = day.sunday()) return names.sundays[sunday->index];
  const auto week = day.week();
  if (!week) return names.season_labels[day.season().index];
  return names.weekdays[day.weekday().c_encoding()] + " (" + std::string(day.season().slug) + " " +
         std::to_string(*week) + ")";
}

}  // namespace

std::string day_as_text(const ResolvedDay& day, std::string_view lang) {
  const LanguageStrings& names = day.book().strings_for(lang);
  const auto sub_season = day.sub_season();
  const auto week = day.week();
  const auto colour = day.colour();
  std::string line = format_iso_date(day.date()) + " " +
                     std::string(weekday_slug(day.weekday()).substr(0, 3)) + "  ";
  line += pad(std::string(day.season().slug) + "/" +
                  std::string(sub_season ? sub_season->slug : std::string_view("-")),
              28);
  line += pad(week ? "w" + std::to_string(*week) : "-", 4);
  line += pad(std::string(colour ? colour->slug : std::string_view("-")), 8);
  std::string what = title(day, names);
  if (day.is_sunday()) what += " [" + std::string(day.sunday_cycle()) + "]";
  if (day.prevailing().transferred_in) {
    what += " (from " + format_iso_date(day.prevailing().original_date) + ")";
  }
  if (const auto fast = day.fast()) {
    what += " {" + std::string(slug(fast->kind)) + "}";
  }
  line += what;
  // Competitors with their fate and the transfer rule that decided it (explain()'s candidates).
  std::string competing;
  const Explanation why = explain(day, {});
  for (const Explanation::Candidate& c : std::span(why.candidates).subspan(1)) {
    if (!c.celebration) continue;
    const Observance& o = *c.observance;
    competing += competing.empty() ? "  | " : "; ";
    competing += std::string(c.celebration->slug) + ": " + std::string(slug(o.fate));
    if (o.fate == Fate::transferred) competing += " " + format_iso_date(o.moved_to);
    if (c.decided_by) competing += " (" + std::string(c.decided_by->key) + ")";
  }
  // First Evensong: whose observance this evening belongs to (explain()'s eve).
  std::string eve;
  if (why.eve) {
    const auto& e = *why.eve;
    eve = "  > eve " + std::string(e.celebration ? e.celebration->slug
                                   : e.sunday    ? e.sunday->slug
                                                 : "?");
  }
  return line + competing + eve;
}

}  // namespace kalendar::tools
