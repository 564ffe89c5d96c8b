#include "text_cleanup.hpp"

#include "text_fold.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace kalendar::bible_detail {
namespace {

// Markers left by the first pass, resolved by the second. Control bytes never survive in text
// (the first pass turns any other control byte into a space), so they cannot collide.
// A soft break is where a note or a quotation tag was: it stands for a space only between a
// non-space and the start of a word. WEB glues words there ("God<note/>created",
// "righteousness.”</q><w>Then"); elsewhere ("evil spirit<note/>; because") it stands for nothing.
constexpr char kSoftBreak = '\x01';
constexpr char kBreakMarker = '\x02';
constexpr std::string_view kPilcrow = "\xC2\xB6";         // ¶: a paragraph sign, not text
constexpr std::string_view kRightQuote = "\xE2\x80\x99";  // ’, also the apostrophe

// “ ‘ « : a note right before one of these stood for a space.
constexpr std::array<std::string_view, 3> kOpeningQuotes = {"\xE2\x80\x9C", "\xE2\x80\x98",
                                                            "\xC2\xAB"};

// Tags that separate words: poetry lines, paragraphs, divisions. They become a space.
constexpr std::array<std::string_view, 12> kBlockTags = {
    "l", "lb", "lg", "p", "div", "br", "milestone", "chapter", "verse", "list", "item", "row"};

bool is_block_tag(std::string_view name) {
  for (const auto block : kBlockTags) {
    if (name == block) return true;
  }
  return false;
}

// The XML entities plus &nbsp;, which some modules use (read as a plain space).
constexpr std::array<std::pair<std::string_view, char>, 6> kNamedEntities = {
    {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", ' '}}};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A word starts here: a letter or digit, or an opening quote or bracket ("said,<note/>“A forest"
// needs its space back). Letters: ASCII, the two-byte ranges (Latin-1, Latin Extended, Greek,
// Cyrillic, Hebrew) and three-byte characters outside U+2000..U+2FFF, where punctuation lives.
bool starts_word(std::string_view text, std::size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  if (b < 0x80U) {
    return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '(' ||
           b == '[' || b == '{';
  }
  for (const auto opening : kOpeningQuotes) {
    if (text.substr(i, opening.size()) == opening) return true;
  }
  return (b >= 0xC3U && b <= 0xDFU) || (b >= 0xE3U && b <= 0xEFU);
}

// The tag's name: "<w lemma=..>" -> "w", "</note>" -> "note", "<lb/>" -> "lb".
std::string_view tag_name(std::string_view tag) {
  std::size_t begin = 1;
  if (begin < tag.size() && tag[begin] == '/') ++begin;
  std::size_t end = begin;
  while (end < tag.size() && tag[end] != ' ' && tag[end] != '/' && tag[end] != '>' &&
         !is_space(tag[end])) {
    ++end;
  }
  return tag.substr(begin, end - begin);
}

// Decode the entity at `text[i] == '&'`; returns the bytes consumed (0: not an entity we know,
// the '&' is then kept as text).
std::size_t decode_entity(std::string_view text, std::size_t i, std::string& out) {
  const std::size_t semicolon = text.find(';', i);
  if (semicolon == std::string_view::npos || semicolon - i > 10) return 0;
  const std::string_view name = text.substr(i + 1, semicolon - i - 1);
  const std::size_t consumed = semicolon - i + 1;
  for (const auto& [entity, text_of_entity] : kNamedEntities) {
    if (name == entity) {
      out += text_of_entity;
      return consumed;
    }
  }
  if (name.size() >= 2 && name[0] == '#') {
    const bool hex = name[1] == 'x' || name[1] == 'X';
    const std::string_view digits = name.substr(hex ? 2 : 1);
    std::uint32_t cp = 0;
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
    if (ec != std::errc{} || end != digits.data() + digits.size() || digits.empty()) return 0;
    append_utf8(out, static_cast<char32_t>(cp));
    return consumed;
  }
  return 0;
}

// First pass: tags and entities out, markers in.
std::string strip_markup(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  // Inside <divineName> letters are capitals ("LORD"), up to an apostrophe ("LORD’s"), as SWORD.
  bool in_divine_name = false;
  std::size_t i = 0;
  while (i < raw.size()) {
    const char c = raw[i];
    if (c == '<') {
      const std::size_t close = raw.find('>', i);
      if (close == std::string_view::npos) break;  // a torn tag: drop the rest
      const std::string_view tag = raw.substr(i, close - i + 1);
      const std::string_view name = tag_name(tag);
      const bool opening = tag[1] != '/' && tag[tag.size() - 2] != '/';
      i = close + 1;
      if (opening && (name == "note" || name == "title" || name == "speaker")) {
        // Skip the content too: footnotes, headings and speaker labels are not verse text.
        const std::string end_tag = "</" + std::string(name) + ">";
        const std::size_t end = raw.find(end_tag, i);
        i = end == std::string_view::npos ? raw.size() : end + end_tag.size();
        out += name == "note" ? kSoftBreak : kBreakMarker;
      } else if (name == "q") {
        out += kSoftBreak;
      } else if (is_block_tag(name)) {
        out += kBreakMarker;
      } else if (name == "divineName") {
        in_divine_name = opening;
      }
      continue;
    }
    if (c == '&') {
      const std::size_t consumed = decode_entity(raw, i, out);
      if (consumed > 0) {
        i += consumed;
        continue;
      }
    }
    if (in_divine_name && (c == '\'' || raw.substr(i, kRightQuote.size()) == kRightQuote)) {
      in_divine_name = false;
    }
    if (static_cast<unsigned char>(c) < 0x20U) {
      out += ' ';
    } else {
      out += in_divine_name && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    }
    ++i;
  }
  return out;
}

// Second pass: markers, pilcrows and whitespace runs resolved into single spaces.
std::string collapse(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_space(c) || c == kBreakMarker) {
      pending_space = true;
      continue;
    }
    if (text.substr(i, kPilcrow.size()) == kPilcrow) {
      pending_space = true;
      i += kPilcrow.size() - 1;
      continue;
    }
    if (c == kSoftBreak) {
      // "conceived,<note/>and" needs a space too: what follows is a letter.
      std::size_t next = i + 1;
      while (next < text.size() && text[next] == kSoftBreak) ++next;
      if (!out.empty() && next < text.size() && starts_word(text, next)) {
        pending_space = true;
      }
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

}  // namespace

std::string clean_osis_verse(std::string_view raw) { return collapse(strip_markup(raw)); }

std::string clean_plain_verse(std::string_view text) {
  std::string without_controls(text);
  for (char& c : without_controls) {
    if (static_cast<unsigned char>(c) < 0x20U) c = ' ';
  }
  return collapse(without_controls);
}

}  // namespace kalendar::bible_detail

namespace kalendar::bible_detail {

std::string clean_conf_text(std::string_view text) {
  const auto is_lower = [](char c) { return c >= 'a' && c <= 'z'; };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char next = text[i + 1];
    if (next == '\\' || next == '{' || next == '}') {  // escaped literal
      out += next;
      ++i;
      continue;
    }
    if (!is_lower(next)) {
      out += text[i];
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && is_lower(text[end])) ++end;
    const std::string_view word = text.substr(i + 1, end - i - 1);
    const std::size_t number_start = end;
    if (end < text.size() && text[end] == '-') ++end;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    int number = 0;
    std::from_chars(text.data() + number_start, text.data() + end, number);
    if (end < text.size() && text[end] == ' ') ++end;  // the delimiter belongs to the word
    if (word == "par" || word == "line") {
      out += ' ';
    } else if (word == "u" && end > number_start) {
      // RTF writes code points above 32767 as negative numbers, and a fallback character after.
      append_utf8(out, static_cast<char32_t>(number < 0 ? number + 65536 : number));
      if (end < text.size() && text[end] == '?') ++end;
    }
    i = end - 1;
  }
  return clean_plain_verse(out);
}

}  // namespace kalendar::bible_detail
