// Server configuration from command-line flags and environment variables (flags win).
//
// Every setting has a flag and a variable, e.g. `--port 9080` / `--port=9080` and
// KALENDAR_PORT=9080. Parsing is pure (the environment is passed in) and reports every problem
// at once, so it is tested without touching the process. See docs/OPERATIONS.md for the table.
//
// Example:
//   auto out = parse_config({"--port", "9090", "--threads=4"}, process_environment());
//   if (out.help_requested) { std::cout << config_usage(); return 0; }
//   if (!out.config) { for (auto& e : out.errors) std::cerr << e << '\n'; return 2; }
//   out.config->port == 9090;
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::api {

// Every setting of kalendar-server, with its default.
// Example: ServerConfig{}.port == 9080.
struct ServerConfig {
  std::string address = "127.0.0.1";  // --address, KALENDAR_ADDRESS (IPv4/IPv6 literal)
  std::uint16_t port = 9080;          // --port, KALENDAR_PORT (0: any free port)
  int threads = 2;                    // --threads, KALENDAR_THREADS (Pistache I/O threads)
  std::string books_dir = "books";    // --books-dir, KALENDAR_BOOKS_DIR
  std::string rules_dir = "rules";    // --rules-dir, KALENDAR_RULES_DIR
  // --local-books-dir, KALENDAR_LOCAL_BOOKS_DIR: local calendars ("" : none).
  std::string local_books_dir{};
  std::string sword_path = "/usr/share/sword";  // --sword-path, KALENDAR_SWORD_PATH
  std::string keys_db = "var/keys.sqlite3";     // --keys-db, KALENDAR_KEYS_DB
  std::string texts_dir{};        // --texts-dir, KALENDAR_TEXTS_DIR ("" : no text packs)
  std::string bible_cache_dir{};  // --bible-cache-dir, KALENDAR_BIBLE_CACHE_DIR ("" : none)
  std::string base_url{};         // --base-url, KALENDAR_BASE_URL (prefix of links)
  // --cors-origins, KALENDAR_CORS_ORIGINS: `*` (any), a comma list of origins, or `none`.
  std::vector<std::string> cors_origins{"*"};
  int key_refresh_seconds = 2;        // --key-refresh, KALENDAR_KEY_REFRESH
  int default_rate_per_minute = 600;  // --default-rate, KALENDAR_DEFAULT_RATE (0: unlimited)
  int max_age_seconds = 3600;         // --max-age, KALENDAR_MAX_AGE
  int today_max_age_seconds = 300;    // --today-max-age, KALENDAR_TODAY_MAX_AGE
  bool access_log = true;             // --access-log on|off, KALENDAR_ACCESS_LOG
  int max_connections = 4096;         // --max-connections, KALENDAR_MAX_CONNECTIONS (503 above)
};

// The result of parsing: a config, or every problem found; or a request for help.
// Example: {config = nullopt, errors = {"--port: must be an integer from 0 to 65535"}}.
struct ConfigOutcome {
  std::optional<ServerConfig> config{};
  std::vector<std::string> errors{};
  bool help_requested = false;
};

// Looks up an environment variable. Example: env("KALENDAR_PORT") == "9080".
using EnvLookup = std::function<std::optional<std::string>(std::string_view name)>;

// Parses `args` (without the program name) over the environment over the defaults.
// Example: parse_config({"--address", "::1"}, [](auto) { return std::nullopt; }).
[[nodiscard]] ConfigOutcome parse_config(const std::vector<std::string>& args,
                                         const EnvLookup& env);

// The absolute prefix of links: --base-url when given, else http://ADDRESS:PORT of the listening
// socket (IPv6 in brackets), so links.self and links.next are always absolute URLs.
// Example: effective_base_url({.address = "::1", .port = 9080}) == "http://[::1]:9080".
[[nodiscard]] std::string effective_base_url(const ServerConfig& config);

// The process environment (getenv). Example: parse_config(args, process_environment()).
[[nodiscard]] EnvLookup process_environment();

// The --help text: every flag, its variable and its default.
// Example: std::cout << config_usage();   // "  --port  KALENDAR_PORT  TCP port ... [9080]"
[[nodiscard]] std::string config_usage();

}  // namespace kalendar::api
