// Server configuration from flags and environment (config.hpp).
#include "config.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace kalendar::api {
namespace {

EnvLookup env_of(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](std::string_view name) -> std::optional<std::string> {
    const auto it = vars.find(std::string(name));
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Config, Defaults) {
  const auto out = parse_config({}, env_of({}));
  ASSERT_TRUE(out.config);
  EXPECT_EQ(out.config->address, "127.0.0.1");
  EXPECT_EQ(out.config->port, 9080);
  EXPECT_EQ(out.config->threads, 2);
  EXPECT_EQ(out.config->keys_db, "var/keys.sqlite3");
  EXPECT_EQ(out.config->books_dir, "books");
  EXPECT_TRUE(out.config->access_log);
  EXPECT_EQ(out.config->max_connections, 4096);
}

TEST(Config, FlagsOverrideEnvironmentOverrideDefaults) {
  const auto out = parse_config(
      {"--port", "9090", "--threads=4", "--books-dir", "/srv/books", "--access-log=off"},
      env_of({{"KALENDAR_PORT", "7000"},
              {"KALENDAR_ADDRESS", "::1"},
              {"KALENDAR_KEYS_DB", "/var/lib/kalendar/keys.sqlite3"},
              {"KALENDAR_TEXTS_DIR", "/srv/texts"},
              {"KALENDAR_BIBLE_CACHE_DIR", "/var/cache/kalendar"},
              {"KALENDAR_BASE_URL", "https://api.example.org/"},
              {"KALENDAR_MAX_CONNECTIONS", "64"}}));
  ASSERT_TRUE(out.config) << (out.errors.empty() ? "" : out.errors[0]);
  EXPECT_EQ(out.config->port, 9090);
  EXPECT_EQ(out.config->address, "::1");
  EXPECT_EQ(out.config->threads, 4);
  EXPECT_EQ(out.config->books_dir, "/srv/books");
  EXPECT_EQ(out.config->keys_db, "/var/lib/kalendar/keys.sqlite3");
  EXPECT_EQ(out.config->texts_dir, "/srv/texts");
  EXPECT_EQ(out.config->bible_cache_dir, "/var/cache/kalendar");
  EXPECT_EQ(out.config->base_url, "https://api.example.org");  // trailing slash dropped
  EXPECT_FALSE(out.config->access_log);
  EXPECT_EQ(out.config->max_connections, 64);
}

TEST(Config, CorsOriginsAreAnyAListOrNone) {
  EXPECT_EQ(parse_config({}, env_of({})).config->cors_origins, std::vector<std::string>{"*"});
  const auto list = parse_config(
      {"--cors-origins", "https://parish.example.org, http://localhost:8080"}, env_of({}));
  ASSERT_TRUE(list.config) << list.errors.front();
  EXPECT_EQ(list.config->cors_origins,
            (std::vector<std::string>{"https://parish.example.org", "http://localhost:8080"}));
  EXPECT_TRUE(
      parse_config({}, env_of({{"KALENDAR_CORS_ORIGINS", "none"}})).config->cors_origins.empty());
  for (const char* bad : {"parish.example.org", "https://x.org/path", "https://", "ftp://x.org"}) {
    const auto out = parse_config({std::string("--cors-origins=") + bad}, env_of({}));
    EXPECT_FALSE(out.config) << bad;
  }
}

TEST(Config, LinksAreAbsoluteWithOrWithoutBaseUrl) {
  ServerConfig c;
  EXPECT_EQ(effective_base_url(c), "http://127.0.0.1:9080");
  c.address = "::1";
  c.port = 8081;
  EXPECT_EQ(effective_base_url(c), "http://[::1]:8081");
  c.base_url = "https://api.example.org";
  EXPECT_EQ(effective_base_url(c), "https://api.example.org");
}

TEST(Config, EveryProblemIsReported) {
  const auto out = parse_config({"--port", "70000", "--threads=0", "--bogus", "x", "positional",
                                 "--address", "localhost", "--base-url", "ftp://x", "--books-dir"},
                                env_of({{"KALENDAR_DEFAULT_RATE", "-1"}}));
  EXPECT_FALSE(out.config);
  // env rate, port, threads, --bogus, "x" (positional after the unknown flag), positional,
  // address, base-url, books-dir without a value
  EXPECT_EQ(out.errors.size(), 9U);
  for (const auto& e : out.errors) EXPECT_FALSE(e.empty());
}

TEST(Config, HelpAndUsage) {
  const auto out = parse_config({"--help"}, env_of({}));
  EXPECT_TRUE(out.help_requested);
  EXPECT_FALSE(out.config);
  const std::string usage = config_usage();
  for (std::string_view s : {"--port", "KALENDAR_PORT", "--keys-db", "KALENDAR_KEYS_DB",
                             "--texts-dir", "--bible-cache-dir", "--books-dir", "[9080]"}) {
    EXPECT_NE(usage.find(s), std::string::npos) << s;
  }
}

TEST(Config, PortZeroMeansAnyFreePort) {
  EXPECT_EQ(parse_config({"--port=0"}, env_of({})).config->port, 0);
}

}  // namespace
}  // namespace kalendar::api
