// kalendar-keys, run as a process: exit codes, output, and keys that the server accepts.
#include "auth.hpp"
#include "keystore.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace kalendar::api {
namespace {

struct CliRun {
  int status = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

class KeysCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = ::testing::TempDir() + "kalendar_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    db_ = base_ + ".sqlite3";
    std::remove(db_.c_str());
  }
  void TearDown() override {
    std::remove(db_.c_str());
    std::remove((base_ + ".err").c_str());
  }

  // Runs kalendar-keys with `args` (already shell-safe) and the store at db_.
  CliRun keys(const std::string& args) {
    const std::string err_file = base_ + ".err";
    const std::string command =
        std::string(KALENDAR_KEYS_BIN) + " --db " + db_ + " " + args + " 2>" + err_file;
    CliRun run;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return run;
    std::array<char, 256> buf{};
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) {
      run.out.append(buf.data(), n);
    }
    const int raw = ::pclose(pipe);
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream err(err_file);
    std::stringstream ss;
    ss << err.rdbuf();
    run.err = ss.str();
    return run;
  }

  std::string base_;
  std::string db_;
};

TEST_F(KeysCliTest, FeedTokensAreBoundToAKeyABookAndALanguageAndRevocable) {
  ASSERT_EQ(keys("create --name parish --books loc_2015 --rate 60").status, 0);
  ASSERT_EQ(keys("create --name other --all").status, 0);
  const CliRun created = keys("feed create 1 --book loc_2015 --lang pt-BR");
  ASSERT_EQ(created.status, 0) << created.err;
  ASSERT_EQ(created.out.size(), 50U);  // "kfeed_" + 43 characters + newline
  const std::string token = created.out.substr(0, 49);
  EXPECT_EQ(token.substr(0, 6), "kfeed_");
  EXPECT_NE(created.err.find("/api/v2/feeds/" + token + ".ics"), std::string::npos);

  Authenticator auth(keystore_loader(db_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  AuthOutcome outcome = auth.authenticate_feed(token, unix_now());
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  EXPECT_EQ(outcome.grant->key_name, "parish");  // the key's grant: its rate and books
  EXPECT_EQ(outcome.grant->rate_per_minute, 60);
  ASSERT_TRUE(outcome.feed);
  EXPECT_EQ(outcome.feed->book, "loc_2015");
  EXPECT_EQ(outcome.feed->lang, "pt-BR");
  // A feed token is not an API key, nor the other way round.
  EXPECT_EQ(auth.authenticate(token, unix_now()).status, AuthStatus::invalid);

  const CliRun listed = keys("feed list");
  EXPECT_EQ(listed.status, 0);
  EXPECT_NE(listed.out.find("1\t1\tloc_2015\tpt-BR\tdefaults\tactive\t"), std::string::npos)
      << listed.out;
  EXPECT_EQ(listed.out.find(token), std::string::npos);  // never printed again

  // A key limited to some books cannot feed another; usage errors exit 2.
  EXPECT_EQ(keys("feed create 1 --book loc_2019").status, 1);
  EXPECT_EQ(keys("feed create 9 --book loc_2015").status, 1);
  EXPECT_EQ(keys("feed create 1").status, 2);
  EXPECT_EQ(keys("feed create 1 --book LOC").status, 2);
  EXPECT_EQ(keys("feed create 1 --book loc_2015 --lang pt_BR").status, 2);

  ASSERT_EQ(keys("feed revoke 1").status, 0);
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate_feed(token, unix_now()).status, AuthStatus::inactive);
  EXPECT_NE(keys("feed list").out.find("\trevoked\t"), std::string::npos);
  EXPECT_EQ(keys("feed revoke 7").status, 1);

  // Revoking the key ends its feeds too.
  const CliRun second = keys("feed create 2 --book loc_2019");
  ASSERT_EQ(second.status, 0) << second.err;
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate_feed(second.out.substr(0, 49), unix_now()).status, AuthStatus::ok);
  ASSERT_EQ(keys("revoke 2").status, 0);
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate_feed(second.out.substr(0, 49), unix_now()).status,
            AuthStatus::inactive);
  EXPECT_NE(keys("feed list").out.find("\tkey revoked\t"), std::string::npos);
}

