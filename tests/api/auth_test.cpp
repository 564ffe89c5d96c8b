// The SQLite key store, the in-memory key snapshot and the rate limiter
// (keystore.hpp, auth.hpp, rate_limit.hpp).
#include "auth.hpp"

#include "keystore.hpp"
#include "rate_limit.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <unistd.h>

namespace kalendar::api {
namespace {

constexpr std::int64_t kNow = 1'750'000'000;  // 2025-06-15T15:06:40Z

// A fresh key-store file per test, removed afterwards.
class KeyStoreFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "kalendar_keys_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite3";
    std::remove(path_.c_str());
    auto opened = KeyStore::open(path_, KeyStore::Mode::read_write_create);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    store_ = std::move(opened).value();
  }
  void TearDown() override {
    store_.reset();
    std::remove(path_.c_str());
  }

  // Issues a key and returns its secret.
  std::string issue(const std::string& name, std::optional<std::vector<std::string>> books = {},
                    std::optional<std::int64_t> expires_at = {}, std::optional<int> rate = {}) {
    const auto key = generate_api_key();
    KeyRecord r;
    r.name = name;
    r.digest = key->digest;
    r.books = std::move(books);
    r.expires_at = expires_at;
    r.rate_per_minute = rate;
    r.created_at = kNow;
    auto stored = store_->insert(r);
    EXPECT_TRUE(stored.ok()) << stored.error().message;
    ids_[name] = stored.ok() ? stored.value().id : 0;
    return key->secret;
  }

  std::string path_;
  std::unique_ptr<KeyStore> store_;
  std::map<std::string, std::int64_t> ids_;
};

using KeyStoreTest = KeyStoreFixture;
using AuthTest = KeyStoreFixture;

TEST_F(KeyStoreTest, StoresOnlyDigestsAndRoundTripsRecords) {
  const std::string secret =
      issue("ops", std::vector<std::string>{"loc_2015", "bcp_1979"}, kNow + 100, 120);
  issue("all-books");
  const auto keys = store_->list();
  ASSERT_TRUE(keys.ok());
  ASSERT_EQ(keys.value().size(), 2U);
  const KeyRecord& ops = keys.value()[0];
  EXPECT_EQ(ops.name, "ops");
  EXPECT_EQ(ops.digest, digest_api_key(secret));
  EXPECT_EQ(ops.books, (std::vector<std::string>{"loc_2015", "bcp_1979"}));
  EXPECT_EQ(ops.expires_at, kNow + 100);
  EXPECT_EQ(ops.rate_per_minute, 120);
  EXPECT_TRUE(ops.active);
  EXPECT_EQ(keys.value()[1].books, std::nullopt);
  EXPECT_EQ(keys.value()[1].rate_per_minute, std::nullopt);

  // The secret itself is nowhere in the file.
  std::FILE* f = std::fopen(path_.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  std::string bytes;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.append(buf, n);
  std::fclose(f);
  EXPECT_EQ(bytes.find(secret), std::string::npos);
  EXPECT_EQ(bytes.find(secret.substr(4)), std::string::npos);
}

TEST_F(KeyStoreTest, DuplicateNamesUnknownIdsAndUpdates) {
  issue("ops");
  KeyRecord again;
  again.name = "ops";
  again.digest = sha256("other");
  const auto dup = store_->insert(again);
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error().code, "duplicate");
  EXPECT_FALSE(store_->revoke(999).value());
  EXPECT_TRUE(store_->revoke(ids_["ops"]).value());
  EXPECT_TRUE(store_->set_expiry(ids_["ops"], kNow).value());
  EXPECT_TRUE(store_->set_expiry(ids_["ops"], std::nullopt).value());
  const auto keys = store_->list().value();
  EXPECT_FALSE(keys[0].active);
  EXPECT_EQ(keys[0].expires_at, std::nullopt);
}

TEST_F(KeyStoreTest, ReadOnlyOpenNeedsAnExistingStore) {
  EXPECT_FALSE(KeyStore::open(path_ + ".missing", KeyStore::Mode::read_only).ok());
  EXPECT_FALSE(KeyStore::open(path_ + ".missing", KeyStore::Mode::read_write).ok());
  EXPECT_TRUE(KeyStore::open(path_, KeyStore::Mode::read_only).ok());
}

