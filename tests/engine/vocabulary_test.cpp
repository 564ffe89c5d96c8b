// The closed-set helper (slug, parse, all from one table per enum) and the base helpers every
// layer shares (one UTF-8 validator, one language-fallback rule).
#include "kalendar/vocabulary.hpp"

#include "kalendar/base/language.hpp"
#include "kalendar/base/utf8.hpp"

#include <gtest/gtest.h>

namespace kalendar {
namespace {

TEST(Vocabulary, SlugParseAndAllReadOneTable) {
  EXPECT_EQ(slug(Fate::transferred), "transferred");
  EXPECT_EQ(slug(FastKind::self_denial), "self_denial");
  EXPECT_EQ(parse<Service>("eucharist"), Service::eucharist);
  EXPECT_EQ(parse<Service>("all"), std::nullopt);  // a route word, not an office
  EXPECT_EQ(parse<Slot>("Gospel"), std::nullopt);  // slugs are exact
  EXPECT_EQ(parse<EngineErrc>("out_of_range"), EngineErrc::out_of_range);
  constexpr auto services = all<Service>();
  static_assert(services.size() == 4);
  EXPECT_EQ(services.front(), Service::daily);
  EXPECT_EQ(services.back(), Service::evening);
  // Every value round-trips through its slug, in every vocabulary that has a table.
  for (const Fate f : all<Fate>()) EXPECT_EQ(parse<Fate>(slug(f)), f);
  for (const Slot s : all<Slot>()) EXPECT_EQ(parse<Slot>(slug(s)), s);
  for (const CollectKind k : all<CollectKind>()) EXPECT_EQ(parse<CollectKind>(slug(k)), k);
}

TEST(Vocabulary, BookServicesExtendTheOfficesWithReadings) {
  ASSERT_EQ(kBookServiceSlugs.size(), kServiceSlugs.size() + 2);
  for (std::size_t i = 0; i < kServiceSlugs.size(); ++i)
    EXPECT_EQ(kBookServiceSlugs[i], kServiceSlugs[i]);
  EXPECT_EQ(kBookServiceSlugs[4], "midday");
  EXPECT_EQ(kBookServiceSlugs[5], "compline");
}

TEST(BaseUtf8, WellFormedSequencesOnly) {
  EXPECT_TRUE(base::is_valid_utf8(""));
  EXPECT_TRUE(base::is_valid_utf8("S\xC3\xA3o Jos\xC3\xA9"));
  EXPECT_TRUE(base::is_valid_utf8("\xF0\x9F\x95\x8A"));   // U+1F54A, four bytes
  EXPECT_FALSE(base::is_valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(base::is_valid_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(base::is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(base::is_valid_utf8("\xC3"));              // truncated
  EXPECT_FALSE(base::is_valid_utf8("\x80"));              // stray continuation byte
  EXPECT_EQ(base::utf8_sequence_length("a\xE2\x80\x93", 1), 3u);
  EXPECT_EQ(base::utf8_sequence_length("a\xE2\x80", 1), 0u);
}

TEST(BaseLanguage, ExactThenSameBaseLanguage) {
  EXPECT_EQ(base::base_language("pt-BR"), "pt");
  EXPECT_EQ(base::base_language("en"), "en");
  EXPECT_TRUE(base::same_base_language("en-CA", "en-GB"));
  EXPECT_FALSE(base::same_base_language("pt", "en"));
  const std::vector<std::string_view> tags = {"en", "pt-BR", "pt"};
  EXPECT_EQ(base::best_language_match(tags, "pt"), 2u);     // exact beats an earlier pt-BR
  EXPECT_EQ(base::best_language_match(tags, "pt-PT"), 1u);  // first of the same base language
  EXPECT_EQ(base::best_language_match(tags, "es"), std::nullopt);
}

}  // namespace
}  // namespace kalendar
