// The reference parser: a hand-written scanner over one line of text.
//
//   reference := book items
//   items     := item ( (',' | ';')? item )*        ';' drops back to chapter numbers
//   item      := '(' items ')' | '[' items ']'     optional verses, not nested
//              | [book] number [part] [(':' | '.') number [part]] ['-' number [part]
//                                                                  [(':' | '.') number [part]]]
//              | number (':' | '.') '(' ...        "14:(1-2)3-9": the chapter, then the group
//   part      := 'a' | 'b' | 'c'                    directly after the digits
//
// What a lone number means depends on where it stands: a verse in single-chapter books
// ("Jude 3") and after a chapter:verse separated by ',' ("3:16, 18"); otherwise a chapter
// ("Ps 23", "Genesis 1-2", "Mt 5:1-12; 6").
#include "book_aliases.hpp"
#include "text_fold.hpp"

#include "kalendar/bible_reference.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace kalendar {
namespace {

using bible_detail::NameLanguage;

constexpr std::size_t kMaxSegments = 100;
constexpr std::size_t kMaxDigits = 3;  // no book has 1000 chapters or a chapter 1000 verses
// The display of any accepted reference, in English or Portuguese, must parse again (clients
// echo it back), so the byte limit covers the longest display the segment limit allows: 100
// segments that each name a book ("; (Cântico dos Cânticos 999:999a-999:999b)", at most 48
// bytes). A 482-byte input once displayed as 700 bytes and was refused on the way back (fuzz
// corpus: reference/display-longer-than-input); abbreviated books ("Bel 1; Sus 1; ...") grow
// more than that.
constexpr std::size_t kMaxReferenceBytes = 4800;

// Typographic dashes and spaces read as '-' and ' ' (Isaías 61.10—62.3, "João 3:16").
constexpr std::array<std::pair<std::string_view, char>, 12> kLookalikes = {{
    {"\xE2\x80\x90", '-'},  // U+2010 hyphen
    {"\xE2\x80\x91", '-'},  // U+2011 non-breaking hyphen
    {"\xE2\x80\x92", '-'},  // U+2012 figure dash
    {"\xE2\x80\x93", '-'},  // U+2013 en dash
    {"\xE2\x80\x94", '-'},  // U+2014 em dash
    {"\xE2\x80\x95", '-'},  // U+2015 horizontal bar
    {"\xE2\x88\x92", '-'},  // U+2212 minus sign
    {"\xC2\xA0", ' '},      // U+00A0 no-break space
    {"\xE2\x80\x87", ' '},  // U+2007 figure space
    {"\xE2\x80\x89", ' '},  // U+2009 thin space
    {"\xE2\x80\xAF", ' '},  // U+202F narrow no-break space
    {"\t", ' '},
}};

std::string replace_lookalikes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [from, to] : kLookalikes) {
      if (text.substr(i, from.size()) == from) {
        out += to;
        i += from.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Letters for book names: ASCII, or any multi-byte UTF-8 character (accented letters).
bool is_name_letter(char c) { return is_ascii_letter(c) || static_cast<unsigned char>(c) >= 0x80U; }

class Parser {
 public:
  Parser(std::string_view original, NameLanguage language)
      : original_(trim(original)), text_(replace_lookalikes(original_)), language_(language) {
    text_ = std::string(trim(text_));
  }

  Result<Reference> parse() {
    if (text_.empty()) return fail("a reference is empty");
    if (!bible_detail::is_valid_utf8(original_)) return fail("a reference is not valid UTF-8");
    if (original_.size() > kMaxReferenceBytes) {
      return fail("a reference is longer than " + std::to_string(kMaxReferenceBytes) + " bytes");
    }
    if (auto error = read_book()) return *error;
    reference_.book = book_;
    if (auto error = read_items()) return *error;
    reference_.text = std::string(original_);
    return std::move(reference_);
  }

  // Where the text names a book: a span of `plain_text()`.
  struct BookName {
    std::size_t offset = 0;
    std::size_t length = 0;
    BookIndex book = 0;
  };
  // After a successful parse: the text with typographic dashes and spaces made plain, and each
  // book name in it, in order.
  [[nodiscard]] const std::string& plain_text() const { return text_; }
  [[nodiscard]] const std::vector<BookName>& book_names() const { return book_names_; }

 private:
  // --- errors -------------------------------------------------------------------------------
  [[nodiscard]] Error fail(std::string message) const {
    return Error{"invalid_reference", std::move(message)};
  }
  [[nodiscard]] Error fail_quoting(std::string_view what) const {
    return fail("'" + std::string(original_) + "' " + std::string(what));
  }
  [[nodiscard]] Error fail_here(std::string_view expected) const {
    const std::string found = at_end() ? std::string("the end") : "'" + character_here() + "'";
    return fail_quoting(std::string("has ") + found + " where " + std::string(expected) +
                        " was expected");
  }

  // --- scanning -------------------------------------------------------------------------------
  // The whole UTF-8 character at the cursor (the text is valid UTF-8), for messages.
  [[nodiscard]] std::string character_here() const {
    const auto lead = static_cast<unsigned char>(peek());
    const std::size_t length = lead < 0xC0U ? 1 : lead < 0xE0U ? 2 : lead < 0xF0U ? 3 : 4;
    return text_.substr(pos_, length);
  }
  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  void skip_spaces() {
    while (!at_end() && peek() == ' ') ++pos_;
  }
  [[nodiscard]] bool at_separator_between_numbers() const { return peek() == ':' || peek() == '.'; }
  [[nodiscard]] bool at_open() const { return peek() == '(' || peek() == '['; }
  [[nodiscard]] bool at_close() const { return peek() == ')' || peek() == ']'; }

  // A book name starts here: a letter, or digits followed by a word ("1 Cor", "3 João"), but not
  // a verse with its part ("15a").
  [[nodiscard]] bool at_book_name() const {
    std::size_t i = pos_;
    while (i < text_.size() && is_digit(text_[i])) ++i;
    if (i == pos_) return is_name_letter(peek());
    while (i < text_.size() && (text_[i] == ' ' || text_[i] == '.')) ++i;
    return i + 1 < text_.size() && is_name_letter(text_[i]) && is_name_letter(text_[i + 1]);
  }

  // --- grammar --------------------------------------------------------------------------------
  std::optional<Error> read_book() {
    const std::size_t start = pos_;
    bool seen_letter = false;
    while (!at_end()) {
      const char c = peek();
      if (c == ':' || c == ',' || c == ';' || c == '-' || at_open() || at_close()) break;
      if (is_digit(c) && seen_letter) break;
      if (is_name_letter(c)) seen_letter = true;
      ++pos_;
    }
    const std::string_view name = trim(std::string_view(text_).substr(start, pos_ - start));
    if (!seen_letter) return fail_quoting("has no book name");
    const std::optional<BookIndex> book = bible_detail::find_book_by_name(name, language_);
    if (!book)
      return fail("unknown book '" + std::string(name) + "' in '" + std::string(original_) + "'");
    book_ = *book;
    book_names_.push_back(
        {static_cast<std::size_t>(name.data() - text_.data()), name.size(), *book});
    chapter_ = book_info(book_).single_chapter ? 1 : 0;
    if (at_end()) return fail_quoting("has no chapter or verse");
    return std::nullopt;
  }

  std::optional<Error> read_items() {
    bool need_item = true;  // at the start and after a separator
    bool optional_open = false;
    char close_with = ')';
    while (true) {
      skip_spaces();
      if (at_open()) {
        if (optional_open) return fail_quoting("has parentheses inside parentheses");
        close_with = peek() == '(' ? ')' : ']';
        optional_open = true;
        ++pos_;
        need_item = true;
        continue;
      }
      if (at_end()) {
        if (need_item) return fail_here("a chapter or verse");
        if (optional_open) return fail_quoting(std::string("has no closing '") + close_with + "'");
        return std::nullopt;
      }
      if (need_item || is_digit(peek())) {
        if (!need_item && !just_closed_) return fail_here("',' or ';'");
        if (at_book_name()) {
          if (auto error = read_book()) return *error;
          skip_spaces();
        }
        if (auto error = read_item(optional_open)) return *error;
        if (reference_.segments.size() > kMaxSegments) return fail_quoting("has too many parts");
        need_item = false;
        just_closed_ = false;
        continue;
      }
      if (at_close()) {
        if (!optional_open) {
          return fail_quoting("has '" + character_here() + "' without an opening bracket");
        }
        if (peek() != close_with) {
          return fail_quoting(std::string("has '") + peek() + "' where '" + close_with +
                              "' was expected");
        }
        optional_open = false;
        just_closed_ = true;  // "14:(1-2)3-9": a number may follow directly
        ++pos_;
        continue;
      }
      if (peek() == ',' || peek() == ';') {
        if (peek() == ';' && !book_info(book_).single_chapter) chapter_ = 0;
        ++pos_;
        need_item = true;
        just_closed_ = false;
        continue;
      }
      if (peek() == '.' && pos_ + 1 == text_.size()) {  // "John 3:16." ends a sentence
        ++pos_;
        continue;
      }
      return fail_here("',' or ';'");
    }
  }

  // One number with an optional part letter; `what` names it in errors ("verse").
  std::optional<Error> read_number(std::string_view what, int& number, VersePart& part) {
    skip_spaces();
    const std::size_t start = pos_;
    while (!at_end() && is_digit(peek())) ++pos_;
    if (pos_ == start) return fail_here(what);
    if (pos_ - start > kMaxDigits) return fail_quoting("has a number that is too large");
    number = 0;
    for (std::size_t i = start; i < pos_; ++i) number = number * 10 + (text_[i] - '0');
    if (number == 0) return fail_quoting("has a 0; chapters and verses start at 1");
    part = VersePart::whole;
    const char c = peek();
    if ((c == 'a' || c == 'b' || c == 'c') && !is_name_letter(peek(1))) {
      part = static_cast<VersePart>(c);
      ++pos_;
    }
    return std::nullopt;
  }

  std::optional<Error> read_item(bool optional) {
    int first = 0;
    VersePart first_part = VersePart::whole;
    if (auto error = read_number("a chapter or verse", first, first_part)) return *error;
    skip_spaces();
    RefSegment segment;
    segment.optional = optional;
    bool verse_level = true;
    if (at_separator_between_numbers()) {  // "3:16"
      if (first_part != VersePart::whole) return fail_quoting("has a part letter on a chapter");
      ++pos_;
      skip_spaces();
      if (at_open()) {  // "14:(1-2)": the chapter for the group that follows
        chapter_ = first;
        return std::nullopt;
      }
      int verse = 0;
      if (auto error = read_number("a verse", verse, segment.start_part)) return *error;
      segment.start = {book_, first, verse};
      chapter_ = first;
    } else if (chapter_ != 0) {  // a verse of the current chapter: "3:16, 18", "Jude 3"
      segment.start = {book_, chapter_, first};
      segment.start_part = first_part;
    } else {  // a whole chapter: "Ps 23"
      if (first_part != VersePart::whole) return fail_quoting("has a part letter on a chapter");
      segment.start = {book_, first, kWholeChapter};
      verse_level = false;
    }
    segment.end = segment.start;
    segment.end_part = segment.start_part;
    skip_spaces();
    if (peek() == '-') {
      ++pos_;
      if (auto error = read_range_end(segment, verse_level)) return *error;
    }
    reference_.segments.push_back(segment);
    return std::nullopt;
  }

  std::optional<Error> read_range_end(RefSegment& segment, bool verse_level) {
    int number = 0;
    VersePart part = VersePart::whole;
    if (auto error = read_number("a chapter or verse after '-'", number, part)) return *error;
    skip_spaces();
    if (at_separator_between_numbers()) {  // "61:10-62:3", "Genesis 1-2:3"
      if (part != VersePart::whole) return fail_quoting("has a part letter on a chapter");
      ++pos_;
      int verse = 0;
      if (auto error = read_number("a verse", verse, segment.end_part)) return *error;
      if (!verse_level) segment.start.verse = 1;
      segment.end = {book_, number, verse};
      chapter_ = number;
    } else if (verse_level) {  // "3:16-18"
      segment.end = {book_, segment.start.chapter, number};
      segment.end_part = part;
    } else {  // "Genesis 1-2"
      if (part != VersePart::whole) return fail_quoting("has a part letter on a chapter");
      segment.end = {book_, number, kWholeChapter};
    }
    return std::nullopt;
  }

  std::string_view original_;
  std::string text_;
  NameLanguage language_;
  std::size_t pos_ = 0;
  BookIndex book_ = 0;
  int chapter_ = 0;  // the chapter lone numbers belong to; 0: lone numbers are chapters
  bool just_closed_ = false;
  Reference reference_;
  std::vector<BookName> book_names_;
};

NameLanguage language_of(std::string_view tag) {
  return portuguese_names(tag) ? NameLanguage::portuguese : NameLanguage::english;
}

}  // namespace

Result<Reference> parse_reference(std::string_view text, std::string_view lang) {
  return Parser(text, language_of(lang)).parse();
}

std::string display_reference(std::string_view text, std::string_view written_lang,
                              std::string_view display_lang) {
  if (portuguese_names(written_lang) == portuguese_names(display_lang)) return std::string(text);
  Parser parser(text, language_of(written_lang));
  if (!parser.parse()) return std::string(text);
  // Only the names change: the book's notation ("20:1-10(11-18)") is kept as printed.
  const std::string& plain = parser.plain_text();
  std::string out;
  std::size_t at = 0;
  for (const auto& name : parser.book_names()) {
    out.append(plain, at, name.offset - at);
    out += citation_name(name.book, display_lang);
    at = name.offset + name.length;
  }
  out.append(plain, at);
  return out;
}

}  // namespace kalendar
