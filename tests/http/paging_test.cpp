// Cursor pagination of GET /api/v2/celebrations: walking links.next visits every entry exactly
// once (whole catalogue, and a year with its Sundays), cursors are bound to their book and
// filters, and tampered cursors are refused with 400 invalid_cursor.
#include "api_fixture.hpp"

#include <map>
#include <set>

namespace kalendar::testing {
namespace {

// "path?b=2&a=1" -> "path?a=1&b=2": links.self lists parameters sorted by name (OPERATIONS.md
// §6), links.next appends the cursor; both name the same request.
std::string sorted_query(const std::string& target) {
  const auto q = target.find('?');
  if (q == std::string::npos) return target;
  std::vector<std::string> parts;
  std::size_t start = q + 1;
  while (start <= target.size()) {
    auto amp = target.find('&', start);
    if (amp == std::string::npos) amp = target.size();
    parts.push_back(target.substr(start, amp - start));
    start = amp + 1;
  }
  std::sort(parts.begin(), parts.end());
  std::string out = target.substr(0, q + 1);
  for (const auto& p : parts) out += (out.back() == '?' ? "" : "&") + p;
  return out;
}

struct Walk {
  std::vector<std::string> ids;    // "id" of every item, in order ("<null>" for Sundays)
  std::vector<std::string> keys;   // slug@date of every item
  std::vector<std::size_t> sizes;  // items per page
  std::vector<std::string> cursors;
};

class PagingTest : public ApiTest {
 protected:
  // Follows links.next from `first` until it is null (at most 200 pages).
  Walk walk(const std::string& first) {
    Walk w;
    std::string target = first;
    for (int page = 0; page < 200; ++page) {
      const auto r = get(target);
      EXPECT_EQ(r.status, 200) << target << "\n" << r.body.substr(0, 300);
      if (r.status != 200) break;
      const Json j(r.body);
      const auto ids = j.strings("/data", "id");
      const auto slugs = j.strings("/data", "slug");
      const auto dates = j.strings("/data", "date");
      for (std::size_t i = 0; i < ids.size(); ++i) {
        w.ids.push_back(ids[i]);
        w.keys.push_back(slugs[i] + "@" + dates[i]);
      }
      w.sizes.push_back(ids.size());
      EXPECT_EQ(sorted_query(j.str("/links/self")), sorted_query(target))
          << "links.self names the request";
      if (j.is_null("/links/next")) return w;
      target = j.str("/links/next");
      EXPECT_EQ(target.rfind("/api/v2/celebrations?", 0), 0U) << target;
      w.cursors.push_back(target.substr(target.find("cursor=") + 7));
    }
    ADD_FAILURE() << "links.next never became null";
    return w;
  }
};

template <typename T>
std::vector<std::string> duplicates(const std::vector<T>& items) {
  std::map<T, int> count;
  for (const auto& i : items) ++count[i];
  std::vector<std::string> out;
  for (const auto& [item, n] : count) {
    if (n > 1) out.push_back(item + " x" + std::to_string(n));
  }
  return out;
}

TEST_F(PagingTest, WholeCatalogueExactlyOnce) {
  const std::size_t catalogue = (*stack().app().engine->find_book("loc_2015"))->celebrations.size();
  ASSERT_GT(catalogue, 100U);  // more than one page of the largest size
  const Walk w = walk("/api/v2/celebrations?book=loc_2015&limit=7");
  EXPECT_EQ(duplicates(w.ids), std::vector<std::string>{});
  EXPECT_EQ(std::set<std::string>(w.ids.begin(), w.ids.end()).size(), catalogue);
  EXPECT_EQ(w.ids.size(), catalogue);
  EXPECT_EQ(w.sizes.size(), (catalogue + 6) / 7);
  for (std::size_t i = 0; i + 1 < w.sizes.size(); ++i) EXPECT_EQ(w.sizes[i], 7U) << "page " << i;
  // The same walk with the largest pages gives the same sequence.
  const Walk big = walk("/api/v2/celebrations?book=loc_2015&limit=100");
  EXPECT_EQ(big.ids, w.ids);
  // Order: fixed celebrations by month and day (holy_name, 1 January, first), movable ones after.
  EXPECT_EQ(w.keys.front(), "holy_name@<null>");
  const CompiledBook& book = **stack().app().engine->find_book("loc_2015");
  const auto fixed =
      static_cast<std::size_t>(std::count_if(book.celebrations.begin(), book.celebrations.end(),
                                             [](const auto& c) { return !c.movable; }));
  const auto movable = get("/api/v2/celebrations?book=loc_2015&movable=true&limit=1");
  const auto movable_ids = Json(movable.body).strings("/data", "id");
  ASSERT_EQ(movable_ids.size(), 1U) << movable.body;
  const std::string first_movable = movable_ids.front();
  EXPECT_EQ(std::find(w.ids.begin(), w.ids.end(), first_movable) - w.ids.begin(),
            static_cast<std::ptrdiff_t>(fixed));
}

TEST_F(PagingTest, AYearWithItsSundaysExactlyOnce) {
  const Walk w = walk("/api/v2/celebrations?book=loc_2015&year=2026&limit=7");
  EXPECT_EQ(duplicates(w.keys), std::vector<std::string>{});
  const Walk big = walk("/api/v2/celebrations?book=loc_2015&year=2026&limit=100");
  EXPECT_EQ(big.keys, w.keys);
  // Sorted by effective date.
  std::vector<std::string> dates;
  for (const auto& k : w.keys) dates.push_back(k.substr(k.find('@') + 1));
  EXPECT_TRUE(std::is_sorted(dates.begin(), dates.end()));
  EXPECT_EQ(dates.front().substr(0, 4), "2026");
  EXPECT_EQ(dates.back().substr(0, 4), "2026");
  // Every catalogue celebration of the year is there once (catalogue ids, no null among them)...
  std::vector<std::string> ids;
  for (const auto& id : w.ids) {
    if (id != "<null>") ids.push_back(id);
  }
  EXPECT_EQ(duplicates(ids), std::vector<std::string>{});
  EXPECT_EQ(ids.size(), (*stack().app().engine->find_book("loc_2015"))->celebrations.size());
  // ... and the Sundays are exactly the days of 2026 on which a Sunday prevails (GET /days).
  std::set<std::string> sundays;
  for (const auto& k : w.keys) {
    if (w.ids[static_cast<std::size_t>(&k - w.keys.data())] == "<null>") {
      sundays.insert(k.substr(k.find('@') + 1));
    }
  }
  const auto year = get("/api/v2/days?book=loc_2015&year=2026&fields%5Bday%5D=celebration");
  ASSERT_EQ(year.status, 200);
  const Json days(year.body);
  std::set<std::string> expected;
  const auto types = days.strings("/data", "celebration/type");
  const auto day_ids = days.strings("/data", "id");
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] == "sunday") expected.insert(day_ids[i]);
  }
  EXPECT_GE(expected.size(), 40U);
  EXPECT_EQ(sundays, expected);
}

