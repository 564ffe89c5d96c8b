// The shared parameter grammar (params.hpp): every validator, and every problem reported at once.
#include "params.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kalendar::api {
namespace {

// A reader over a raw query, with its errors.
struct Fixture {
  explicit Fixture(std::string_view raw) : query(parse_query(raw, errors)) {}
  ErrorList errors;
  Query query;
  ParamReader reader{query, errors};

  [[nodiscard]] std::vector<std::string> parameters() const {
    std::vector<std::string> out;
    for (const auto& e : errors.items()) out.push_back(e.parameter);
    return out;
  }
};

FieldCatalog test_catalog() {
  FieldCatalog c;
  c.add_type("day", {"date", "season", "color", "celebration"});
  c.add_type("reading", {"slot", "reference", "content"});
  c.add_type("celebration", {"name", "type", "movable"});
  return c;
}

TEST(ValueParsers, Integers) {
  const struct {
    std::string_view text;
    int min, max;
    std::optional<int> expected;
  } kCases[] = {
      {"1", 1, 100, 1},
      {"100", 1, 100, 100},
      {"010", 1, 100, 10},
      {"0", 1, 100, {}},
      {"101", 1, 100, {}},
      {"-1", 1, 100, {}},
      {"+5", 1, 100, {}},
      {" 5", 1, 100, {}},
      {"5 ", 1, 100, {}},
      {"5x", 1, 100, {}},
      {"", 1, 100, {}},
      {"1e2", 1, 100, {}},
      {"99999999999", 1, 100, {}},  // too many digits, no overflow
      {"12", 1, 12, 12},
      {"13", 1, 12, {}},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::string(c.text));
    EXPECT_EQ(parse_int_value(c.text, c.min, c.max), c.expected);
  }
}

TEST(ValueParsers, YearsAreFourDigitsInTheGregorianRange) {
  EXPECT_EQ(parse_year_value("2025"), 2025);
  EXPECT_EQ(parse_year_value("1583"), 1583);
  EXPECT_EQ(parse_year_value("4099"), 4099);
  EXPECT_EQ(parse_year_value("1582"), std::nullopt);
  EXPECT_EQ(parse_year_value("4100"), std::nullopt);
  EXPECT_EQ(parse_year_value("0999"), std::nullopt);
  EXPECT_EQ(parse_year_value("20250"), std::nullopt);
  EXPECT_EQ(parse_year_value("202"), std::nullopt);
}

TEST(ValueParsers, Dates) {
  EXPECT_TRUE(parse_date_value("today", true)->today);
  EXPECT_EQ(parse_date_value("today", false), std::nullopt);
  const auto d = parse_date_value("2025-06-24", false);
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->today);
  EXPECT_EQ(format_iso_date(d->date), "2025-06-24");
  for (std::string_view bad : {"2025-6-24", "2025-02-29", "1582-12-31", "4100-01-01", "Today",
                               "2025-06-24T00:00", "", "20250624"}) {
    SCOPED_TRACE(std::string(bad));
    EXPECT_EQ(parse_date_value(bad, true), std::nullopt);
  }
}

TEST(ValueParsers, LanguageTags) {
  for (std::string_view ok : {"en", "pt-BR", "es-419", "zh-Hant-TW", "en-CA"}) {
    EXPECT_TRUE(is_language_tag(ok)) << ok;
  }
  for (std::string_view bad :
       {"", "e", "pt_BR", "en-", "-en", "en--CA", "e1", "en-toolongsubtag"}) {
    EXPECT_FALSE(is_language_tag(bad)) << bad;
  }
}

TEST(ParamReader, EveryProblemOfTheRequestIsReportedTogether) {
  Fixture f("service=bogus&limit=0&month=13&movable=yes&year=99&from=2025-13-01&lang=pt_BR");
  EXPECT_FALSE(f.reader.required_string("book"));
  EXPECT_FALSE(f.reader.service(false));
  EXPECT_FALSE(f.reader.integer("limit", 1, 100));
  EXPECT_FALSE(f.reader.integer("month", 1, 12));
  EXPECT_FALSE(f.reader.boolean("movable"));
  EXPECT_FALSE(f.reader.year("year"));
  EXPECT_FALSE(f.reader.date("from", false));
  EXPECT_FALSE(f.reader.language("lang"));
  f.reader.reject_unknown();
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"book", "service", "limit", "month",
                                                      "movable", "year", "from", "lang"}));
  EXPECT_EQ(f.errors.items()[0].code, ErrorCode::missing_parameter);
  for (std::size_t i = 1; i < f.errors.size(); ++i) {
    EXPECT_EQ(f.errors.items()[i].code, ErrorCode::invalid_parameter);
    EXPECT_FALSE(f.errors.items()[i].detail.empty());
  }
}