TEST_F(KeysCliTest, AFeedTokenBindsCalendarOptionsListedAndSeenByTheServer) {
  ASSERT_EQ(keys("create --name parish --all").status, 0);
  const CliRun created =
      keys("feed create 1 --book cw_2000_en --option epiphany=sunday --option patronal=10-12");
  ASSERT_EQ(created.status, 0) << created.err;
  EXPECT_NE(created.err.find("epiphany=sunday,patronal=10-12"), std::string::npos) << created.err;
  Authenticator auth(keystore_loader(db_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  const AuthOutcome outcome = auth.authenticate_feed(created.out.substr(0, 49), unix_now());
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  const std::vector<std::pair<std::string, std::string>> bound{{"epiphany", "sunday"},
                                                               {"patronal", "10-12"}};
  EXPECT_EQ(outcome.feed->options, bound);
  EXPECT_NE(keys("feed list").out.find("\tcw_2000_en\tbook\tepiphany=sunday,patronal=10-12\t"),
            std::string::npos);

  // Only the shape is checked here (the server checks the book's options on every request);
  // a malformed or repeated option is a usage error and stores nothing.
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option epiphany").status, 2);
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option =sunday").status, 2);
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option Epiphany=sunday").status, 2);
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option epiphany=a,b").status, 2);
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option").status, 2);
  EXPECT_EQ(keys("feed create 1 --book cw_2000_en --option epiphany=sunday --option epiphany=jan6")
                .status,
            2);
  const std::string listed = keys("feed list").out;
  EXPECT_EQ(std::count(listed.begin(), listed.end(), '\n'), 2) << listed;  // header + 1 feed
}

TEST_F(KeysCliTest, CreatePrintsTheKeyOnceAndTheServerAcceptsIt) {
  const CliRun created = keys("create --name parish --books loc_2015,bcp_1979 --rate 60");
  ASSERT_EQ(created.status, 0) << created.err;
  ASSERT_EQ(created.out.size(), 48U);  // "kal_" + 43 characters + newline
  const std::string key = created.out.substr(0, 47);
  EXPECT_EQ(key.substr(0, 4), "kal_");
  EXPECT_NE(created.err.find("shown only this once"), std::string::npos);

  Authenticator auth(keystore_loader(db_), AuthOptions{});
  ASSERT_TRUE(auth.refresh());
  const AuthOutcome outcome = auth.authenticate(key, unix_now());
  ASSERT_EQ(outcome.status, AuthStatus::ok);
  EXPECT_EQ(outcome.grant->key_name, "parish");
  EXPECT_EQ(outcome.grant->rate_per_minute, 60);
  EXPECT_TRUE(outcome.grant->allows_book("bcp_1979"));
  EXPECT_FALSE(outcome.grant->allows_book("other"));

  const CliRun listed = keys("list");
  EXPECT_EQ(listed.status, 0);
  EXPECT_NE(listed.out.find("parish"), std::string::npos);
  EXPECT_NE(listed.out.find(key_fingerprint(digest_api_key(key))), std::string::npos);
  EXPECT_NE(listed.out.find("loc_2015,bcp_1979"), std::string::npos);
  EXPECT_NE(listed.out.find("60/min"), std::string::npos);
  EXPECT_EQ(listed.out.find(key.substr(4, 12)), std::string::npos);  // never the key
  EXPECT_EQ(listed.out.find(to_hex(digest_api_key(key)).substr(0, 16)), std::string::npos);

  // Revoked by the tool: refused at the next refresh.
  EXPECT_EQ(keys("revoke 1").status, 0);
  ASSERT_TRUE(auth.refresh());
  EXPECT_EQ(auth.authenticate(key, unix_now()).status, AuthStatus::inactive);
  EXPECT_NE(keys("list").out.find("revoked"), std::string::npos);
}

TEST_F(KeysCliTest, ExpireAndClearExpiry) {
  ASSERT_EQ(keys("create --name a --all").status, 0);
  EXPECT_EQ(keys("expire 1 2025-12-31").status, 0);
  const CliRun listed = keys("list");
  EXPECT_NE(listed.out.find("2025-12-31"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("expired"), std::string::npos);  // the machine clock is past it
  EXPECT_EQ(keys("expire 1 never").status, 0);
  EXPECT_NE(keys("list").out.find("never"), std::string::npos);
}

TEST_F(KeysCliTest, ExitCodes) {
  ASSERT_EQ(keys("create --name a --all").status, 0);
  const struct {
    std::string args;
    int status;
  } kCases[] = {
      {"create --name a --all", 1},              // duplicate name
      {"create --all", 2},                       // no name
      {"create --name b", 2},                    // neither --books nor --all
      {"create --name b --all --books loc", 2},  // both
      {"create --name 'b c' --all", 2},          // bad name
      {"create --name b --books LOC", 2},        // bad book code
      {"create --name b --all --rate -1", 2},
      {"create --name b --all --expires 2025-02-30", 2},
      {"create --name b --all --bogus", 2},
      {"revoke 99", 1},  // no such key
      {"revoke x", 2},
      {"revoke", 2},
      {"expire 1 tomorrow", 2},
      {"expire 99 2030-01-01", 1},
      {"list extra", 2},
      {"frobnicate", 2},
      {"", 2},
      {"--help", 0},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.args);
    const CliRun run = keys(c.args);
    EXPECT_EQ(run.status, c.status) << run.err;
    if (c.status != 0) {
      EXPECT_FALSE(run.err.empty());
    }
  }
}

TEST_F(KeysCliTest, MissingStoreIsAFailureNotACreation) {
  EXPECT_EQ(keys("list").status, 1);
  EXPECT_EQ(keys("revoke 1").status, 1);
  std::ifstream probe(db_);
  EXPECT_FALSE(probe.good());
}

}  // namespace
}  // namespace kalendar::api