TEST_F(KeyStoreTest, AStoreFromBeforeFeedsIsReadAndUpgradedWhenWritten) {
  const std::string secret = issue("old");
  // Turn the fixture's store back into schema version 1: no feed table.
  store_.reset();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "DROP TABLE feed_tokens; PRAGMA user_version = 1;", nullptr, nullptr,
                         nullptr),
            SQLITE_OK);
  sqlite3_close(db);

  // The server (read-only) reads its keys as before.
  auto reader = KeyStore::open(path_, KeyStore::Mode::read_only);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  auto keys = reader.value()->list();
  ASSERT_TRUE(keys.ok()) << keys.error().message;
  ASSERT_EQ(keys.value().size(), 1U);
  EXPECT_TRUE(keys.value()[0].feeds.empty());

  // kalendar-keys (read-write) adds the feed table, and feeds work from then on.
  auto writer = KeyStore::open(path_, KeyStore::Mode::read_write);
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  const auto token = generate_feed_token();
  auto feed = writer.value()->insert_feed(
      {.key_id = ids_["old"], .digest = token->digest, .book = "loc_2015", .created_at = kNow});
  ASSERT_TRUE(feed.ok()) << feed.error().message;
  Authenticator auth(keystore_loader(path_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate(secret, kNow).status, AuthStatus::ok);
  const AuthOutcome outcome = auth.authenticate_feed(token->secret, kNow);
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  EXPECT_EQ(outcome.feed->book, "loc_2015");
  EXPECT_EQ(outcome.feed->lang, "");  // the book's own language
}

