// Validation against a versification: rejects, never moves. The first cases are the ones SWORD
// silently rewrites (dependencies.md §4: John 99:1 -> Gal 5:1, John 3:99 -> John 5:9,
// 3 John 1:15 -> Jude 1:1, Tobit 1:1 in KJV -> Rev 1:1).
#include "kalendar/bible.hpp"
#include "kalendar/bible_reference.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace kalendar {
namespace {

const Versification& kjv() {
  static const Versification v = builtin_versification("KJV").value();
  return v;
}
const Versification& nrsva() {
  static const Versification v = builtin_versification("NRSVA").value();
  return v;
}

struct Case {
  std::string_view input;
  const Versification& (*versification)();
  std::string_view message;  // empty: must be accepted; else the whole expected message
};

// clang-format off
const Case kCases[] = {
    // What SWORD would silently move
    {"John 99:1", kjv, "John has 21 chapters; 'John 99:1' asks for chapter 99"},
    {"John 3:99", kjv, "John 3 has 36 verses; 'John 3:99' asks for verse 99"},
    {"3 John 1:15", kjv, "3 John has 14 verses; '3 John 1:15' asks for verse 15"},
    {"Tobit 1:1", kjv, "Tobit is not in the KJV versification; 'Tobit 1:1' cannot be read in it"},
    {"Tob 1:1", kjv, "Tobit is not in the KJV versification; 'Tob 1:1' cannot be read in it"},
    // The same references where the versification has them
    {"3 John 1:15", nrsva, ""},
    {"Tobit 1:1", nrsva, ""},
    {"John 21:25", kjv, ""},
    // Chapters and verses past the end
    {"João 22:1", kjv, "John has 21 chapters; 'João 22:1' asks for chapter 22"},
    {"Genesis 1-51", kjv, "Genesis has 50 chapters; 'Genesis 1-51' asks for chapter 51"},
    {"Ps 151", kjv, "Psalms has 150 chapters; 'Ps 151' asks for chapter 151"},
    {"Ps 151", nrsva, "Psalms has 150 chapters; 'Ps 151' asks for chapter 151"},
    {"Additional Psalm 1:1", kjv, "Psalm 151 is not in the KJV versification; 'Additional Psalm 1:1' cannot be read in it"},
    {"Additional Psalm 1:1", nrsva, ""},
    {"Jude 26", kjv, "Jude has 25 verses; 'Jude 26' asks for verse 26"},
    {"Jude 25", kjv, ""},
    {"Obadiah 1:22", kjv, "Obadiah has 21 verses; 'Obadiah 1:22' asks for verse 22"},
    {"Isa 61:10-62:99", kjv, "Isaiah 62 has 12 verses; 'Isa 61:10-62:99' asks for verse 99"},
    {"Mal 4:7", kjv, "Malachi 4 has 6 verses; 'Mal 4:7' asks for verse 7"},
    {"Esther 10:4", kjv, "Esther 10 has 3 verses; 'Esther 10:4' asks for verse 4"},
    {"Ps 23:7", kjv, "Psalms 23 has 6 verses; 'Ps 23:7' asks for verse 7"},
    {"John 3:16; Tob 1:1", kjv, "Tobit is not in the KJV versification; 'John 3:16; Tob 1:1' cannot be read in it"},
    {"John 3:16, 40", kjv, "John 3 has 36 verses; 'John 3:16, 40' asks for verse 40"},
    // Ranges that run backwards
    {"John 3:18-16", kjv, "'John 3:18-16' runs backwards: 3:18 comes after 3:16"},
    {"John 3:16b-16a", kjv, "'John 3:16b-16a' runs backwards: 3:16b comes after 3:16a"},
    {"Isa 62:3-61:10", kjv, "'Isa 62:3-61:10' runs backwards: 62:3 comes after 61:10"},
    {"Genesis 2-1", kjv, "'Genesis 2-1' runs backwards: 2:1 comes after 1:31"},
    {"John 3:16a-16b", kjv, ""},
    {"John 3:16-16", kjv, ""},
    // Ordinary references
    {"Gen 1:1", kjv, ""},
    {"Genesis 1-2", kjv, ""},
    {"Psalm 119", kjv, ""},
    {"Mt 5:1-12; 6:1-4", kjv, ""},
    {"1 Kings 19:1-4,(5-7),8-15a", kjv, ""},
    {"Sirach 51:30", nrsva, ""},
    {"Rev 22:21", nrsva, ""},
};
// clang-format on

TEST(ReferenceValidate, AcceptsOrRejectsTableCases) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.input) + " in " + c.versification().name());
    const Result<Reference> parsed = parse_reference(c.input, "pt");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const auto spans = validate_reference(*parsed, c.versification());
    if (c.message.empty()) {
      EXPECT_TRUE(spans.ok()) << spans.error().message;
    } else {
      ASSERT_FALSE(spans.ok());
      EXPECT_EQ(spans.error().code, "invalid_reference");
      EXPECT_EQ(spans.error().message, c.message);
    }
  }
}

