#include "config.hpp"

#include "params.hpp"

#include <arpa/inet.h>
#include <array>
#include <cstdlib>

namespace kalendar::api {

namespace {

using Apply = std::function<std::string(ServerConfig&, const std::string&)>;
using Show = std::function<std::string(const ServerConfig&)>;

// One setting: its flag, its variable, how to apply a text value (returns a problem or ""),
// and how to show its value (for --help, which prints the defaults).
struct Setting {
  std::string_view flag;
  std::string_view env;
  std::string_view help;
  Apply apply;
  Show show;
};

Show show_int(int ServerConfig::*member) {
  return [member](const ServerConfig& c) { return std::to_string(c.*member); };
}

Show show_text(std::string ServerConfig::*member) {
  return [member](const ServerConfig& c) { return c.*member; };
}

Apply integer(int ServerConfig::*member, int min, int max) {
  return [member, min, max](ServerConfig& c, const std::string& v) -> std::string {
    const auto n = parse_int_value(v, min, max);
    if (!n) return "must be an integer from " + std::to_string(min) + " to " + std::to_string(max);
    c.*member = *n;
    return "";
  };
}

Apply text(std::string ServerConfig::*member, bool may_be_empty) {
  return [member, may_be_empty](ServerConfig& c, const std::string& v) -> std::string {
    if (v.empty() && !may_be_empty) return "must not be empty";
    c.*member = v;
    return "";
  };
}

bool is_ip_literal(const std::string& v) {
  std::array<unsigned char, 16> buf{};
  return inet_pton(AF_INET, v.c_str(), buf.data()) == 1 ||
         inet_pton(AF_INET6, v.c_str(), buf.data()) == 1;
}

std::string apply_address(ServerConfig& c, const std::string& v) {
  if (!is_ip_literal(v)) return "must be an IPv4 or IPv6 address such as 127.0.0.1";
  c.address = v;
  return "";
}

std::string apply_port(ServerConfig& c, const std::string& v) {
  const auto n = parse_int_value(v, 0, 65535);
  if (!n) return "must be an integer from 0 to 65535";
  c.port = static_cast<std::uint16_t>(*n);
  return "";
}

std::string apply_base_url(ServerConfig& c, const std::string& v) {
  std::string url = v;
  while (!url.empty() && url.back() == '/') url.pop_back();
  const bool scheme = url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0;
  if (!url.empty() && (!scheme || url.find_first_of(" ?#") != std::string::npos)) {
    return "must be empty or an http(s) URL without query, such as https://api.example.org";
  }
  c.base_url = url;
  return "";
}

std::string apply_cors_origins(ServerConfig& c, const std::string& v) {
  std::vector<std::string> origins;
  if (v == "none") {
    c.cors_origins.clear();
    return "";
  }
  std::size_t start = 0;
  while (start <= v.size()) {
    auto comma = v.find(',', start);
    if (comma == std::string::npos) comma = v.size();
    std::string origin = v.substr(start, comma - start);
    while (!origin.empty() && origin.front() == ' ') origin.erase(0, 1);
    while (!origin.empty() && origin.back() == ' ') origin.pop_back();
    const bool scheme = origin.rfind("http://", 0) == 0 || origin.rfind("https://", 0) == 0;
    const std::size_t host = origin.find("://") + 3;
    if (origin != "*" && (!scheme || origin.size() <= host ||
                          origin.find_first_of("/?# ", host) != std::string::npos)) {
      return "must be *, none, or origins such as https://parish.example.org (scheme and host, "
             "no path), separated by commas";
    }
    origins.push_back(origin);
    start = comma + 1;
  }
  c.cors_origins = std::move(origins);
  return "";
}

std::string show_cors_origins(const ServerConfig& c) {
  if (c.cors_origins.empty()) return "none";
  std::string out;
  for (const auto& o : c.cors_origins) out += (out.empty() ? "" : ",") + o;
  return out;
}

std::string apply_access_log(ServerConfig& c, const std::string& v) {
  if (v == "on" || v == "true") {
    c.access_log = true;
  } else if (v == "off" || v == "false") {
    c.access_log = false;
  } else {
    return "must be on or off";
  }
  return "";
}

const std::vector<Setting>& settings() {
  using C = ServerConfig;
  static const std::vector<Setting> kSettings = {
      {"address", "KALENDAR_ADDRESS", "IP address to listen on (IPv4 or IPv6 literal)",
       apply_address, show_text(&C::address)},
      {"port", "KALENDAR_PORT", "TCP port (0: any free port)", apply_port,
       [](const C& c) { return std::to_string(c.port); }},
      {"threads", "KALENDAR_THREADS", "HTTP I/O threads", integer(&C::threads, 1, 64),
       show_int(&C::threads)},
      {"books-dir", "KALENDAR_BOOKS_DIR", "directory of prayer books", text(&C::books_dir, false),
       show_text(&C::books_dir)},
      {"local-books-dir", "KALENDAR_LOCAL_BOOKS_DIR",
       "directory of local calendars, adaptations of the books (empty: none)",
       text(&C::local_books_dir, true), show_text(&C::local_books_dir)},
      {"rules-dir", "KALENDAR_RULES_DIR", "directory of shared rule sets",
       text(&C::rules_dir, false), show_text(&C::rules_dir)},
      {"sword-path", "KALENDAR_SWORD_PATH", "SWORD data directory (installed Bible modules)",
       text(&C::sword_path, false), show_text(&C::sword_path)},
      {"keys-db", "KALENDAR_KEYS_DB", "SQLite API-key store (kalendar-keys writes it)",
       text(&C::keys_db, false), show_text(&C::keys_db)},
      {"texts-dir", "KALENDAR_TEXTS_DIR", "directory of text packs (empty: none)",
       text(&C::texts_dir, true), show_text(&C::texts_dir)},
      {"bible-cache-dir", "KALENDAR_BIBLE_CACHE_DIR", "Bible text cache directory (empty: none)",
       text(&C::bible_cache_dir, true), show_text(&C::bible_cache_dir)},
      {"base-url", "KALENDAR_BASE_URL", "public URL prefix of links (https://api.example.org)",
       apply_base_url, show_text(&C::base_url)},
      {"cors-origins", "KALENDAR_CORS_ORIGINS",
       "origins browsers may call from: *, none, or a comma list", apply_cors_origins,
       show_cors_origins},
      {"key-refresh", "KALENDAR_KEY_REFRESH", "seconds between reloads of the key store",
       integer(&C::key_refresh_seconds, 1, 300), show_int(&C::key_refresh_seconds)},
      {"default-rate", "KALENDAR_DEFAULT_RATE",
       "requests/minute of keys without a rate (0: no limit)",
       integer(&C::default_rate_per_minute, 0, 1'000'000), show_int(&C::default_rate_per_minute)},
      {"max-age", "KALENDAR_MAX_AGE", "Cache-Control max-age of answers, seconds",
       integer(&C::max_age_seconds, 0, 604'800), show_int(&C::max_age_seconds)},
      {"today-max-age", "KALENDAR_TODAY_MAX_AGE", "max-age of answers about `today`, seconds",
       integer(&C::today_max_age_seconds, 0, 86'400), show_int(&C::today_max_age_seconds)},
      {"access-log", "KALENDAR_ACCESS_LOG", "one log line per request: on or off", apply_access_log,
       [](const C& c) { return std::string(c.access_log ? "on" : "off"); }},
      {"max-connections", "KALENDAR_MAX_CONNECTIONS",
       "concurrent client connections; more get 503 + Retry-After",
       integer(&C::max_connections, 1, 1'000'000), show_int(&C::max_connections)},
  };
  return kSettings;
}

const Setting* find_flag(std::string_view flag) {
  for (const auto& s : settings()) {
    if (s.flag == flag) return &s;
  }
  return nullptr;
}

}  // namespace

ConfigOutcome parse_config(const std::vector<std::string>& args, const EnvLookup& env) {
  ConfigOutcome out;
  ServerConfig config;
  // Environment first, so that flags override it.
  for (const auto& s : settings()) {
    const auto value = env ? env(s.env) : std::nullopt;
    if (!value) continue;
    if (auto problem = s.apply(config, *value); !problem.empty()) {
      out.errors.push_back(std::string(s.env) + ": " + problem);
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      out.help_requested = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      out.errors.push_back("unexpected argument '" + arg + "' (options start with --)");
      continue;
    }
    const auto eq = arg.find('=');
    const std::string flag = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const Setting* s = find_flag(flag);
    if (s == nullptr) {
      out.errors.push_back("unknown option --" + flag + " (see --help)");
      continue;
    }
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      out.errors.push_back("--" + flag + " needs a value");
      continue;
    }
    if (auto problem = s->apply(config, value); !problem.empty()) {
      out.errors.push_back("--" + flag + ": " + problem);
    }
  }
  if (out.errors.empty() && !out.help_requested) out.config = std::move(config);
  return out;
}

std::string effective_base_url(const ServerConfig& config) {
  if (!config.base_url.empty()) return config.base_url;
  const bool v6 = config.address.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + config.address + "]" : config.address) + ":" +
         std::to_string(config.port);
}

EnvLookup process_environment() {
  return [](std::string_view name) -> std::optional<std::string> {
    const char* value = std::getenv(std::string(name).c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
}

std::string config_usage() {
  std::string out =
      "Usage: kalendar-server [--option value | --option=value]...\n"
      "Each option can also be set by its environment variable; options win.\n\n";
  const ServerConfig defaults;
  for (const auto& s : settings()) {
    std::string line = "  --" + std::string(s.flag);
    line.resize(20, ' ');
    line += std::string(s.env);
    line.resize(46, ' ');
    line += std::string(s.help);
    const std::string d = s.show(defaults);
    if (!d.empty()) line += " [" + d + "]";
    out += line + "\n";
  }
  return out;
}

}  // namespace kalendar::api
