// iCalendar (RFC 5545) text for a run of liturgical days: one all-day VEVENT per day, so that
// calendar apps (which subscribe to a URL and understand no JSON) show the liturgical calendar.
// Pure text building, no calendar logic: handlers/calendars.cpp fills the events from the same
// resolved days the JSON routes serialise.
//
// Every content line ends in CRLF and is folded so that no line is longer than 75 octets
// (RFC 5545 §3.1), never inside a UTF-8 sequence; TEXT values are escaped (§3.3.11).
//
// Example:
//   IcalCalendar cal{.name = "LOC 2015", .lang = "pt-BR", .stamp_unix = 1767225600};
//   cal.events.push_back({.date = 2026y/April/5, .uid = "loc_2015-pt-BR-20260405@kalendar",
//                         .summary = "Páscoa", .description = "Páscoa · Branco", .color =
//                         "white"});
//   std::string text = write_icalendar(cal);   // "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n..."
#pragma once

#include "kalendar/civil.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// The media type of every iCalendar answer.
inline constexpr std::string_view kCalendarContentType = "text/calendar; charset=utf-8";

// One all-day event: DTSTART;VALUE=DATE is `date`, DTEND the next day.
struct IcalEvent {
  CivilDate date{};
  std::string uid{};          // stable across requests: the same day gives the same UID
  std::string summary{};      // the day's title
  std::string description{};  // several lines joined with '\n'
  std::string color{};        // RFC 7986 COLOR: a CSS3 colour name; "" : none
  std::vector<std::string> categories{};
};

struct IcalCalendar {
  std::string name{};           // NAME (RFC 7986) and X-WR-CALNAME
  std::string description{};    // X-WR-CALDESC and DESCRIPTION (RFC 7986); "" : none
  std::string lang{};           // LANGUAGE parameter of every SUMMARY and DESCRIPTION
  std::int64_t stamp_unix = 0;  // DTSTAMP of every event (UTC)
  std::optional<int> refresh_interval_seconds;  // REFRESH-INTERVAL and X-PUBLISHED-TTL (feeds)
  std::vector<IcalEvent> events{};
};

// The whole VCALENDAR object. Example: see the top of this file.
[[nodiscard]] std::string write_icalendar(const IcalCalendar& calendar);

// A TEXT value escaped: backslash, ';' and ',' get a backslash, a newline becomes "\n", other
// control characters are dropped. Example: ical_escape("a,b;c\nd") == "a\\,b\\;c\\nd".
[[nodiscard]] std::string ical_escape(std::string_view text);

// One content line (without its CRLF) folded at 75 octets: CRLF + one space before each
// continuation, never splitting a UTF-8 sequence. Example: fold_line(80 × "a") has 2 lines.
[[nodiscard]] std::string fold_line(std::string_view line);

// The CSS3 colour name (RFC 7986 COLOR) of a liturgical colour slug of the palette, or "" when
// it has none. Example: css_colour("violet") == "violet"; css_colour("rose") == "pink".
[[nodiscard]] std::string_view css_colour(std::string_view slug);

}  // namespace kalendar::api