BookIndex book(std::string_view osis) { return *find_book_by_osis(osis); }

TEST(ReferenceValidate, MakesWholeChaptersConcrete) {
  const auto spans = validate_reference(*parse_reference("Genesis 1-2"), kjv());
  ASSERT_TRUE(spans.ok());
  ASSERT_EQ(spans->size(), 1U);
  EXPECT_EQ((*spans)[0].first, (VerseRef{book("Gen"), 1, 1}));
  EXPECT_EQ((*spans)[0].last, (VerseRef{book("Gen"), 2, 25}));
}

TEST(ReferenceValidate, KeepsOptionalFlagsAndParts) {
  const auto spans = validate_reference(*parse_reference("Psalm 72:1-15a(16-19)"), kjv());
  ASSERT_TRUE(spans.ok());
  ASSERT_EQ(spans->size(), 2U);
  EXPECT_FALSE((*spans)[0].optional);
  EXPECT_EQ((*spans)[0].last_part, VersePart::a);
  EXPECT_TRUE((*spans)[1].optional);
  EXPECT_EQ((*spans)[1].last, (VerseRef{book("Ps"), 72, 19}));
}

TEST(ReferenceValidate, RejectsHandBuiltChapterZero) {
  const BookIndex john = book("John");
  const Reference ref{john, {RefSegment{{john, 0, 1}, {john, 0, 1}}}, ""};
  const auto spans = validate_reference(ref, kjv());
  ASSERT_FALSE(spans.ok());
  // With no written text the message quotes the canonical display.
  EXPECT_EQ(spans.error().message, "chapters start at 1; 'John 0:1' asks for chapter 0");
}

TEST(ReferenceValidate, RejectsHandBuiltNegativeVerse) {
  const BookIndex john = book("John");
  const Reference ref{john, {RefSegment{{john, 3, -1}, {john, 3, 2}}}, "x"};
  const auto spans = validate_reference(ref, kjv());
  ASSERT_FALSE(spans.ok());
  EXPECT_EQ(spans.error().message, "verses start at 1; 'x' asks for verse -1");
}

TEST(ReferenceValidate, RejectsARangeAcrossBooks) {
  const Reference ref{book("Gen"), {RefSegment{{book("Gen"), 50, 1}, {book("Exod"), 1, 1}}}, "x"};
  const auto spans = validate_reference(ref, kjv());
  ASSERT_FALSE(spans.ok());
  EXPECT_EQ(spans.error().message, "'x' runs from one book into another");
}

TEST(ReferenceValidate, RejectsAReferenceWithoutSegments) {
  const auto spans = validate_reference(Reference{0, {}, "Gen"}, kjv());
  ASSERT_FALSE(spans.ok());
  EXPECT_EQ(spans.error().message, "'Gen' names no verses");
}

TEST(ReferenceValidate, UnknownVersificationIsAnError) {
  const auto unknown = builtin_versification("NoSuchSystem");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, "unknown_versification");
}

}  // namespace
}  // namespace kalendar
