// iCalendar answers, read by a real iCalendar parser (libical, Debian's libical-dev): GET
// /api/v2/calendar.ics for a year and a range, and a subscribable feed issued the way
// kalendar-keys issues it, opened with no header at all, then revoked. Every event is checked
// against the JSON of GET /api/v2/days for the same dates: one event per day, its title and its
// colour.
#include "api_fixture.hpp"
#include "keystore.hpp"

#include <chrono>
#include <libical/ical.h>
#include <map>
#include <memory>
#include <thread>

namespace kalendar::testing {
namespace {

using Clock = std::chrono::steady_clock;

// RFC 7986 COLOR takes CSS3 names: the palette slugs that are not CSS names map to the
// nearest one (docs/API.md, "iCalendar").
std::string expected_css(const std::string& slug) {
  static const std::map<std::string, std::string> kMap = {
      {"rose", "pink"}, {"unbleached", "linen"}, {"<null>", ""}};
  const auto it = kMap.find(slug);
  return it == kMap.end() ? slug : it->second;
}

std::string basic(const std::string& iso) {
  return iso.substr(0, 4) + iso.substr(5, 2) + iso.substr(8, 2);
}

struct Event {
  std::string start;  // YYYYMMDD
  std::string end;
  bool all_day = false;
  std::string uid, summary, description, color, summary_lang;
};

struct Parsed {
  int errors = 0;  // X-LIC-ERROR properties libical added while parsing and checking
  std::string version, prodid, name;
  std::vector<Event> events;
};

std::string date_of(icaltimetype t) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d", t.year, t.month, t.day);
  return buf;
}

std::string text_of(icalcomponent* c, icalproperty_kind kind) {
  icalproperty* p = icalcomponent_get_first_property(c, kind);
  if (p == nullptr) return "";
  const char* v = icalproperty_get_value_as_string(p);
  return v == nullptr ? "" : v;
}

// Parses with libical, checks it against RFC 5545's restrictions (how often each property may
// appear in each component), and reads every VEVENT.
Parsed parse(const std::string& text) {
  Parsed out;
  std::unique_ptr<icalcomponent, void (*)(icalcomponent*)> cal(
      icalparser_parse_string(text.c_str()), icalcomponent_free);
  if (!cal) {
    out.errors = -1;
    return out;
  }
  icalrestriction_check(cal.get());
  out.errors = icalcomponent_count_errors(cal.get());
  out.version = text_of(cal.get(), ICAL_VERSION_PROPERTY);
  out.prodid = text_of(cal.get(), ICAL_PRODID_PROPERTY);
  out.name = text_of(cal.get(), ICAL_NAME_PROPERTY);
  for (icalcomponent* ev = icalcomponent_get_first_component(cal.get(), ICAL_VEVENT_COMPONENT);
       ev != nullptr; ev = icalcomponent_get_next_component(cal.get(), ICAL_VEVENT_COMPONENT)) {
    Event e;
    const icaltimetype start = icalcomponent_get_dtstart(ev);
    e.start = date_of(start);
    e.all_day = start.is_date != 0;
    e.end = date_of(icalcomponent_get_dtend(ev));
    e.uid = icalcomponent_get_uid(ev) != nullptr ? icalcomponent_get_uid(ev) : "";
    e.summary = icalcomponent_get_summary(ev) != nullptr ? icalcomponent_get_summary(ev) : "";
    e.description =
        icalcomponent_get_description(ev) != nullptr ? icalcomponent_get_description(ev) : "";
    if (icalproperty* c = icalcomponent_get_first_property(ev, ICAL_COLOR_PROPERTY)) {
      e.color = icalproperty_get_color(c);
    }
    if (icalproperty* s = icalcomponent_get_first_property(ev, ICAL_SUMMARY_PROPERTY)) {
      if (icalparameter* l = icalproperty_get_first_parameter(s, ICAL_LANGUAGE_PARAMETER)) {
        e.summary_lang = icalparameter_get_language(l);
      }
    }
    out.events.push_back(std::move(e));
  }
  return out;
}

// Every physical line ends in CRLF and has at most 75 octets (RFC 5545 §3.1).
void expect_folded(const std::string& text) {
  std::size_t start = 0;
  int checked = 0;
  while (start < text.size()) {
    const std::size_t crlf = text.find("\r\n", start);
    ASSERT_NE(crlf, std::string::npos) << "a line without CRLF at octet " << start;
    ASSERT_LE(crlf - start, 75U) << text.substr(start, crlf - start);
    ASSERT_EQ(text.find('\n', start), crlf + 1) << "a bare LF at octet " << start;
    start = crlf + 2;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

// Each event matches the JSON day of the same date: title, colour, season, readings.
void expect_matches_json(const std::vector<Event>& events, const Json& days, std::size_t offset,
                         const std::string& book, const std::string& lang) {
  const std::size_t n = days.size("/data");
  ASSERT_LE(offset + n, events.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::string at = "/data/" + std::to_string(i);
    const Event& e = events[offset + i];
    SCOPED_TRACE(days.str(at + "/date"));
    EXPECT_EQ(e.start, basic(days.str(at + "/date")));
    EXPECT_TRUE(e.all_day);
    EXPECT_EQ(e.summary, days.str(at + "/title"));
    EXPECT_EQ(e.summary_lang, lang);
    EXPECT_EQ(e.color, expected_css(days.str(at + "/color/slug")));
    EXPECT_EQ(e.uid, book + "-" + lang + "-" + e.start + "@kalendar");
    EXPECT_NE(e.description.find(days.str(at + "/season/name")), std::string::npos);
    if (!days.is_null(at + "/color")) {
      EXPECT_NE(e.description.find(days.str(at + "/color/name")), std::string::npos);
    }
    for (const std::string& ref : days.strings(at + "/readings", "reference")) {
      EXPECT_NE(e.description.find(ref), std::string::npos) << ref;
    }
  }
}

TEST_F(ApiTest, CalendarForAYearHasOneCheckedEventPerDay) {
  const auto r = get("/api/v2/calendar.ics?book=loc_2015&year=2026");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-type"), "text/calendar; charset=utf-8");
  EXPECT_EQ(r.header("content-language"), "pt-BR");
  EXPECT_EQ(r.header("etag").size(), 34U);
  expect_folded(r.body);
  const Parsed cal = parse(r.body);
  EXPECT_EQ(cal.errors, 0) << r.body.substr(0, 2000);
  EXPECT_EQ(cal.version, "2.0");
  EXPECT_EQ(cal.prodid, "-//Kalendar//Kalendar API v2//EN");
  ASSERT_EQ(cal.events.size(), 365U);
  std::map<std::string, int> uids;
  for (const Event& e : cal.events) ++uids[e.uid];
  EXPECT_EQ(uids.size(), 365U);  // every UID once
  // An all-day event ends the next day (DTEND is exclusive), across the month end too.
  EXPECT_EQ(cal.events[30].start, "20260131");
  EXPECT_EQ(cal.events[30].end, "20260201");

  const Json days(get("/api/v2/days?book=loc_2015&year=2026&include=readings").body);
  ASSERT_EQ(days.size("/data"), 365U);
  expect_matches_json(cal.events, days, 0, "loc_2015", "pt-BR");
  // Easter Day 2026 (5 April), independently known: the Portuguese title, white.
  EXPECT_EQ(cal.events[94].start, "20260405");
  EXPECT_EQ(cal.events[94].summary, "Páscoa");
  EXPECT_EQ(cal.events[94].color, "white");

  // The same request again: the same bytes (UIDs and DTSTAMP are stable).
  EXPECT_EQ(get("/api/v2/calendar.ics?book=loc_2015&year=2026").body, r.body);
}

TEST_F(ApiTest, CalendarForARangeInAnotherLanguageAndOffice) {
  const auto r =
      get("/api/v2/calendar.ics?book=loc_2019_en&from=2025-11-27&to=2025-12-03&service=eucharist");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-language"), "en");
  const Parsed cal = parse(r.body);
  EXPECT_EQ(cal.errors, 0);
  ASSERT_EQ(cal.events.size(), 7U);
  const Json days(get("/api/v2/days?book=loc_2019_en&from=2025-11-27&to=2025-12-03"
                      "&include=readings&service=eucharist")
                      .body);
  expect_matches_json(cal.events, days, 0, "loc_2019_en", "en");
  // Advent Sunday 2025 (30 November): violet.
  EXPECT_EQ(cal.events[3].start, "20251130");
  EXPECT_EQ(cal.events[3].color, "violet");
}

TEST_F(ApiTest, CalendarProblemsAreJsonErrorsLikeTheDaysRoute) {
  const auto too_long = get("/api/v2/calendar.ics?book=loc_2015&from=2025-01-01&to=2026-01-02");
  EXPECT_EQ(too_long.status, 400);
  EXPECT_EQ(too_long.header("content-type"), "application/json");
  EXPECT_EQ(error_codes(too_long.body), std::vector<std::string>{"range_too_large"});
  const auto none = get("/api/v2/calendar.ics?book=loc_2015");
  EXPECT_EQ(error_codes(none.body), std::vector<std::string>{"missing_parameter"});
  const auto unknown = get("/api/v2/calendar.ics?book=loc_2015&year=2026&include=readings");
  EXPECT_EQ(error_parameters(unknown.body), std::vector<std::string>{"include"});
  EXPECT_EQ(get("/api/v2/calendar.ics?book=loc_2015&year=2026", "").status, 401);
}

// Issues a feed token as kalendar-keys does (the same KeyStore calls) and returns it.
std::string issue_feed(ApiStack& stack, std::int64_t key_id, const std::string& book,
                       const std::string& lang, std::int64_t* feed_id) {
  auto store = api::KeyStore::open(stack.keys_db(), api::KeyStore::Mode::read_write);
  if (!store) throw std::runtime_error(store.error().message);
  const auto token = api::generate_feed_token();
  auto stored = (*store)->insert_feed({.key_id = key_id,
                                       .digest = token->digest,
                                       .book = book,
                                       .lang = lang,
                                       .created_at = api::unix_now()});
  if (!stored) throw std::runtime_error(stored.error().message);
  *feed_id = stored->id;
  return token->secret;
}

// Polls `target` with no header until it answers `status` (the key store refresh), at most 5 s.
HttpReply wait_for(TestClient& client, const std::string& target, int status,
                   Clock::duration* took) {
  const auto start = Clock::now();
  HttpReply r;
  while (Clock::now() - start < std::chrono::seconds(5)) {
    r = client.request("GET", target);
    if (r.status == status) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (took != nullptr) *took = Clock::now() - start;
  return r;
}

// The same day of the month `months` away, clamped to the month's end.
std::string shifted(const std::string& iso, int months) {
  const date::year_month_day d{date::year{std::stoi(iso.substr(0, 4))},
                               date::month{static_cast<unsigned>(std::stoi(iso.substr(5, 2)))},
                               date::day{static_cast<unsigned>(std::stoi(iso.substr(8, 2)))}};
  const date::year_month ym = date::year_month{d.year(), d.month()} + date::months{months};
  const date::day last = (ym.year() / ym.month() / date::last).day();
  return format_iso_date(ym.year() / ym.month() / std::min(d.day(), last));
}

TEST_F(ApiTest, FeedNeedsNoHeaderCoversItsWindowAndDiesWhenRevoked) {
  std::int64_t feed_id = 0;
  const std::string token = issue_feed(stack(), stack().key_id("all"), "loc_2015", "", &feed_id);
  const std::string target = "/api/v2/feeds/" + token + ".ics";
  TestClient browserless(stack().port());  // a calendar app: no X-API-Key
  const HttpReply r = wait_for(browserless, target, 200, nullptr);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-type"), "text/calendar; charset=utf-8");
  EXPECT_EQ(r.header("cache-control"), "private, max-age=300");  // the window moves daily
  expect_folded(r.body);
  EXPECT_NE(r.body.find("REFRESH-INTERVAL;VALUE=DURATION:PT43200S\r\n"), std::string::npos);
  const Parsed cal = parse(r.body);
  EXPECT_EQ(cal.errors, 0);

  // 2 months back to 13 months ahead of today in the book's zone, one event per day.
  const std::string today = Json(get("/api/v2/days/today?book=loc_2015").body).str("/data/date");
  const std::string first = shifted(today, -2);
  const std::string last = shifted(today, 13);
  ASSERT_FALSE(cal.events.empty());
  EXPECT_EQ(cal.events.front().start, basic(first));
  EXPECT_EQ(cal.events.back().start, basic(last));
  const auto span =
      (date::sys_days{*parse_iso_date(last)} - date::sys_days{*parse_iso_date(first)}).count() + 1;
  ASSERT_EQ(cal.events.size(), static_cast<std::size_t>(span));
  // Against the JSON days, in pieces of at most 366 (the /days limit).
  std::size_t offset = 0;
  for (date::sys_days from{*parse_iso_date(first)}; offset < cal.events.size();) {
    const date::sys_days to =
        std::min(from + date::days{365}, date::sys_days{*parse_iso_date(last)});
    const Json days(get("/api/v2/days?book=loc_2015&include=readings&from=" +
                        format_iso_date(date::year_month_day{from}) +
                        "&to=" + format_iso_date(date::year_month_day{to}))
                        .body);
    ASSERT_GT(days.size("/data"), 0U);
    expect_matches_json(cal.events, days, offset, "loc_2015", "pt-BR");
    offset += days.size("/data");
    from = to + date::days{1};
  }
  EXPECT_EQ(offset, cal.events.size());

  // Revoked: 401 within seconds (the store refreshes every 100 ms here, 2 s by default).
  {
    auto store = api::KeyStore::open(stack().keys_db(), api::KeyStore::Mode::read_write);
    ASSERT_TRUE(store);
    ASSERT_TRUE((*store)->revoke_feed(feed_id).value());
  }
  Clock::duration took{};
  const HttpReply revoked = wait_for(browserless, target, 401, &took);
  ASSERT_EQ(revoked.status, 401);
  EXPECT_LT(took, std::chrono::seconds(2));
  EXPECT_EQ(revoked.header("content-type"), "application/json");
  EXPECT_EQ(revoked.header("www-authenticate"), R"(FeedToken realm="kalendar feeds")");
  EXPECT_EQ(error_codes(revoked.body), std::vector<std::string>{"invalid_api_key"});
}

TEST_F(ApiTest, FeedFollowsItsLanguageAndItsKey) {
  std::int64_t feed_id = 0;
  // A regional tag finds the book's base language, as `lang` does on the JSON routes.
  const std::string token =
      issue_feed(stack(), stack().key_id("all"), "loc_2019_en", "en-US", &feed_id);
  TestClient app(stack().port());
  const HttpReply r = wait_for(app, "/api/v2/feeds/" + token + ".ics", 200, nullptr);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-language"), "en");
  const Parsed cal = parse(r.body);
  ASSERT_FALSE(cal.events.empty());
  EXPECT_EQ(cal.events.front().summary_lang, "en");
  // Not ending in .ics: 404; extra parameters: 400, as everywhere.
  EXPECT_EQ(app.request("GET", "/api/v2/feeds/" + token).status, 404);
  EXPECT_EQ(app.request("GET", "/api/v2/feeds/" + token + ".ics?year=2026").status, 400);

  // A feed on a book its key may not use is refused like the key would be.
  const std::string other =
      issue_feed(stack(), stack().key_id("pt_only"), "loc_2019_en", "", &feed_id);
  const HttpReply forbidden = wait_for(app, "/api/v2/feeds/" + other + ".ics", 403, nullptr);
  EXPECT_EQ(error_codes(forbidden.body), std::vector<std::string>{"book_not_allowed"});
}

}  // namespace
}  // namespace kalendar::testing
