// Verse clean-up on raw OSIS as SWORD's getRawEntry returns it, and the small UTF-8 helpers.
#include "text_cleanup.hpp"

#include "text_fold.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace kalendar::bible_detail {
namespace {

struct Case {
  std::string_view raw;
  std::string_view clean;
};

// clang-format off
const Case kOsisCases[] = {
    // WEB footnote glue (dependencies.md §4): Gen 1:1, Gen 4:1, John 3:16
    {R"(<w lemma="strong:H0430">God</w><note placement="foot"><reference type="annotateRef">1:1 </reference>The Hebrew word rendered “God” is “אֱלֹהִ֑ים” (Elohim).</note><w lemma="strong:H1254">created</w> the heavens)",
     "God created the heavens"},
    {R"(The man <w>knew</w><note placement="foot">or, lay with</note><w>Eve</w> his wife.)",
     "The man knew Eve his wife."},
    {R"(She <w>conceived</w>,<note placement="foot">or, became pregnant</note><w>and</w> gave birth)",
     "She conceived, and gave birth"},
    {R"(his only born</q><note placement="foot">The phrase “only born”</note><q marker="" who="Jesus"><w>Son</w>, that)",
     "his only born Son, that"},
    // A note before punctuation stood for nothing; before a quote or bracket, for a space
    {R"(the evil spirit<note placement="foot">Gr. <rdg type="alternate">demon. </rdg></note>; because)",
     "the evil spirit; because"},
    {R"(one hundred cors<note placement="foot">a cor is about 230 liters</note>, and)",
     "one hundred cors, and"},
    {R"(and said,<note placement="foot">So the Oriental versions.</note>“A forest of the trees)",
     "and said, “A forest of the trees"},
    {R"(to the end<note placement="foot">added from the Syriac.</note>[of days])", "to the end [of days]"},
    {"verse<note>x</note>3", "verse 3"},
    {"a<note>x</note>Ελληνικά", "a Ελληνικά"},
    {"<note>x</note>In the beginning", "In the beginning"},
    {"the end.<note>x</note>", "the end."},
    {"a<note>x</note><note>y</note>b", "a b"},
    {"a <note>x</note>b", "a b"},
    {R"(<note placement="foot"><reference type="annotateRef">17:21 </reference>NU omits verse 21.</note>)", ""},
    // Quotation tags glue words too (WEB Matt 3:15, Rev 1:8)
    {R"(all righteousness.”</q><w lemma="strong:G5119">Then</w> he allowed him.)",
     "all righteousness.” Then he allowed him."},
    {R"(the Omega,</q><note placement="foot">TR adds</note><q marker="" who="Jesus">”</q><w>says</w> the Lord)",
     "the Omega,” says the Lord"},
    {R"(<q marker="" who="Jesus">“I am he.</q>)", "“I am he."},
    {R"(said, <q who="Jesus">“Go)", "said, “Go"},
    // Headings, psalm titles and speaker labels are not verse text; poetry lines are spaced
    {R"(<div type="x-milestone" subType="x-preverse" sID="pv1"/><title canonical="true" type="psalm">A Psalm by David.</title> <lg sID="g1"/> <l level="1" sID="g2"/><div type="x-milestone" subType="x-preverse" eID="pv1"/>Yahweh is my shepherd;<l eID="g2" level="1"/> <l level="2" sID="g3"/>I shall lack nothing. <l eID="g3" level="2"/>)",
     "Yahweh is my shepherd; I shall lack nothing."},
    {R"(<title type="section">The Creation</title>In the beginning)", "In the beginning"},
    {R"(<speaker>Beloved</speaker> <l sID="a"/>Let him kiss me)", "Let him kiss me"},
    {"increased!<l eID=\"x\"/><l sID=\"y\"/>Many", "increased! Many"},
    {"one<lb/>two", "one two"},
    {"one<p>two</p>three", "one two three"},
    {"end<milestone type=\"x-p\"/>Start", "end Start"},
    // KJV: pilcrows, divine name in capitals (not after the apostrophe), added words kept
    {"¶ For God so loved the world", "For God so loved the world"},
    {"a ¶b", "a b"},
    {R"(the <divineName><w lemma="strong:H3068">Lord</w></divineName> God)", "the LORD God"},
    {R"(Is the <divineName><w>Lord’s</w></divineName> hand waxed short?)", "Is the LORD’s hand waxed short?"},
    {"the <divineName>Lord's</divineName> house", "the LORD's house"},
    {"by his name <divineName>Jah</divineName>, and", "by his name JAH, and"},
    {R"(These <transChange type="added">are</transChange> the generations)", "These are the generations"},
    {R"(<w lemma="strong:H7225">beginning</w> <w lemma="strong:H0430">God</w>)", "beginning God"},
    // Entities, whitespace, control bytes, broken markup
    {"A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;", "A & B <c> \"d\" 'e'"},
    {"&#8220;quoted&#x201D;", "“quoted”"},
    {"a&nbsp;b", "a b"},
    {"AT&T and &bogus; stay", "AT&T and &bogus; stay"},
    {"  spaced   out \t text  ", "spaced out text"},
    {"line\none\r\ntwo", "line one two"},
    {"control\x01\x02 bytes", "control bytes"},
    {"text <w lemma", "text"},
    {"", ""},
};
// clang-format on

TEST(TextCleanup, CleansRawOsis) {
  for (const Case& c : kOsisCases) {
    SCOPED_TRACE(std::string(c.raw));
    EXPECT_EQ(clean_osis_verse(c.raw), c.clean);
  }
}

TEST(TextCleanup, CleansPlainText) {
  EXPECT_EQ(clean_plain_verse("¶ For God so loved  the world. "), "For God so loved the world.");
  EXPECT_EQ(clean_plain_verse("tab\there\x01"), "tab here");
  EXPECT_EQ(clean_plain_verse(""), "");
}

TEST(TextCleanup, CleansConfValues) {
  EXPECT_EQ(clean_conf_text("First.\\par Second"), "First. Second");
  EXPECT_EQ(clean_conf_text("\\qc Centred\\par\\pard Left"), "Centred Left");
  EXPECT_EQ(clean_conf_text("\\u8220?quoted\\u8221?"), "“quoted”");
  EXPECT_EQ(clean_conf_text("minus \\u-3913?"), "minus \xEF\x82\xB7");  // 65536 - 3913 = U+F0B7
  EXPECT_EQ(clean_conf_text("a \\\\ b \\{c\\}"), "a \\ b {c}");
  EXPECT_EQ(clean_conf_text("Public Domain"), "Public Domain");
  EXPECT_EQ(clean_conf_text("trailing\\"), "trailing\\");
}

TEST(TextFold, FoldsCaseAndAccentsOfLatinLetters) {
  EXPECT_EQ(fold_case("JOÃO Ê Ç ×"), "joão ê ç ×");
  EXPECT_EQ(fold_accents("joão êxodo cântico açaí"), "joao exodo cantico acai");
  EXPECT_EQ(fold_accents("ÀÉÎÕÜ æ ß"), "AEIOU æ ß");
  EXPECT_EQ(fold_case("Ελληνικά"), "Ελληνικά");  // outside Latin-1: unchanged
}

TEST(TextFold, ValidatesAndRepairsUtf8) {
  EXPECT_TRUE(is_valid_utf8("João “x” 𝄞"));
  EXPECT_FALSE(is_valid_utf8("\xC3"));
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_EQ(repair_utf8("a\xFFz"), "a\xEF\xBF\xBDz");
  EXPECT_EQ(repair_utf8("ok"), "ok");
  std::string out;
  append_utf8(out, 0xB6);
  append_utf8(out, 0x1D11E);
  append_utf8(out, 0xD800);
  EXPECT_EQ(out, "¶𝄞\xEF\xBF\xBD");
}

}  // namespace
}  // namespace kalendar::bible_detail
