// Bible references: our own parser, canonical display, and validation against a versification.
//
// Parsing never calls SWORD (its parser is not thread-safe and silently moves bad references:
// "John 99:1" becomes Galatians 5:1). We accept English and Portuguese book names and
// abbreviations, with or without accents, in any case:
//   "João 3:16", "Jo 3.16", "John 3:16-18", "Sl 23", "Isaías 61.10—62.3", "1 Cor 13:4-7",
//   "Salmo 103.1-13, 22", "John 3:16,18; Rom 8:28-29", "1 Kings 19:1-4,(5-7),8-15a",
//   "Zechariah 14:(1-2)3-9", "Genesis 1-2", "Judas 3".
// A parsed `Reference` is only syntax: `validate_reference` checks it against one versification
// and rejects (never moves) anything outside it.
//
// Example:
//   auto ref = parse_reference("João 3:16-18", "pt");
//   format_reference(*ref) == "John 3:16-18";
//   validate_reference(*ref, kjv).ok() == true;
#pragma once

#include "kalendar/bible_books.hpp"
#include "kalendar/result.hpp"
#include "kalendar/versification.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

// A verse number of 0 in a parsed reference: "from the start" / "to the end" of the chapter.
// Example: "Psalm 23" parses to start {ps, 23, kWholeChapter}, end {ps, 23, kWholeChapter}.
inline constexpr int kWholeChapter = 0;

// Which part of a verse a lectionary asks for: "15a" is the first part of verse 15. The text we
// serve is always the whole verse; the part is kept so it can be shown.
// Example: parsing "Isaiah 40:1-11a" gives end_part == VersePart::a.
enum class VersePart : char { whole = 0, a = 'a', b = 'b', c = 'c' };

// One contiguous stretch of a reference, within one book. Whole chapters have verse
// kWholeChapter at both ends ("Genesis 1-2"); optional verses, written in parentheses or
// brackets, have `optional` set.
// Example: "Psalm 72:1-15(16-19)" has segments {72:1-72:15} and {72:16-72:19, optional}.
struct RefSegment {
  VerseRef start;
  VerseRef end;
  bool optional = false;
  VersePart start_part = VersePart::whole;
  VersePart end_part = VersePart::whole;

  friend bool operator==(const RefSegment&, const RefSegment&) = default;
};

// A parsed reference: a list of segments in the order written. `book` is the book of the first
// segment; a list may move on to other books ("John 3:16; Rom 8:28"), and each segment carries
// its own book in `start.book`/`end.book`.
// Example: parse_reference("Mt 5:1-12; 6:1-4")->segments.size() == 2.
struct Reference {
  BookIndex book = 0;
  std::vector<RefSegment> segments;
  std::string text;  // as written (trimmed), quoted in error messages
};

// Parse a reference. `lang` (a BCP 47 tag, only its base language is used) settles the few
// abbreviations the two languages use differently: "Jn" is John in English and Jonah in
// Portuguese. Any language other than "pt" reads as English. Errors have code
// "invalid_reference" and an English message.
// Example: parse_reference("Jn 3:16", "pt") is Jonah 3:16; parse_reference("Jn 3:16") is John.
[[nodiscard]] Result<Reference> parse_reference(std::string_view text,
                                                std::string_view lang = "en");

// The canonical display string, with book names in `lang` (Portuguese for "pt" and its regional
// tags, English for every other language); parse_reference(display, lang) gives the same
// segments back. The notation is the same in both: chapter:verse, "," between verses, ";"
// between chapters, optional verses in parentheses.
// Example: format_reference(*parse_reference("Salmo 103.1-13, 22")) == "Psalm 103:1-13, 22";
//          format_reference(*parse_reference("John 3:16; Ps 23"), "pt-BR") == "João 3:16; Salmo
//          23".
[[nodiscard]] std::string format_reference(const Reference& reference,
                                           std::string_view lang = "en");

// A reference written in `written_lang`, displayed in `display_lang`: as written when both name
// books in the same language, else with each book name replaced by its citation name in
// `display_lang`; the notation stays as written (typographic dashes and spaces made plain).
// Text that does not parse is returned as written.
// Example: display_reference("Psalm 118:14-17, 22-24", "en", "pt-BR") == "Salmo 118:14-17, 22-24";
//          display_reference("Sl 23", "pt-BR", "pt") == "Sl 23".
[[nodiscard]] std::string display_reference(std::string_view text, std::string_view written_lang,
                                            std::string_view display_lang);

// A segment made concrete against a versification: both ends are real verses.
// Example: "Psalm 23" in KJV gives VerseSpan{first {ps, 23, 1}, last {ps, 23, 6}}.
struct VerseSpan {
  VerseRef first;
  VerseRef last;
  bool optional = false;
  VersePart first_part = VersePart::whole;
  VersePart last_part = VersePart::whole;

  friend bool operator==(const VerseSpan&, const VerseSpan&) = default;
};

// Check every segment against `versification` and make whole chapters concrete. Rejects chapter
// 0, chapters or verses past the end, reversed ranges and books the system lacks, with code
// "invalid_reference" and a message such as
// "John has 21 chapters; 'João 22:1' asks for chapter 22".
// Example: validate_reference(*parse_reference("Tobit 1:1"), kjv).ok() == false.
[[nodiscard]] Result<std::vector<VerseSpan>> validate_reference(const Reference& reference,
                                                                const Versification& versification);

}  // namespace kalendar
