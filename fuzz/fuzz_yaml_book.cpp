// The YAML book loader on arbitrary text: the reader (size, depth and alias limits) and the
// whole compile of a one-book library whose calendar.yaml is the input. Problems must be
// diagnostics, never crashes, hangs or unbounded memory.
#include "source_tree.hpp"

#include "kalendar/library.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  {
    kalendar::DiagnosticList diags;
    [[maybe_unused]] const auto node = kalendar::detail::read_yaml_text(text, "fuzz.yaml", diags);
  }
  kalendar::LibrarySources sources;
  sources.book_texts["fuzz"] = {{"book.yaml",
                                 "schema: 1\ncode: fuzz\nname: Fuzz\nlang: en\ntime_zone: UTC\n"
                                 "valid_years: {from: 2000, to: 2030}\n"},
                                {"calendar.yaml", text}};
  kalendar::DiagnosticList diags;
  [[maybe_unused]] const auto library = kalendar::load_library(sources, diags);
  return 0;
}
