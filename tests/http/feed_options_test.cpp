// Calendar options on iCalendar feeds (issue 14): a feed of cw_2000_en keeps the Epiphany on
// 6 January, or with `epiphany=sunday` (in the URL, or bound to the token by kalendar-keys
// `feed create --option`) on the Sunday between 2 and 8 January. The feed's window moves with
// today, so the expected dates are computed from the window the feed itself answers, and the
// Epiphany's title is the one GET /api/v2/days gives for 6 January.
#include "api_fixture.hpp"
#include "keystore.hpp"

#include <chrono>
#include <libical/ical.h>
#include <map>
#include <memory>
#include <thread>

namespace kalendar::testing {
namespace {

constexpr const char* kBook = "cw_2000_en";

// Issues a feed token as kalendar-keys does (the same KeyStore calls) and returns it.
std::string issue_feed(ApiStack& stack, std::vector<std::pair<std::string, std::string>> options) {
  auto store = api::KeyStore::open(stack.keys_db(), api::KeyStore::Mode::read_write);
  if (!store) throw std::runtime_error(store.error().message);
  const auto token = api::generate_feed_token();
  auto stored = (*store)->insert_feed({.key_id = stack.key_id("all"),
                                       .digest = token->digest,
                                       .book = kBook,
                                       .created_at = api::unix_now(),
                                       .options = std::move(options)});
  if (!stored) throw std::runtime_error(stored.error().message);
  return "/api/v2/feeds/" + token->secret + ".ics";
}

// The feed's events, date (YYYY-MM-DD) to title, read by libical.
std::map<std::string, std::string> titles_by_date(const std::string& ics) {
  std::map<std::string, std::string> out;
  std::unique_ptr<icalcomponent, void (*)(icalcomponent*)> cal(icalparser_parse_string(ics.c_str()),
                                                               icalcomponent_free);
  if (!cal) return out;
  for (icalcomponent* ev = icalcomponent_get_first_component(cal.get(), ICAL_VEVENT_COMPONENT);
       ev != nullptr; ev = icalcomponent_get_next_component(cal.get(), ICAL_VEVENT_COMPONENT)) {
    const icaltimetype t = icalcomponent_get_dtstart(ev);
    char iso[16];
    std::snprintf(iso, sizeof iso, "%04d-%02d-%02d", t.year, t.month, t.day);
    const char* summary = icalcomponent_get_summary(ev);
    out[iso] = summary != nullptr ? summary : "";
  }
  return out;
}

class FeedOptionsTest : public ApiTest {
 protected:
  // Polls `target` with no header until it answers `status` (the key store refresh), at most 5 s.
  HttpReply feed(const std::string& target, int status = 200) {
    const auto start = std::chrono::steady_clock::now();
    HttpReply r;
    while (std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
      r = get(target, "");
      if (r.status == status) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return r;
  }

  std::string epiphany_title() {
    const auto r = get(std::string("/api/v2/days/2026-01-06?book=") + kBook);
    EXPECT_EQ(r.status, 200) << r.body;
    return Json(r.body).str("/data/title");
  }

  // For every year whose 2-8 January lies wholly in the feed's window: the Sunday of those days
  // has the Epiphany when `on_sunday`, else 6 January has it, and the other of the two (when they
  // differ) does not. A 15-month window always holds at least one such January.
  void expect_epiphany(const HttpReply& r, bool on_sunday) {
    ASSERT_EQ(r.status, 200) << r.body;
    const auto events = titles_by_date(r.body);
    ASSERT_GT(events.size(), 400U);
    const std::string title = epiphany_title();
    const int first_year = std::stoi(events.begin()->first.substr(0, 4));
    const int last_year = std::stoi(events.rbegin()->first.substr(0, 4));
    int checked = 0;
    for (int y = first_year; y <= last_year; ++y) {
      const date::year year{y};
      const std::string jan2 = format_iso_date(year / date::January / 2);
      const std::string jan8 = format_iso_date(year / date::January / 8);
      if (!events.contains(jan2) || !events.contains(jan8)) continue;
      const date::sys_days jan2_days{year / date::January / 2};
      const date::sys_days kept = jan2_days + (date::Sunday - date::weekday{jan2_days});
      const std::string sunday_iso = format_iso_date(date::year_month_day{kept});
      const std::string jan6 = format_iso_date(year / date::January / 6);
      SCOPED_TRACE(sunday_iso);
      EXPECT_EQ(events.at(on_sunday ? sunday_iso : jan6), title);
      if (sunday_iso != jan6) {
        EXPECT_NE(events.at(on_sunday ? jan6 : sunday_iso), title);
      }
      ++checked;
    }
    EXPECT_GE(checked, 1);
  }
};

TEST_F(FeedOptionsTest, TheUrlChoosesTheEpiphanyOnTheSunday) {
  const std::string target = issue_feed(stack(), {});
  const HttpReply plain = feed(target);
  expect_epiphany(plain, false);
  const HttpReply moved = feed(target + "?epiphany=sunday");
  expect_epiphany(moved, true);
  // Different answers, different validators.
  EXPECT_NE(plain.header("etag"), moved.header("etag"));
  // Naming the default is the default.
  EXPECT_EQ(feed(target + "?epiphany=january_6").body, plain.body);
}

TEST_F(FeedOptionsTest, ATokenBindsItsOptionsAndTheUrlOverridesThem) {
  const std::string target = issue_feed(stack(), {{"epiphany", "sunday"}});
  const HttpReply bound = feed(target);
  expect_epiphany(bound, true);
  expect_epiphany(feed(target + "?epiphany=january_6"), false);
  // The same choice made in the URL of an unbound token answers the same calendar.
  EXPECT_EQ(feed(issue_feed(stack(), {}) + "?epiphany=sunday").body, bound.body);
}

TEST_F(FeedOptionsTest, OptionProblemsAreNamedJsonErrors) {
  const std::string target = issue_feed(stack(), {});
  ASSERT_EQ(feed(target).status, 200);
  // A value the book does not allow: the parameter named, the allowed values listed.
  const HttpReply bad = get(target + "?epiphany=tuesday", "");
  ASSERT_EQ(bad.status, 400) << bad.body;
  EXPECT_EQ(error_codes(bad.body), std::vector<std::string>{"invalid_parameter"});
  EXPECT_EQ(error_parameters(bad.body), std::vector<std::string>{"epiphany"});
  EXPECT_NE(bad.body.find("january_6, sunday"), std::string::npos) << bad.body;
  // Anything else is still not a parameter of a feed, with the bad option reported too.
  const HttpReply unknown = get(target + "?year=2026&epiphany=tuesday", "");
  ASSERT_EQ(unknown.status, 400) << unknown.body;
  EXPECT_EQ(error_parameters(unknown.body), (std::vector<std::string>{"epiphany", "year"}));

  // A token binding an option the book does not declare (the book changed since): a 400 naming
  // the option and saying what to do, not a 500.
  const std::string stale = issue_feed(stack(), {{"lent_colour", "purple"}});
  const HttpReply gone = feed(stale, 400);
  ASSERT_EQ(gone.status, 400) << gone.body;
  EXPECT_EQ(gone.header("content-type"), "application/json");
  EXPECT_EQ(error_parameters(gone.body), std::vector<std::string>{"lent_colour"});
  EXPECT_NE(gone.body.find("no longer declares that option"), std::string::npos) << gone.body;
  // A bound value the book no longer allows: the same, unless the URL gives the option.
  const std::string stale_value = issue_feed(stack(), {{"epiphany", "twelfth_night"}});
  const HttpReply refused = feed(stale_value, 400);
  EXPECT_EQ(error_parameters(refused.body), std::vector<std::string>{"epiphany"});
  EXPECT_NE(refused.body.find("no longer allows that value"), std::string::npos) << refused.body;
  expect_epiphany(feed(stale_value + "?epiphany=sunday"), true);
}

}  // namespace
}  // namespace kalendar::testing