TEST(ParamReader, DefaultsAndValidValues) {
  Fixture f("book=loc_2015&limit=25&movable=false&year=2025&from=2025-06-24&lang=pt-BR");
  EXPECT_EQ(f.reader.required_string("book"), "loc_2015");
  EXPECT_EQ(f.reader.service(false), "daily");
  EXPECT_EQ(f.reader.text_format(), "verses");
  EXPECT_EQ(f.reader.integer("limit", 1, 100).value_or(50), 25);
  EXPECT_EQ(f.reader.integer("absent", 1, 100).value_or(50), 50);
  EXPECT_EQ(f.reader.boolean("movable"), false);
  EXPECT_EQ(f.reader.year("year"), 2025);
  EXPECT_EQ(format_iso_date(f.reader.date("from", false)->date), "2025-06-24");
  EXPECT_EQ(f.reader.language("lang"), "pt-BR");
  f.reader.reject_unknown();
  EXPECT_TRUE(f.errors.empty());
}

TEST(ParamReader, ServiceAllOnlyWhereAllowed) {
  Fixture readings("service=all");
  EXPECT_EQ(readings.reader.service(true), "all");
  Fixture day("service=all");
  EXPECT_EQ(day.reader.service(false), std::nullopt);
  EXPECT_EQ(day.parameters(), std::vector<std::string>{"service"});
}

TEST(ParamReader, EmptyRequiredStringIsMissing) {
  Fixture f("book=&q=");
  EXPECT_FALSE(f.reader.required_string("book"));
  EXPECT_FALSE(f.reader.optional_string("q"));  // empty optional: absent, no error
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_EQ(f.errors.items()[0].code, ErrorCode::missing_parameter);
}

TEST(ParamReader, StringLengthCountsCharacters) {
  std::string q200;
  for (int i = 0; i < 200; ++i) q200 += "%C3%A3";  // 200 characters, 400 bytes
  Fixture ok("q=" + q200);
  EXPECT_TRUE(ok.reader.optional_string("q", 200));
  Fixture too_long("q=" + q200 + "a");
  EXPECT_FALSE(too_long.reader.optional_string("q", 200));
  EXPECT_EQ(too_long.parameters(), std::vector<std::string>{"q"});
}

TEST(ParamReader, UnknownParametersAreRejected) {
  Fixture f("book=loc&servce=eucharist&psalter=x&_=123&servce=again");
  f.reader.required_string("book");
  f.reader.allow({"psalter"});
  f.reader.reject_unknown();
  // The repeated servce is reported as repeated (parse_query) and as unknown (reject_unknown).
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"servce", "servce", "_"}));
}

TEST(ParamReader, UndecodableParameterIsNotReportedTwice) {
  Fixture f("book=%ZZ&book[]=x");
  EXPECT_FALSE(f.reader.required_string("book"));  // present but invalid: no missing_parameter
  f.reader.reject_unknown();
  // The decoding problem and the array form, both from parse_query; nothing more.
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"book", "book[]"}));
  EXPECT_FALSE(f.errors.has(ErrorCode::missing_parameter));
}

TEST(ParamReader, IncludeExpandsParentsAndChecksAllowedValues) {
  constexpr std::string_view kDayIncludes[] = {
      "readings", "readings.text", "readings.morning", "readings.evening", "readings.alternatives",
      "collect",  "collect.text",  "celebrations",     "explanation"};
  Fixture f("include=readings.text,collect.text,celebrations");
  const IncludeSet set = f.reader.include(kDayIncludes);
  EXPECT_TRUE(f.errors.empty());
  EXPECT_EQ(set.items(), (std::vector<std::string>{"celebrations", "collect", "collect.text",
                                                   "readings", "readings.text"}));
  EXPECT_TRUE(set.has("readings"));
  EXPECT_FALSE(set.has("explanation"));

  Fixture bad("include=readings,,text,readings.bogus");
  bad.reader.include(kDayIncludes);
  EXPECT_EQ(bad.parameters(), (std::vector<std::string>{"include", "include", "include"}));

  Fixture readings("include=text,alternatives");
  EXPECT_TRUE(readings.reader.include({"text", "alternatives"}).has("alternatives"));
  EXPECT_TRUE(readings.errors.empty());
}

