// Passage renderers for text_format=plain and text_format=markdown.
#include "kalendar/bible.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kalendar {
namespace {

// Verse text is literal: escape what Markdown would read as emphasis, links or code (a few WEB
// verses have brackets; we also use brackets for optional verses).
void append_markdown_literal(std::string& out, std::string_view text) {
  for (const char c : text) {
    if (c == '\\' || c == '*' || c == '_' || c == '[' || c == ']' || c == '`') out += '\\';
    out += c;
  }
}

}  // namespace

std::string render_plain(const Passage& passage) {
  std::string out;
  for (const PassageVerse& verse : passage.verses) {
    if (verse.text.empty()) continue;
    if (!out.empty()) out += ' ';
    out += verse.text;
  }
  return out;
}

std::string render_markdown(const Passage& passage) {
  std::string out;
  std::optional<VerseRef> previous;
  bool in_optional = false;
  for (const PassageVerse& verse : passage.verses) {
    if (verse.text.empty()) continue;
    if (in_optional && !verse.optional) {
      out += ']';
      in_optional = false;
    }
    if (!out.empty()) out += ' ';
    if (verse.optional && !in_optional) {
      out += '[';
      in_optional = true;
    }
    // The number alone is enough while chapter and book stay the same.
    out += "**";
    if (previous && previous->book != verse.ref.book) {
      out += citation_name(verse.ref.book, passage.language);
      out += ' ';
    }
    if (previous && (previous->book != verse.ref.book || previous->chapter != verse.ref.chapter)) {
      out += std::to_string(verse.ref.chapter);
      out += ':';
    }
    out += std::to_string(verse.ref.verse);
    out += "** ";
    append_markdown_literal(out, verse.text);
    previous = verse.ref;
  }
  if (in_optional) out += ']';
  return out;
}

}  // namespace kalendar
