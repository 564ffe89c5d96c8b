// Bible references: parsing never crashes, and an accepted reference's canonical display parses
// again to the same display (issue 10 found "Hb8(Re2)" -> "Hebrews 8; Revelation (2)", refused).
#include "kalendar/bible_reference.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 512) return 0;
  // The first byte chooses the language, the rest is the reference.
  const std::string_view lang = (data[0] & 1U) != 0 ? "pt" : "en";
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto parsed = kalendar::parse_reference(text, lang);
  if (!parsed) return 0;
  const std::string display = kalendar::format_reference(*parsed);
  const auto again = kalendar::parse_reference(display, "en");
  if (!again || kalendar::format_reference(*again) != display) {
    std::fprintf(stderr, "round trip broken: '%s' -> '%s'\n", text.c_str(), display.c_str());
    std::abort();
  }
  // The same in Portuguese names, and a translated book's display (names replaced in place).
  const std::string shown = kalendar::format_reference(*parsed, "pt-BR");
  const auto shown_again = kalendar::parse_reference(shown, "pt-BR");
  if (!shown_again || shown_again->segments != parsed->segments) {
    std::fprintf(stderr, "Portuguese round trip broken: '%s' -> '%s'\n", text.c_str(),
                 shown.c_str());
    std::abort();
  }
  const std::string other = lang == "pt" ? "en" : "pt-BR";
  const std::string translated = kalendar::display_reference(text, lang, other);
  const auto translated_again = kalendar::parse_reference(translated, other);
  if (!translated_again || translated_again->segments != parsed->segments) {
    std::fprintf(stderr, "translated display broken: '%s' -> '%s'\n", text.c_str(),
                 translated.c_str());
    std::abort();
  }
  return 0;
}