TEST_F(KeyStoreTest, AStoreFromBeforeFeedOptionsIsReadAndUpgradedWhenWritten) {
  issue("old");
  const auto old_token = generate_feed_token();
  ASSERT_TRUE(store_
                  ->insert_feed({.key_id = ids_["old"],
                                 .digest = old_token->digest,
                                 .book = "loc_2015",
                                 .lang = "pt-BR",
                                 .created_at = kNow})
                  .ok());
  // Turn the fixture's store back into schema version 2: feeds without an options column.
  store_.reset();
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(db, "ALTER TABLE feed_tokens DROP COLUMN options; PRAGMA user_version = 2;",
                   nullptr, nullptr, nullptr),
      SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);

  // The server (read-only) reads the old feed as before: no options, the book's defaults.
  Authenticator auth(keystore_loader(path_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  AuthOutcome outcome = auth.authenticate_feed(old_token->secret, kNow);
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  EXPECT_EQ(outcome.feed->lang, "pt-BR");
  EXPECT_TRUE(outcome.feed->options.empty());

  // kalendar-keys (read-write) adds the column; the old feed keeps no options, a new one binds.
  auto writer = KeyStore::open(path_, KeyStore::Mode::read_write);
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  const auto token = generate_feed_token();
  ASSERT_TRUE(writer.value()
                  ->insert_feed({.key_id = ids_["old"],
                                 .digest = token->digest,
                                 .book = "cw_2000_en",
                                 .created_at = kNow,
                                 .options = {{"epiphany", "sunday"}}})
                  .ok());
  writer.value().reset();
  // Opening an upgraded store again changes nothing (no second ALTER).
  ASSERT_TRUE(KeyStore::open(path_, KeyStore::Mode::read_write_create).ok());
  ASSERT_TRUE(auth.refresh());
  EXPECT_TRUE(auth.authenticate_feed(old_token->secret, kNow).feed->options.empty());
  outcome = auth.authenticate_feed(token->secret, kNow);
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  const std::vector<std::pair<std::string, std::string>> bound{{"epiphany", "sunday"}};
  EXPECT_EQ(outcome.feed->options, bound);
}

TEST_F(KeyStoreTest, ALockedStoreIsReportedAsLockedNotAsCorrupt) {
  sqlite3* holder = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &holder), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(holder, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  const auto opened = KeyStore::open(path_, KeyStore::Mode::read_only);  // waits the 5 s timeout
  sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  ASSERT_FALSE(opened.ok());
  EXPECT_NE(opened.error().message.find("is locked by another process"), std::string::npos)
      << opened.error().message;
  EXPECT_EQ(opened.error().message.find("not a key store"), std::string::npos);
  EXPECT_TRUE(KeyStore::open(path_, KeyStore::Mode::read_only).ok());
}

TEST_F(AuthTest, Outcomes) {
  const std::string good = issue("good", std::vector<std::string>{"loc_2015"});
  const std::string revoked = issue("revoked");
  const std::string expired = issue("expired", {}, kNow);    // fails from kNow on
  const std::string future = issue("future", {}, kNow + 1);  // still valid at kNow
  ASSERT_TRUE(store_->revoke(ids_["revoked"]).value());

  Authenticator auth(keystore_loader(path_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.active_key_count(), 3U);

  const struct {
    std::optional<std::string> header;
    AuthStatus status;
  } kCases[] = {
      {std::nullopt, AuthStatus::missing},
      {"", AuthStatus::missing},
      {"  ", AuthStatus::missing},
      {good, AuthStatus::ok},
      {" " + good + "\t", AuthStatus::ok},  // surrounding whitespace is not part of the key
      {good + "x", AuthStatus::invalid},
      {"kal_wrong", AuthStatus::invalid},
      {std::string(1000, 'k'), AuthStatus::invalid},
      {revoked, AuthStatus::inactive},
      {expired, AuthStatus::expired},
      {future, AuthStatus::ok},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.header.value_or("<absent>").substr(0, 20));
    const auto outcome = auth.authenticate(c.header, kNow);
    EXPECT_EQ(outcome.status, c.status);
    EXPECT_EQ(outcome.grant != nullptr, c.status == AuthStatus::ok);
  }

  const auto grant = auth.authenticate(good, kNow).grant;
  EXPECT_EQ(grant->key_name, "good");
  EXPECT_TRUE(grant->allows_book("loc_2015"));
  EXPECT_FALSE(grant->allows_book("bcp_1979"));  // book not allowed for this key
  EXPECT_TRUE(auth.authenticate(future, kNow).grant->allows_book("anything"));
  EXPECT_EQ(grant->rate_per_minute, AuthOptions{}.default_rate_per_minute);
}

TEST_F(AuthTest, RevokedKeyStopsWorkingWithinSecondsWithoutRestart) {
  const std::string key = issue("soon-revoked");
  AuthOptions options;
  options.refresh_interval = std::chrono::milliseconds(100);
  Authenticator auth(keystore_loader(path_), options);
  ASSERT_TRUE(auth.refresh());
  auth.start_refresher();
  ASSERT_EQ(auth.authenticate(key, unix_now()).status, AuthStatus::ok);

  // Another connection (as kalendar-keys would) revokes the key.
  auto writer = KeyStore::open(path_, KeyStore::Mode::read_write);
  ASSERT_TRUE(writer.ok());
  ASSERT_TRUE(writer.value()->revoke(ids_["soon-revoked"]).value());
  const auto revoked_at = std::chrono::steady_clock::now();
  while (auth.authenticate(key, unix_now()).status == AuthStatus::ok) {
    ASSERT_LT(std::chrono::steady_clock::now() - revoked_at, std::chrono::seconds(3));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(auth.authenticate(key, unix_now()).status, AuthStatus::inactive);

  // A key issued meanwhile starts working the same way.
  const std::string fresh = issue("fresh");
  const auto issued_at = std::chrono::steady_clock::now();
  while (auth.authenticate(fresh, unix_now()).status != AuthStatus::ok) {
    ASSERT_LT(std::chrono::steady_clock::now() - issued_at, std::chrono::seconds(3));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  auth.stop_refresher();
}

// Keys verified once are remembered per thread (auth.hpp); these check that remembering never
// outlives what the key store says.
class VerifiedKeyCache : public ::testing::Test {
 protected:
  KeyRecord add(std::int64_t id, std::optional<std::int64_t> expires_at = {}) {
    const auto key = generate_api_key();
    KeyRecord r;
    r.id = id;
    r.name = "k" + std::to_string(id);
    r.digest = key->digest;
    r.expires_at = expires_at;
    records_.push_back(r);
    secrets_[id] = key->secret;
    return r;
  }
  KeyLoader loader() {
    return [this] { return Result<std::vector<KeyRecord>>(records_); };
  }
  std::vector<KeyRecord> records_;
  std::map<std::int64_t, std::string> secrets_;
};

TEST_F(VerifiedKeyCache, RevokedKeyIsRefusedAtTheNextRefreshEvenWhenRemembered) {
  add(1);
  add(2);
  Authenticator auth(loader(), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  for (int i = 0; i < 100; ++i) {  // verified, then answered from this thread's memory
    ASSERT_EQ(auth.authenticate(secrets_[1], kNow).status, AuthStatus::ok);
    ASSERT_EQ(auth.authenticate(secrets_[2], kNow).status, AuthStatus::ok);
  }
  records_[0].active = false;  // as kalendar-keys revoke would
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate(secrets_[1], kNow).status, AuthStatus::inactive);
  EXPECT_EQ(auth.authenticate(secrets_[2], kNow).status, AuthStatus::ok);

  // Another thread that remembered the key before the refresh forgets it too.
  records_[1].active = false;
  std::thread other(
      [&] { EXPECT_EQ(auth.authenticate(secrets_[2], kNow).status, AuthStatus::ok); });
  other.join();
  ASSERT_TRUE(auth.refresh());
  std::thread after(
      [&] { EXPECT_EQ(auth.authenticate(secrets_[2], kNow).status, AuthStatus::inactive); });
  after.join();
}

TEST_F(VerifiedKeyCache, RemovedKeyIsInvalidAfterRefresh) {
  add(1);
  Authenticator auth(loader(), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  ASSERT_EQ(auth.authenticate(secrets_[1], kNow).status, AuthStatus::ok);
  records_.clear();
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate(secrets_[1], kNow).status, AuthStatus::invalid);
}

TEST_F(VerifiedKeyCache, ExpiryIsCheckedOnEveryRequestOfARememberedKey) {
  add(1, kNow + 10);
  Authenticator auth(loader(), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  ASSERT_EQ(auth.authenticate(secrets_[1], kNow).status, AuthStatus::ok);
  EXPECT_EQ(auth.authenticate(secrets_[1], kNow + 9).status, AuthStatus::ok);
  EXPECT_EQ(auth.authenticate(secrets_[1], kNow + 10).status, AuthStatus::expired);
}

TEST_F(VerifiedKeyCache, SimilarKeysAndOtherAuthenticatorsAreNotConfused) {
  add(1);
  Authenticator auth(loader(), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  const std::string key = secrets_[1];
  ASSERT_EQ(auth.authenticate(key, kNow).status, AuthStatus::ok);
  std::string last_changed = key;
  last_changed.back() = last_changed.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(auth.authenticate(last_changed, kNow).status, AuthStatus::invalid);
  EXPECT_EQ(auth.authenticate(key.substr(0, key.size() - 1), kNow).status, AuthStatus::invalid);
  // More keys than a thread remembers, used in turn: each still authenticates as itself.
  for (std::int64_t id = 2; id <= 20; ++id) add(id);
  ASSERT_TRUE(auth.refresh());
  for (int round = 0; round < 3; ++round) {
    for (const auto& [id, secret] : secrets_) {
      const auto outcome = auth.authenticate(secret, kNow);
      ASSERT_EQ(outcome.status, AuthStatus::ok);
      EXPECT_EQ(outcome.grant->key_id, id);
    }
  }
  // A second authenticator over a store without the key refuses it on the same thread.
  Authenticator empty([] { return Result<std::vector<KeyRecord>>(std::vector<KeyRecord>{}); },
                      AuthOptions{});
  ASSERT_TRUE(empty.refresh());
  EXPECT_EQ(empty.authenticate(key, kNow).status, AuthStatus::invalid);
  EXPECT_EQ(auth.authenticate(key, kNow).status, AuthStatus::ok);
}

TEST(Authenticator, FailedRefreshKeepsTheLastSnapshot) {
  const auto key = generate_api_key();
  KeyRecord record;
  record.id = 1;
  record.name = "k";
  record.digest = key->digest;
  bool fail = false;
  int reported = 0;
  AuthOptions options;
  options.on_refresh_error = [&](const Error&) { ++reported; };
  Authenticator auth(
      [&]() -> Result<std::vector<KeyRecord>> {
        if (fail) return Error{"keystore", "disk on fire"};
        return std::vector<KeyRecord>{record};
      },
      options);
  EXPECT_EQ(auth.authenticate(key->secret, kNow).status, AuthStatus::invalid);  // before load
  ASSERT_TRUE(auth.refresh());
  fail = true;
  EXPECT_FALSE(auth.refresh());
  EXPECT_EQ(reported, 1);
  EXPECT_EQ(auth.authenticate(key->secret, kNow).status, AuthStatus::ok);
}

TEST(Authenticator, LoaderExceptionIsAFailedRefresh) {
  Authenticator auth([]() -> Result<std::vector<KeyRecord>> { throw std::runtime_error("x"); },
                     AuthOptions{});
  EXPECT_FALSE(auth.refresh());
}

TEST(RateLimiter, BucketBurstsThenRefills) {
  RateLimiter limiter;
  const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 60; ++i) {
    const RateDecision d = limiter.take(7, 60, t0);
    ASSERT_TRUE(d.allowed) << i;
    EXPECT_EQ(d.limit, 60);
    EXPECT_EQ(d.remaining, 59 - i);
  }
  RateDecision refused = limiter.take(7, 60, t0);
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(refused.remaining, 0);
  EXPECT_EQ(refused.retry_after_seconds, 1);  // 60/min refills one token per second
  EXPECT_EQ(refused.reset_seconds, 60);

  EXPECT_TRUE(limiter.take(7, 60, t0 + std::chrono::milliseconds(1000)).allowed);
  EXPECT_FALSE(limiter.take(7, 60, t0 + std::chrono::milliseconds(1500)).allowed);
  // Another key has its own bucket.
  EXPECT_TRUE(limiter.take(8, 60, t0).allowed);
}

TEST(RateLimiter, AnExpensiveAnswerCostsMoreTokensAndCanLeaveADebt) {
  RateLimiter limiter;
  const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
  ASSERT_TRUE(limiter.take(3, 60, t0).allowed);  // 59 left
  limiter.charge(3, 60, 9, t0);                  // a 640 KB answer: 9 more
  EXPECT_EQ(limiter.take(3, 60, t0).remaining, 49);
  limiter.charge(3, 60, 500, t0);  // debt is capped at one capacity (-60)
  const RateDecision refused = limiter.take(3, 60, t0);
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(refused.remaining, 0);
  EXPECT_EQ(refused.retry_after_seconds, 61);  // from -60 back to 1 token at 1 per second
  EXPECT_TRUE(limiter.take(3, 60, t0 + std::chrono::seconds(61)).allowed);
  limiter.charge(4, 60, 5, t0);  // a key never seen: nothing to charge
  EXPECT_EQ(limiter.take(4, 60, t0).remaining, 59);
}

TEST(RateLimiter, SlowRatesAndUnlimited) {
  RateLimiter limiter;
  const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
  EXPECT_TRUE(limiter.take(1, 2, t0).allowed);
  EXPECT_TRUE(limiter.take(1, 2, t0).allowed);
  const RateDecision d = limiter.take(1, 2, t0);
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.retry_after_seconds, 30);  // 2 per minute: one token every 30 s
  EXPECT_EQ(d.reset_seconds, 60);

  const RateDecision unlimited = limiter.take(2, 0, t0);
  EXPECT_TRUE(unlimited.allowed);
  EXPECT_EQ(unlimited.limit, 0);
}

TEST(RateLimiter, ChangedRateAppliesAtOnce) {
  RateLimiter limiter;
  const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(limiter.take(3, 100, t0).allowed);
  const RateDecision d = limiter.take(3, 5, t0);  // 90 tokens clamp to 5, minus this one
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.limit, 5);
  EXPECT_EQ(d.remaining, 4);
}

}  // namespace
}  // namespace kalendar::api