TEST(ParamReader, FieldsSelection) {
  const FieldCatalog catalog = test_catalog();
  Fixture f("fields%5Bday%5D=date,color&fields[reading]=&fields[day]=season");
  const FieldSelection s = f.reader.fields(catalog, {"day", "reading"});
  f.reader.reject_unknown();
  EXPECT_TRUE(f.errors.empty());
  ASSERT_NE(s.selected("day"), nullptr);
  // Repeats of a fields[] type are joined (url.cpp), never half-read.
  EXPECT_EQ(*s.selected("day"), (std::vector<std::string>{"date", "color", "season"}));
  EXPECT_TRUE(s.keeps("day", "id"));
  EXPECT_TRUE(s.keeps("day", "season"));
  EXPECT_FALSE(s.keeps("day", "week"));
  EXPECT_TRUE(s.selected("reading")->empty());  // empty list: only id
  EXPECT_TRUE(s.keeps("reading", "id"));
  EXPECT_FALSE(s.keeps("reading", "slot"));
  EXPECT_EQ(s.selected("collect"), nullptr);  // not mentioned: everything
  EXPECT_TRUE(s.keeps("collect", "anything"));
}

TEST(ParamReader, FieldsProblems) {
  const FieldCatalog catalog = test_catalog();
  Fixture f("fields[bogus]=a&fields[day]=date,nope,&fields[celebration]=name&fields[reading]=id");
  f.reader.fields(catalog, {"day", "reading"});
  f.reader.reject_unknown();
  // unknown type; two bad attributes of day (unknown and empty); a type not on this route.
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"fields[bogus]", "fields[day]", "fields[day]",
                                                      "fields[celebration]"}));
}

TEST(ParamReader, FieldsOnARouteThatTakesNone) {
  Fixture f("fields[day]=date");
  f.reader.reject_unknown();  // fields() never called: the parameter is unknown here
  EXPECT_EQ(f.parameters(), std::vector<std::string>{"fields[day]"});
}

TEST(ParamReader, PathValues) {
  Fixture f("");
  EXPECT_TRUE(f.reader.path_date("date", "today")->today);
  EXPECT_EQ(f.reader.path_year("year", "2025"), 2025);
  EXPECT_EQ(f.reader.path_id("id", "104"), 104);
  EXPECT_TRUE(f.errors.empty());
  EXPECT_FALSE(f.reader.path_date("date", "2025-02-30"));
  EXPECT_FALSE(f.reader.path_year("year", "25"));
  EXPECT_FALSE(f.reader.path_id("id", "0"));
  EXPECT_FALSE(f.reader.path_id("id", "abc"));
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"date", "year", "id", "id"}));
}

TEST(ParamReader, CrossParameterRulesComposeWithPresent) {
  // GET /celebrations: `day` needs `month` or `year`; `type=sunday` needs `year`.
  Fixture f("book=loc&day=5&type=sunday");
  f.reader.required_string("book");
  const auto type = f.reader.one_of(
      "type",
      {"principal_feast", "major_holy_day", "festival", "lesser_feast", "commemoration", "sunday"},
      std::nullopt);
  const auto day = f.reader.integer("day", 1, 31);
  const bool has_month = f.reader.present("month");
  const bool has_year = f.reader.present("year");
  if (day && !has_month && !has_year) f.errors.invalid("day", "requires month or year");
  if (type == "sunday" && !has_year) f.errors.invalid("type", "type=sunday requires year");
  f.reader.reject_unknown();
  EXPECT_EQ(f.parameters(), (std::vector<std::string>{"day", "type"}));
}

TEST(ParamReader, ContextParameters) {
  Fixture f("bible=web&lectionary=rcl&reading_type=complementary&psalter=bcp&lang=en-CA");
  const ContextParams c = f.reader.context_params();
  f.reader.reject_unknown();
  EXPECT_TRUE(f.errors.empty());
  EXPECT_EQ(c.bible, "web");
  EXPECT_EQ(c.lectionary, "rcl");
  EXPECT_EQ(c.reading_type, "complementary");
  EXPECT_EQ(c.psalter, "bcp");
  EXPECT_EQ(c.lang, "en-CA");
}

}  // namespace
}  // namespace kalendar::api
