// Every Bible reference of every shipped book's lectionary tables is real: it parses with our own
// parser in the book's language and lies inside the KJV versification. Every option is checked
// (default and alternatives, short forms, both tracks) in every row, column and table. Books of
// the deuterocanon (Sirach, Wisdom, Baruch...), which the KJV versification lacks, are checked
// against NRSVA instead. A failure names the book file and line of the reading.
//
// One documented exception: BCP 2019 (loc_2019_en) prints psalm verses in the numbering of its
// own Psalter (the Coverdale tradition, as in BCP 1979), which runs longer than the KJV in some
// psalms ("Psalm 78:41-73": KJV Psalm 78 has 72 verses); so do LOC 1987 (the Portuguese 1979
// book) and the daily office tables of LOC 2021 and LOCb 2008 (the 1979 two-year table, "Salmo
// 37:19-42"). Those printed references are listed in kPsalterNumbering, for psalm slots only; each
// must still be outside the KJV, so the list shrinks when a book or the versification changes.
// Whether to convert them to the Bible's numbering or to add a psalter versification is an open
// decision.
#include "shipped_library.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/bible_reference.hpp"
#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace kalendar {
namespace {

using testing_books::shipped_library;

const Versification& kjv() {
  static const Versification v = builtin_versification("KJV").value();
  return v;
}
const Versification& nrsva() {
  static const Versification v = builtin_versification("NRSVA").value();
  return v;
}

// KJV, unless a segment names a book the KJV versification does not have (the deuterocanon):
// then NRSVA, which has them.
const Versification& versification_for(const Reference& ref) {
  const bool outside_kjv = std::any_of(ref.segments.begin(), ref.segments.end(), [](const auto& s) {
    return !kjv().contains(s.start.book) || !kjv().contains(s.end.book);
  });
  return outside_kjv ? nrsva() : kjv();
}

// "" when the reference is good, else why not.
std::string problem(const std::string& text, const std::string& lang) {
  auto ref = parse_reference(text, lang);
  if (!ref.ok()) return ref.error().message;
  const Versification& v = versification_for(*ref);
  auto spans = validate_reference(*ref, v);
  if (!spans.ok()) return spans.error().message + " (" + v.name() + ")";
  return "";
}

struct PsalterException {
  const char* book;
  const char* reference;
};
// clang-format off
constexpr PsalterException kPsalterNumbering[] = {
    {"loc_2019_en", "Psalm 7:1-11(12-18)"},   {"loc_2019_en", "Psalm 16:6-12"},
    {"loc_2019_en", "Psalm 18:21-52"},        {"loc_2019_en", "Psalm 27:9-17"},
    {"loc_2019_en", "Psalm 31:1-6(7-27)"},    {"loc_2019_en", "Psalm 31:18-27"},
    {"loc_2019_en", "Psalm 32:1-6(7-12)"},    {"loc_2019_en", "Psalm 37:18-41"},
    {"loc_2019_en", "Psalm 42:1-7(8-15)"},    {"loc_2019_en", "Psalm 49:1-12(13-21)"},
    {"loc_2019_en", "Psalm 63:1-9(10-12)"},   {"loc_2019_en", "Psalm 68:19-36"},
    {"loc_2019_en", "Psalm 69:19-37"},        {"loc_2019_en", "Psalm 78:41-73"},
    {"loc_2019_en", "Psalm 132:(1-7) 8-19"},
    // Common Worship prints its own Psalter's numbering in the rows that are its own.
    {"cw_2000_en", "Psalm 104:26-36, 37b"},   {"cw_2000_en", "Psalm 147:13-21"},
    {"cw_2000_en", "Psalm 147:1-12, 21c"},    {"cw_2000_en", "Psalm 37:1-11, 40-41"},
    // LOC 2021's two-year office table prints the BCP 1979 Psalter's numbering.
    {"loc_2021", "Salmo 20; 21:1-7, (8-14)"},
    {"loc_2021", "Salmo 37:19-42"},
    {"loc_2021", "Salmo 40:1-14, (15-19); 54"},
    {"loc_2021", "Salmo 51:1-18, (19-20)"},
    {"loc_2021", "Salmo 68:1-20, (21-23), 24-36"},
    {"loc_2021", "Salmo 69:1-23, (24-30), 31-38"},
    {"loc_2021", "Salmo 95; 69:1-23, (24-30), 31-38"},
    // LOCb 2008 prints its daily office psalms in the BCP 1979 Psalter's numbering.
    {"locb_2008", "Salmo 20; 21:1-7(8-14)"},         {"locb_2008", "Salmo 20; 21:1-7 (8-14)"},
    {"locb_2008", "Salmo 37:19-42"},                 {"locb_2008", "Salmo 40:1-14(15-19); 54"},
    {"locb_2008", "Salmo 51:1-18(19-20)"},           {"locb_2008", "Salmo 68:1-20(21-23)24-36"},
    {"locb_2008", "Salmo 69:1-23(24-30)31-38"},      {"locb_2008", "Salmo 69:1-23[24-30]31-38"},
    {"locb_2008", "Salmo 95; 69:1-23(24-30)31-38"},
    // loc_1987 prints the BCP 1979 Psalter's numbering too (its Portuguese translation).
    {"loc_1987", "Salmo 27:10-18"},           {"loc_1987", "Salmo 30:1-6, 12-13"},
    {"loc_1987", "Salmo 37:19-42"},           {"loc_1987", "Salmo 40:1-14(15-19)"},
    {"loc_1987", "Salmo 51:1-18(19-20)"},     {"loc_1987", "Salmo 62:6-14"},
    {"loc_1987", "Salmo 65:9-14"},            {"loc_1987", "Salmo 68:1-20(21-23)24-36"},
    {"loc_1987", "Salmo 69:1-23(24-30)31-38"}, {"loc_1987", "Salmo 85:7-15"},
    {"loc_1987", "Salmo 98:5-10"},            {"loc_1987", "Salmo 104:25-37"},
    {"loc_1987", "Salmo 147:13-21"},
};
// clang-format on

bool psalter_numbering(const std::string& book, const std::string& text) {
  return std::any_of(
      std::begin(kPsalterNumbering), std::end(kPsalterNumbering),
      [&](const PsalterException& e) { return book == e.book && text == e.reference; });
}

std::string where(const SourceLoc& loc) {
  return loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

TEST(References, EveryLectionaryReferenceParsesAndValidates) {
  const auto lib = shipped_library();
  ASSERT_NE(lib, nullptr);
  std::size_t checked = 0;
  for (const auto& book : lib->books()) {
    // A translation changes names only: its readings are its base book's, checked there.
    if (book->kind == "translation") continue;
    for (const LectionaryTable& table : book->lectionaries) {
      for (const LectionaryRow& row : table.rows) {
        for (const SlotEntry& entry : row.slots) {
          const std::string slot(kSlotSlugs[static_cast<std::size_t>(entry.slot)]);
          for (const auto* options :
               {&entry.options, &entry.semicontinuous, &entry.complementary}) {
            for (const ReadingOption& o : *options) {
              for (const std::string* text : {&o.reference, &o.short_reference}) {
                if (text->empty()) continue;
                ++checked;
                const std::string why = problem(*text, book->lang);
                if (!why.empty() && entry.slot == Slot::psalm &&
                    psalter_numbering(book->code, *text)) {
                  continue;  // printed in the book's psalter numbering (see the top of the file)
                }
                if (!why.empty()) {
                  ADD_FAILURE() << where(o.loc) << ": " << book->code << " " << table.key << " "
                                << row.key << "/" << row.cycle << " " << slot << ": '" << *text
                                << "': " << why;
                }
              }
            }
          }
        }
      }
    }
  }
  // Both shipped books carry their lectionaries: thousands of references, not a handful.
  EXPECT_GT(checked, 5000u);
}

// Every listed psalter exception is still a reference the KJV cannot hold (else drop it), and
// parses: the exception covers the verse numbering only, never a malformed reference.
TEST(References, PsalterNumberingExceptionsAreStillNeeded) {
  const auto lib = shipped_library();
  ASSERT_NE(lib, nullptr);
  for (const PsalterException& e : kPsalterNumbering) {
    const auto* book = lib->find(e.book);
    ASSERT_NE(book, nullptr) << e.book;
    auto ref = parse_reference(e.reference, book->lang);
    ASSERT_TRUE(ref.ok()) << e.reference;
    EXPECT_FALSE(validate_reference(*ref, kjv()).ok()) << e.reference << " now fits the KJV";
  }
}

// The helper itself: a good reference passes, a bad one is caught, the deuterocanon uses NRSVA.
TEST(References, HelperCatchesBadReferences) {
  EXPECT_EQ(problem("Isaías 35:1-10", "pt-BR"), "");
  EXPECT_EQ(problem("Eclesiástico 27:4-7", "pt-BR"), "");
  EXPECT_EQ(problem("Wisdom 3:1-9", "en"), "");
  EXPECT_NE(problem("João 22:1", "pt-BR"), "");
  EXPECT_NE(problem("2 Pedro 3:11-8", "pt-BR"), "");
  EXPECT_NE(problem("John 1:29-end", "en"), "");
  EXPECT_NE(problem("Salmo 42 and 43", "pt-BR"), "");
}

}  // namespace
}  // namespace kalendar
