// The iCalendar text rules of RFC 5545 (ical.hpp), on their edges: escaping of TEXT values,
// folding at 75 octets without splitting a UTF-8 character, the event layout, and the CSS colour
// names of RFC 7986. tests/http/ical_test.cpp parses whole answers with libical.
#include "ical.hpp"

#include <gtest/gtest.h>

#include <string>

namespace kalendar::api {
namespace {

TEST(IcalText, EscapesTextValues) {
  EXPECT_EQ(ical_escape("Salmo 118:1-2, 14-24; 1\\2\nJoão"),
            "Salmo 118:1-2\\, 14-24\\; 1\\\\2\\nJoão");
  EXPECT_EQ(ical_escape(std::string("a\x01"
                                    "b\tc\r")),
            "ab\tc");  // controls dropped, tab kept
}

TEST(IcalText, FoldsAt75OctetsNeverInsideACharacter) {
  EXPECT_EQ(fold_line(std::string(75, 'a')), std::string(75, 'a'));  // exactly 75: one line
  EXPECT_EQ(fold_line(std::string(76, 'a')), std::string(75, 'a') + "\r\n a");
  // Continuation lines hold 74 octets after their leading space.
  EXPECT_EQ(fold_line(std::string(150, 'a')),
            std::string(75, 'a') + "\r\n " + std::string(74, 'a') + "\r\n a");
  // 74 ASCII octets then "ã" (2 octets): the character moves whole to the next line.
  const std::string line = std::string(74, 'x') + "\xC3\xA3" + "y";
  EXPECT_EQ(fold_line(line), std::string(74, 'x') + "\r\n \xC3\xA3y");
  // Unfolding (RFC 5545 §3.1: remove CRLF + one space) gives the line back.
  std::string long_text;
  for (int i = 0; i < 40; ++i) long_text += "Páscoa · ";
  std::string unfolded = fold_line(long_text);
  for (std::size_t at; (at = unfolded.find("\r\n ")) != std::string::npos;) unfolded.erase(at, 3);
  EXPECT_EQ(unfolded, long_text);
}

TEST(IcalText, OneAllDayEventPerDayWithStableFields) {
  IcalCalendar cal;
  cal.name = "Livro de Oração Comum 2015";
  cal.lang = "pt-BR";
  cal.stamp_unix = 1767225600;  // 2026-01-01T00:00:00Z
  cal.events.push_back({.date = CivilDate{date::year{2026} / 12 / 31},
                        .uid = "loc_2015-pt-BR-20261231@kalendar",
                        .summary = "Véspera",
                        .description = "Natal · Branco\nLucas 2:1-14",
                        .color = "white",
                        .categories = {"Natal"}});
  const std::string text = write_icalendar(cal);
  EXPECT_EQ(text.rfind("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 0), 0U);
  EXPECT_NE(text.find("\r\nDTSTAMP:20260101T000000Z\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n"),
            std::string::npos);  // the next day, across the year's end
  EXPECT_NE(text.find("\r\nSUMMARY;LANGUAGE=pt-BR:Véspera\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nDESCRIPTION;LANGUAGE=pt-BR:Natal · Branco\\nLucas 2:1-14\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("\r\nCOLOR:white\r\n"), std::string::npos);
  EXPECT_EQ(text.find("REFRESH-INTERVAL"), std::string::npos);  // only feeds ask for refreshes
  EXPECT_EQ(text.substr(text.size() - 15), "END:VCALENDAR\r\n");
}

TEST(IcalText, PaletteColoursAsCssNames) {
  EXPECT_EQ(css_colour("violet"), "violet");
  EXPECT_EQ(css_colour("rose"), "pink");
  EXPECT_EQ(css_colour("unbleached"), "linen");
  EXPECT_EQ(css_colour("whyte"), "");  // not in the palette: no COLOR
}

}  // namespace
}  // namespace kalendar::api
