#include "ical.hpp"

#include <array>
#include <chrono>
#include <cstdio>
#include <utility>

namespace kalendar::api {

namespace {

constexpr std::size_t kMaxLineOctets = 75;

// The palette's colours as CSS3 names (RFC 7986 §5.9 takes CSS3 colour names). Liturgical rose
// is a pale pink; unbleached linen is CSS's `linen`. A slug outside the table gets no COLOR.
constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kCssColours = {{
    {"white", "white"},
    {"gold", "gold"},
    {"red", "red"},
    {"green", "green"},
    {"violet", "violet"},
    {"purple", "purple"},
    {"blue", "blue"},
    {"rose", "pink"},
    {"black", "black"},
    {"unbleached", "linen"},
}};

std::string basic_date(CivilDate d) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d%02u%02u", static_cast<int>(d.year()),
                static_cast<unsigned>(d.month()), static_cast<unsigned>(d.day()));
  return buf;
}

std::string utc_stamp(std::int64_t unix_seconds) {
  const auto tp = std::chrono::sys_seconds{std::chrono::seconds{unix_seconds}};
  const auto day = std::chrono::floor<date::days>(tp);
  const CivilDate d{day};
  const auto secs = static_cast<int>((tp - day).count());  // 0 .. 86399
  char buf[32];
  std::snprintf(buf, sizeof buf, "T%02d%02d%02dZ", secs / 3600, secs / 60 % 60, secs % 60);
  return basic_date(d) + buf;
}

class Lines {
 public:
  void add(std::string_view name, std::string_view value) {
    std::string line(name);
    line += ':';
    line += value;
    out_ += fold_line(line);
    out_ += "\r\n";
  }
  // A TEXT property, with LANGUAGE when known.
  void text(std::string_view name, std::string_view value, std::string_view lang) {
    std::string n(name);
    if (!lang.empty()) {
      n += ";LANGUAGE=";
      n += lang;
    }
    add(n, ical_escape(value));
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

}  // namespace

std::string ical_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '\\':
      case ';':
      case ',':
        out += '\\';
        out += ch;
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        // Control characters are not allowed in TEXT (RFC 5545 §3.3.11); tab is.
        if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\t') out += ch;
    }
  }
  return out;
}

std::string fold_line(std::string_view line) {
  std::string out;
  out.reserve(line.size() + line.size() / 70 * 3);
  std::size_t room = kMaxLineOctets;  // the first line has 75 octets; each continuation 74 + ' '
  std::size_t i = 0;
  while (line.size() - i > room) {
    std::size_t cut = i + room;
    // Back up to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
    while (cut > i && (static_cast<unsigned char>(line[cut]) & 0xC0U) == 0x80U) --cut;
    out.append(line.substr(i, cut - i));
    out += "\r\n ";
    i = cut;
    room = kMaxLineOctets - 1;
  }
  out.append(line.substr(i));
  return out;
}

std::string_view css_colour(std::string_view slug) {
  for (const auto& [s, css] : kCssColours) {
    if (s == slug) return css;
  }
  return {};
}

std::string write_icalendar(const IcalCalendar& calendar) {
  Lines l;
  l.add("BEGIN", "VCALENDAR");
  l.add("VERSION", "2.0");
  l.add("PRODID", "-//Kalendar//Kalendar API v2//EN");
  l.add("CALSCALE", "GREGORIAN");
  // No METHOD: this is a calendar to read, not an iTIP message (RFC 5546 PUBLISH would require
  // an ORGANIZER on every event).
  l.text("NAME", calendar.name, calendar.lang);
  l.text("X-WR-CALNAME", calendar.name, "");
  if (!calendar.description.empty()) {
    l.text("DESCRIPTION", calendar.description, calendar.lang);
    l.text("X-WR-CALDESC", calendar.description, "");
  }
  if (calendar.refresh_interval_seconds) {
    std::string duration = "PT";
    duration += std::to_string(*calendar.refresh_interval_seconds);
    duration += 'S';
    l.add("REFRESH-INTERVAL;VALUE=DURATION", duration);
    l.add("X-PUBLISHED-TTL", duration);
  }
  const std::string stamp = utc_stamp(calendar.stamp_unix);
  for (const IcalEvent& e : calendar.events) {
    l.add("BEGIN", "VEVENT");
    l.add("UID", ical_escape(e.uid));
    l.add("DTSTAMP", stamp);
    l.add("DTSTART;VALUE=DATE", basic_date(e.date));
    l.add("DTEND;VALUE=DATE", basic_date(to_civil(Days{e.date} + date::days{1})));
    l.text("SUMMARY", e.summary, calendar.lang);
    if (!e.description.empty()) l.text("DESCRIPTION", e.description, calendar.lang);
    if (!e.categories.empty()) {
      std::string list;
      for (const auto& c : e.categories) {
        if (!list.empty()) list += ',';
        list += ical_escape(c);
      }
      std::string name = "CATEGORIES";
      if (!calendar.lang.empty()) {
        name += ";LANGUAGE=";
        name += calendar.lang;
      }
      l.add(name, list);
    }
    if (!e.color.empty()) l.add("COLOR", e.color);
    l.add("TRANSP", "TRANSPARENT");  // an informational day, never busy time
    l.add("END", "VEVENT");
  }
  l.add("END", "VCALENDAR");
  return l.take();
}

}  // namespace kalendar::api