TEST_F(PagingTest, CursorIsBoundToItsFiltersAndBook) {
  const auto first = get("/api/v2/celebrations?book=loc_2015&limit=3&type=lesser_feast");
  ASSERT_EQ(first.status, 200);
  const std::string next = Json(first.body).str("/links/next");
  const std::string cursor = next.substr(next.find("cursor=") + 7);
  ASSERT_FALSE(cursor.empty());
  // The same filters with another page size: fine.
  EXPECT_EQ(
      get("/api/v2/celebrations?book=loc_2015&limit=5&type=lesser_feast&cursor=" + cursor).status,
      200);
  for (const std::string other :
       {"/api/v2/celebrations?book=loc_2015&limit=3&type=festival&cursor=",
        "/api/v2/celebrations?book=loc_2015&limit=3&cursor=",
        "/api/v2/celebrations?book=loc_2015&limit=3&type=lesser_feast&month=5&cursor=",
        "/api/v2/celebrations?book=loc_2015&limit=3&type=lesser_feast&year=2026&cursor=",
        "/api/v2/celebrations?book=loc_2015&limit=3&type=lesser_feast&q=a&cursor=",
        "/api/v2/celebrations?book=loc_2019_en&limit=3&type=lesser_feast&cursor="}) {
    const auto r = get(other + cursor);
    EXPECT_EQ(r.status, 400) << other;
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_cursor"}) << other << r.body;
    EXPECT_EQ(error_parameters(r.body), std::vector<std::string>{"cursor"}) << other;
  }
}

