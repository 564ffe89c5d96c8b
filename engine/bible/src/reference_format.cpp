// Canonical display of a parsed reference, and its validation against a versification.
#include "kalendar/bible_reference.hpp"

#include <string>
#include <tuple>

namespace kalendar {
namespace {

void append_verse(std::string& out, int verse, VersePart part) {
  out += std::to_string(verse);
  if (part != VersePart::whole) out += static_cast<char>(part);
}

void append_chapter_verse(std::string& out, int chapter, int verse, VersePart part) {
  out += std::to_string(chapter);
  out += ':';
  append_verse(out, verse, part);
}

std::string plural(int count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

// Orders (chapter, verse, part) so that 16a < 16b < 17; a whole verse sorts with either part.
bool comes_after(VerseRef a, VersePart a_part, VerseRef b, VersePart b_part) {
  if (std::tie(a.chapter, a.verse) != std::tie(b.chapter, b.verse)) {
    return std::tie(a.chapter, a.verse) > std::tie(b.chapter, b.verse);
  }
  return a_part != VersePart::whole && b_part != VersePart::whole && a_part > b_part;
}

class Validator {
 public:
  Validator(const Reference& reference, const Versification& versification)
      : reference_(reference), versification_(versification) {}

  Result<std::vector<VerseSpan>> run() const {
    std::vector<VerseSpan> spans;
    spans.reserve(reference_.segments.size());
    for (const RefSegment& segment : reference_.segments) {
      auto span = check(segment);
      if (!span) return span.error();
      spans.push_back(span.value());
    }
    if (spans.empty()) return fail("'" + quoted() + "' names no verses");
    return spans;
  }

 private:
  [[nodiscard]] static Error fail(std::string message) {
    return Error{"invalid_reference", std::move(message)};
  }
  [[nodiscard]] std::string quoted() const {
    return reference_.text.empty() ? format_reference(reference_) : reference_.text;
  }
  [[nodiscard]] std::string asks_for(std::string_view what, int number) const {
    return "; '" + quoted() + "' asks for " + std::string(what) + " " + std::to_string(number);
  }

  [[nodiscard]] Result<VerseSpan> check(const RefSegment& segment) const {
    const BookIndex book = segment.start.book;
    if (book < 0 || book >= bible_book_count() || segment.end.book != book) {
      return fail("'" + quoted() + "' runs from one book into another");
    }
    const std::string name(book_info(book).name_en);
    if (!versification_.contains(book)) {
      return fail(name + " is not in the " + versification_.name() + " versification; '" +
                  quoted() + "' cannot be read in it");
    }
    const int chapters = versification_.chapter_count(book);
    for (const int chapter : {segment.start.chapter, segment.end.chapter}) {
      if (chapter < 1) return fail("chapters start at 1" + asks_for("chapter", chapter));
      if (chapter > chapters)
        return fail(name + " has " + plural(chapters, "chapter") + asks_for("chapter", chapter));
    }
    VerseSpan span{segment.start, segment.end, segment.optional, segment.start_part,
                   segment.end_part};
    if (span.first.verse == kWholeChapter) span.first.verse = 1;
    if (span.last.verse == kWholeChapter) {
      span.last.verse = versification_.verse_count(book, span.last.chapter);
    }
    for (const VerseRef& verse : {span.first, span.last}) {
      const int verses = versification_.verse_count(book, verse.chapter);
      if (verse.verse < 1) return fail("verses start at 1" + asks_for("verse", verse.verse));
      if (verse.verse > verses) {
        const std::string where = chapters == 1 ? name : name + " " + std::to_string(verse.chapter);
        return fail(where + " has " + plural(verses, "verse") + asks_for("verse", verse.verse));
      }
    }
    if (comes_after(span.first, span.first_part, span.last, span.last_part)) {
      std::string first;
      std::string last;
      append_chapter_verse(first, span.first.chapter, span.first.verse, span.first_part);
      append_chapter_verse(last, span.last.chapter, span.last.verse, span.last_part);
      return fail("'" + quoted() + "' runs backwards: " + first + " comes after " + last);
    }
    return span;
  }

  const Reference& reference_;
  const Versification& versification_;
};

}  // namespace

std::string format_reference(const Reference& reference, std::string_view lang) {
  std::string out;
  BookIndex book = -1;
  int chapter = -1;       // the chapter a verse-only continuation would belong to; -1: none
  bool in_group = false;  // inside "(...)" of optional verses
  for (const RefSegment& segment : reference.segments) {
    const bool whole = segment.start.verse == kWholeChapter;
    const bool new_book = segment.start.book != book;
    const bool write_chapter = new_book || whole || segment.start.chapter != chapter;
    if (in_group && (!segment.optional || write_chapter)) {
      out += ')';
      in_group = false;
    }
    const bool open_group = segment.optional && !in_group;
    // An optional whole chapter of a second book opens its group before the name:
    // "Hebrews 8; Revelation (2)" would not parse again, "Hebrews 8; (Revelation 2)" does.
    const bool group_before_name = new_book && whole && open_group && !out.empty();
    if (new_book) {
      if (!out.empty()) out += "; ";
      if (group_before_name) out += '(';
      const bool known = segment.start.book >= 0 && segment.start.book < bible_book_count();
      out += known ? citation_name(segment.start.book, lang) : std::string_view("?");  // hand-built
      out += ' ';
    } else {
      out += write_chapter ? "; " : ", ";
    }
    if (whole) {
      if (open_group && !group_before_name) out += '(';
      out += std::to_string(segment.start.chapter);
    } else if (write_chapter) {
      out += std::to_string(segment.start.chapter);
      out += open_group ? ":(" : ":";
      append_verse(out, segment.start.verse, segment.start_part);
    } else {
      if (open_group) out += '(';
      append_verse(out, segment.start.verse, segment.start_part);
    }
    in_group = in_group || open_group;
    if (segment.end != segment.start || segment.end_part != segment.start_part) {
      out += '-';
      if (segment.end.verse == kWholeChapter) {
        out += std::to_string(segment.end.chapter);
      } else if (whole || segment.end.chapter != segment.start.chapter) {
        append_chapter_verse(out, segment.end.chapter, segment.end.verse, segment.end_part);
      } else {
        append_verse(out, segment.end.verse, segment.end_part);
      }
    }
    book = segment.start.book;
    chapter = segment.end.verse == kWholeChapter ? -1 : segment.end.chapter;
  }
  if (in_group) out += ')';
  return out;
}

Result<std::vector<VerseSpan>> validate_reference(const Reference& reference,
                                                  const Versification& versification) {
  return Validator(reference, versification).run();
}

}  // namespace kalendar
