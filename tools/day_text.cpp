#include "day_text.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

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

std::string days_as_json(const std::vector<ResolvedDay>& days, std::string_view lang) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  auto str = [&](const std::string& s) {
    w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  };
  w.StartArray();
  for (const ResolvedDay& day : days) {
    const CompiledBook& b = day.book();
    const LanguageStrings& names = b.strings_for(lang);
    const DayRecord& r = day.record();
    w.StartObject();
    w.Key("date");
    str(format_iso_date(day.date()));
    w.Key("season");
    str(b.seasons[r.season].key);
    w.Key("sub_season");
    if (r.sub_season != kNoIndex) {
      str(b.seasons[r.sub_season].key);
    } else {
      w.Null();
    }
    w.Key("week");
    if (r.week > 0) {
      w.Int(r.week);
    } else {
      w.Null();
    }
    w.Key("colour");
    str(r.colour != kNoIndex ? b.palette[r.colour] : "");
    w.Key("title");
    str(title(day, names));
    w.Key("observances");
    w.StartArray();
    for (const Observance& o : day.observances()) {
      w.StartObject();
      w.Key("kind");
      str(std::string(kObservanceKindSlugs[static_cast<std::size_t>(o.kind)]));
      if (o.kind == ObservanceKind::celebration) {
        w.Key("celebration");
        str(b.celebrations[o.celebration].key);
      }
      w.Key("fate");
      str(std::string(kFateSlugs[static_cast<std::size_t>(o.fate)]));
      if (o.fate == Fate::transferred) {
        w.Key("moved_to");
        str(format_iso_date(o.moved_to));
      }
      if (o.transferred_in) {
        w.Key("transferred_from");
        str(format_iso_date(o.original_date));
      }
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace kalendar::tools