// base64url without padding, as the cursor uses.
std::string base64url_decode(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
  };
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : text) {
    const int v = value(c);
    if (v < 0) return "<bad>";
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFFu);
    }
  }
  return out;
}

std::string base64url_encode(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : bytes) {
    buffer = (buffer << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += kAlphabet[(buffer >> bits) & 0x3Fu];
    }
  }
  if (bits > 0) out += kAlphabet[(buffer << (6 - bits)) & 0x3Fu];
  return out;
}

TEST_F(PagingTest, TamperedCursorsAreRefused) {
  const std::string base = "/api/v2/celebrations?book=loc_2015&limit=3";
  const auto first = get(base);
  const std::string next = Json(first.body).str("/links/next");
  const std::string cursor = next.substr(next.find("cursor=") + 7);
  const std::string document = base64url_decode(cursor);
  ASSERT_EQ(document.rfind("{\"v\":1,\"s\":\"", 0), 0U) << document;

  std::string flipped = cursor;
  flipped[flipped.size() / 2] = flipped[flipped.size() / 2] == 'A' ? 'B' : 'A';
  std::string other_digest = document;
  other_digest[12] = other_digest[12] == '0' ? '1' : '0';  // first hex digit of the scope
  std::string other_version = document;
  other_version[5] = '2';
  for (const std::string& bad :
       {std::string("abc"), cursor.substr(0, cursor.size() - 5), flipped, cursor + "%21",
        base64url_encode(other_digest), base64url_encode(other_version),
        base64url_encode("{\"v\":1}"), base64url_encode("[]"), std::string(600, 'A')}) {
    const auto r = get(base + "&cursor=" + bad);
    EXPECT_EQ(r.status, 400) << bad << " (" << base64url_decode(bad) << ")\n" << r.body;
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_cursor"}) << bad << "\n"
                                                                               << r.body;
  }
}

TEST_F(PagingTest, CursorWithASortKeyOfAnotherShapeIsRefused) {
  // A catalogue cursor's sort key has 4 parts (movable, month, day, id); a year's has 3 (date,
  // kind, id). A cursor whose key has another shape was not made by this listing: it is
  // malformed (api-decisions.md: "reject anything malformed or foreign with invalid_cursor"),
  // not a position to resume from.
  const std::string base = "/api/v2/celebrations?book=loc_2015&limit=3";
  const auto first = get(base);
  const std::string next = Json(first.body).str("/links/next");
  const std::string document = base64url_decode(next.substr(next.find("cursor=") + 7));
  const auto k = document.find("\"k\":");
  ASSERT_NE(k, std::string::npos) << document;
  for (const std::string key : {"[1]", "[0,1,1,1,0,0,0,0]", "[0,1,1]"}) {
    const std::string forged = document.substr(0, k) + "\"k\":" + key + "}";
    const auto r = get(base + "&cursor=" + base64url_encode(forged));
    EXPECT_EQ(r.status, 400) << forged << "\n" << r.body.substr(0, 200);
    EXPECT_EQ(error_codes(r.body), std::vector<std::string>{"invalid_cursor"}) << forged;
  }
}

TEST(PagingBaseUrl, LinksAreAbsoluteUrlsOnTheConfiguredBase) {
  // kalendar-server always passes an absolute base (--base-url, else http://ADDRESS:PORT).
  ApiStack stack(StackOptions{.start_http = false, .base_url = "https://api.example.org"});
  const std::string base = "https://api.example.org";
  const auto first = stack.dispatch("/api/v2/celebrations?book=loc_2015&limit=2");
  ASSERT_EQ(first.status, 200) << first.body;
  const Json j(first.body);
  EXPECT_EQ(j.str("/links/self"), base + "/api/v2/celebrations?book=loc_2015&limit=2");
  const std::string next = j.str("/links/next");
  ASSERT_EQ(next.rfind(base + "/api/v2/celebrations?book=loc_2015&limit=2&cursor=", 0), 0U) << next;
  // The URL works as it is (here without its origin, as a client at that origin sends it).
  const auto second = stack.dispatch(next.substr(base.size()));
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_NE(Json(second.body).num("/data/0/id"), j.num("/data/0/id"));
}

}  // namespace
}  // namespace kalendar::testing
