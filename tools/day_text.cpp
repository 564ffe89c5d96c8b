#include "day_text.hpp"

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
  const CompiledBook& b = day.book();
  const Observance& p = day.prevailing();
  if (p.kind == ObservanceKind::celebration) return names.celebrations[p.celebration];
  if (day.is_sunday() && day.record().sunday_key != kNoIndex) {
    return names.sundays[day.record().sunday_key];
  }
  const DayRecord& r = day.record();
  if (r.week == 0) return names.season_labels[r.season];
  return names.weekdays[day.weekday().c_encoding()] + " (" + b.seasons[r.season].key + " " +
         std::to_string(r.week) + ")";
}

}  // namespace

std::string day_as_text(const ResolvedDay& day, std::string_view lang) {
  const CompiledBook& b = day.book();
  const LanguageStrings& names = b.strings_for(lang);
  const DayRecord& r = day.record();
  std::string line = format_iso_date(day.date()) + " " +
                     std::string(weekday_slug(day.weekday()).substr(0, 3)) + "  ";
  line += pad(b.seasons[r.season].key + "/" +
                  (r.sub_season != kNoIndex ? b.seasons[r.sub_season].key : std::string("-")),
              28);
  line += pad(r.week > 0 ? "w" + std::to_string(r.week) : "-", 4);
  line += pad(r.colour != kNoIndex ? b.palette[r.colour] : "-", 8);
  std::string what = title(day, names);
  if (day.is_sunday()) what += " [" + std::string(day.sunday_cycle()) + "]";
  if (day.prevailing().transferred_in) {
    what += " (from " + format_iso_date(day.prevailing().original_date) + ")";
  }
  if (r.fast_rule != kNoIndex) {
    what += " {" +
            std::string(kFastKindSlugs[static_cast<std::size_t>(b.fasts[r.fast_rule].kind)]) + "}";
  }
  line += what;
  std::string competing;
  for (const Observance& o : day.observances().subspan(1)) {
    if (o.kind != ObservanceKind::celebration) continue;
    competing += competing.empty() ? "  | " : "; ";
    competing += b.celebrations[o.celebration].key + ": " +
                 std::string(kFateSlugs[static_cast<std::size_t>(o.fate)]);
    if (o.fate == Fate::transferred) competing += " " + format_iso_date(o.moved_to);
  }
  return line + competing;
}

}  // namespace kalendar::tools
