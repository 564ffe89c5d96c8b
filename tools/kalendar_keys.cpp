// kalendar-keys: issue, list, revoke and expire API keys in the SQLite key store.
//
// A new key is printed once, alone on stdout (so scripts can capture it); only its SHA-256
// digest is stored. `list` never prints keys or digests, only an 8-hex-digit fingerprint. The
// running server picks up every change within its key refresh interval (default 2 s).
//
// Exit status: 0 success, 1 failure (store unreadable, no such key, duplicate name),
// 2 usage error.
//
// Example:
//   kalendar-keys --db var/keys.sqlite3 create --name ops --books loc_2015,bcp_1979 --rate 120
//   kalendar-keys list
//   kalendar-keys revoke 3
//   kalendar-keys expire 4 2025-12-31
//   kalendar-keys feed create 3 --book loc_2015 --lang pt-BR   # prints kfeed_..., shown once
//   kalendar-keys feed create 3 --book cw_2000_en --option epiphany=sunday
//   kalendar-keys feed revoke 1
#include "keystore.hpp"
#include "params.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

using kalendar::api::FeedRecord;
using kalendar::api::KeyRecord;
using kalendar::api::KeyStore;

constexpr int kOk = 0;
constexpr int kFailure = 1;
constexpr int kUsage = 2;

constexpr const char* kUsageText =
    "Usage: kalendar-keys [--db PATH] COMMAND [ARGS]\n"
    "  create --name NAME (--books CODE[,CODE...] | --all) [--expires YYYY-MM-DD] [--rate N]\n"
    "         issue a key; it is printed once, on stdout\n"
    "  list   show every key (id, name, fingerprint, status, books, expiry, rate)\n"
    "  revoke ID            deactivate a key (the server drops it within seconds)\n"
    "  expire ID DATE|never  last valid day (UTC) of a key, or no expiry\n"
    "  feed create KEY_ID --book CODE [--lang TAG] [--option KEY=VALUE ...]\n"
    "         issue a calendar feed token for a key; printed once, on stdout; the feed is\n"
    "         GET /api/v2/feeds/TOKEN.ics (no header needed); --option binds one of the\n"
    "         book's calendar options (checked by the server; the URL's query overrides it)\n"
    "  feed list            show every feed token (id, key, book, lang, options, status, ...)\n"
    "  feed revoke ID       deactivate a feed token (its URL answers 401 within seconds)\n"
    "The store is --db, else $KALENDAR_KEYS_DB, else var/keys.sqlite3.\n"
    "Rates are requests per minute; 0 means unlimited; without --rate the server default.\n";

int usage_error(const std::string& message) {
  std::cerr << "kalendar-keys: " << message << "\n" << kUsageText;
  return kUsage;
}

int failure(const std::string& message) {
  std::cerr << "kalendar-keys: " << message << "\n";
  return kFailure;
}

bool is_key_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  for (char ch : name) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' || ch == '@';
    if (!ok) return false;
  }
  return true;
}

std::optional<std::int64_t> parse_id(const std::string& text) {
  const auto id = kalendar::api::parse_int_value(text, 1, 999'999'999);
  if (!id) return std::nullopt;
  return *id;
}

std::optional<std::vector<std::string>> parse_books(const std::string& text) {
  std::vector<std::string> books;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string code = text.substr(start, comma - start);
    if (!kalendar::api::is_book_code(code)) return std::nullopt;
    books.push_back(code);
    start = comma + 1;
  }
  return books;
}

// Day of a Unix instant, for display. Example: 1767225600 -> "2026-01-01".
std::string day_of(std::int64_t unix_seconds) {
  return kalendar::format_iso_date(kalendar::api::last_valid_day(unix_seconds + 1));
}

struct Options {
  std::string db;
  std::vector<std::string> args;  // the command and its arguments, --db removed
};

std::optional<Options> split_db_option(int argc, char** argv, std::string& error) {
  Options o;
  const char* env = std::getenv("KALENDAR_KEYS_DB");
  o.db = env != nullptr && *env != '\0' ? env : "var/keys.sqlite3";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--db") {
      if (i + 1 >= argc) {
        error = "--db needs a path";
        return std::nullopt;
      }
      o.db = argv[++i];
    } else if (arg.rfind("--db=", 0) == 0) {
      o.db = arg.substr(5);
    } else {
      o.args.push_back(arg);
    }
  }
  return o;
}

int cmd_create(const std::string& db, const std::vector<std::string>& args) {
  KeyRecord record;
  bool all = false;
  bool books_given = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> std::optional<std::string> {
      if (i + 1 < args.size()) return args[++i];
      return std::nullopt;
    };
    if (a == "--all") {
      all = true;
    } else if (a == "--name") {
      auto v = value();
      if (!v || !is_key_name(*v)) {
        return usage_error("--name needs 1 to 64 of A-Z a-z 0-9 . _ - @");
      }
      record.name = *v;
    } else if (a == "--books") {
      auto v = value();
      auto books = v ? parse_books(*v) : std::nullopt;
      if (!books) return usage_error("--books needs codes such as loc_2015,bcp_1979");
      record.books = std::move(books);
      books_given = true;
    } else if (a == "--expires") {
      auto v = value();
      auto day = v ? kalendar::parse_iso_date(*v) : std::nullopt;
      if (!day) return usage_error("--expires needs a date YYYY-MM-DD");
      record.expires_at = kalendar::api::expiry_instant(*day);
    } else if (a == "--rate") {
      auto v = value();
      auto rate = v ? kalendar::api::parse_int_value(*v, 0, 1'000'000) : std::nullopt;
      if (!rate) return usage_error("--rate needs requests per minute, 0 to 1000000");
      record.rate_per_minute = rate;
    } else {
      return usage_error("create: unknown argument '" + a + "'");
    }
  }
  if (record.name.empty()) return usage_error("create needs --name");
  if (all == books_given) return usage_error("create needs exactly one of --books or --all");

  const auto issued = kalendar::api::generate_api_key();
  if (!issued) return failure("the random number generator failed; no key was created");
  record.digest = issued->digest;
  record.created_at = kalendar::api::unix_now();

  const std::filesystem::path path(db);
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  ::umask(077);  // the store holds digests only, but keep it private anyway
  auto store = KeyStore::open(db, KeyStore::Mode::read_write_create);
  if (!store) return failure(store.error().message);
  auto stored = store.value()->insert(record);
  if (!stored) {
    if (stored.error().code == "duplicate") {
      return failure("a key named '" + record.name + "' already exists");
    }
    return failure(stored.error().message);
  }
  std::cout << issued->secret << "\n";
  std::cerr << "Created key " << stored.value().id << " '" << record.name << "' (fingerprint "
            << kalendar::api::key_fingerprint(record.digest)
            << "). The key above is shown only this once: store it now.\n";
  return kOk;
}

int cmd_list(const std::string& db) {
  auto store = KeyStore::open(db, KeyStore::Mode::read_only);
  if (!store) return failure(store.error().message);
  auto keys = store.value()->list();
  if (!keys) return failure(keys.error().message);
  const std::int64_t now = kalendar::api::unix_now();
  std::cout << "ID\tNAME\tFINGERPRINT\tSTATUS\tBOOKS\tEXPIRES\tRATE\tCREATED\n";
  for (const auto& k : keys.value()) {
    std::string status = "active";
    if (!k.active) {
      status = "revoked";
    } else if (k.expires_at && now >= *k.expires_at) {
      status = "expired";
    }
    std::string books = "all";
    if (k.books) {
      books.clear();
      for (const auto& b : *k.books) books += (books.empty() ? "" : ",") + b;
    }
    const std::string expires =
        k.expires_at ? kalendar::format_iso_date(kalendar::api::last_valid_day(*k.expires_at))
                     : "never";
    const std::string rate =
        k.rate_per_minute ? std::to_string(*k.rate_per_minute) + "/min" : "default";
    std::cout << k.id << '\t' << k.name << '\t' << kalendar::api::key_fingerprint(k.digest) << '\t'
              << status << '\t' << books << '\t' << expires << '\t' << rate << '\t'
              << day_of(k.created_at) << "\n";
  }
  return kOk;
}

int cmd_revoke(const std::string& db, const std::vector<std::string>& args) {
  if (args.size() != 2) return usage_error("revoke needs exactly one ID");
  const auto id = parse_id(args[1]);
  if (!id) return usage_error("ID must be a key id from `kalendar-keys list`");
  auto store = KeyStore::open(db, KeyStore::Mode::read_write);
  if (!store) return failure(store.error().message);
  auto changed = store.value()->revoke(*id);
  if (!changed) return failure(changed.error().message);
  if (!changed.value()) return failure("no key with id " + args[1]);
  std::cerr << "Revoked key " << *id << ".\n";
  return kOk;
}

int cmd_expire(const std::string& db, const std::vector<std::string>& args) {
  if (args.size() != 3) return usage_error("expire needs an ID and a DATE (or never)");
  const auto id = parse_id(args[1]);
  if (!id) return usage_error("ID must be a key id from `kalendar-keys list`");
  std::optional<std::int64_t> instant;
  if (args[2] != "never") {
    const auto day = kalendar::parse_iso_date(args[2]);
    if (!day) return usage_error("DATE must be YYYY-MM-DD or never");
    instant = kalendar::api::expiry_instant(*day);
  }
  auto store = KeyStore::open(db, KeyStore::Mode::read_write);
  if (!store) return failure(store.error().message);
  auto changed = store.value()->set_expiry(*id, instant);
  if (!changed) return failure(changed.error().message);
  if (!changed.value()) return failure("no key with id " + args[1]);
  std::cerr << "Key " << *id << (instant ? " now expires after " + args[2] : " no longer expires")
            << ".\n";
  return kOk;
}

// KEY=VALUE with a lower-case key (letters, digits, '_') and a value of letters, digits, '_' and
// '-' (an option value or an MM-DD date). Whether the book declares it is the server's to check
// on every request: the book may change after the token is made.
// Example: parse_option("epiphany=sunday") -> {"epiphany", "sunday"}; ("epiphany") -> nullopt.
std::optional<std::pair<std::string, std::string>> parse_option(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return std::nullopt;
  const std::string key = text.substr(0, eq);
  const std::string value = text.substr(eq + 1);
  const auto key_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  const auto value_char = [&](char c) { return key_char(c) || (c >= 'A' && c <= 'Z') || c == '-'; };
  if (!std::all_of(key.begin(), key.end(), key_char) || key.size() > 64) return std::nullopt;
  if (!std::all_of(value.begin(), value.end(), value_char) || value.size() > 64)
    return std::nullopt;
  return std::pair{key, value};
}

std::string options_text(const FeedRecord& f) {
  std::string out;
  for (const auto& [key, value] : f.options) out += (out.empty() ? "" : ",") + key + '=' + value;
  return out.empty() ? "defaults" : out;
}

int cmd_feed_create(const std::string& db, const std::vector<std::string>& args) {
  if (args.size() < 3) return usage_error("feed create needs a KEY_ID and --book CODE");
  const auto key_id = parse_id(args[2]);
  if (!key_id) return usage_error("KEY_ID must be a key id from `kalendar-keys list`");
  FeedRecord record;
  record.key_id = *key_id;
  for (std::size_t i = 3; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--book" && has_value && kalendar::api::is_book_code(args[i + 1])) {
      record.book = args[++i];
    } else if (a == "--lang" && has_value && kalendar::api::is_language_tag(args[i + 1])) {
      record.lang = args[++i];
    } else if (a == "--option" && has_value) {
      auto option = parse_option(args[++i]);
      if (!option) return usage_error("--option needs KEY=VALUE such as epiphany=sunday");
      for (const auto& [key, value] : record.options) {
        if (key == option->first) return usage_error("--option " + key + " is given twice");
      }
      record.options.push_back(std::move(*option));
    } else if (a == "--option") {
      return usage_error("--option needs KEY=VALUE such as epiphany=sunday");
    } else if (a == "--book") {
      return usage_error("--book needs a book code such as loc_2015");
    } else if (a == "--lang") {
      return usage_error("--lang needs a language tag such as pt-BR");
    } else {
      return usage_error("feed create: unknown argument '" + a + "'");
    }
  }
  if (record.book.empty()) return usage_error("feed create needs --book");
  auto store = KeyStore::open(db, KeyStore::Mode::read_write);
  if (!store) return failure(store.error().message);
  auto keys = store.value()->list();
  if (!keys) return failure(keys.error().message);
  const KeyRecord* key = nullptr;
  for (const auto& k : keys.value()) {
    if (k.id == record.key_id) key = &k;
  }
  if (key == nullptr) return failure("no key with id " + args[2]);
  if (!key->active) return failure("key " + args[2] + " is revoked");
  if (key->books &&
      std::find(key->books->begin(), key->books->end(), record.book) == key->books->end()) {
    return failure("key " + args[2] + " may not use the book " + record.book);
  }
  const auto issued = kalendar::api::generate_feed_token();
  if (!issued) return failure("the random number generator failed; no token was created");
  record.digest = issued->digest;
  record.created_at = kalendar::api::unix_now();
  auto stored = store.value()->insert_feed(record);
  if (!stored) return failure(stored.error().message);
  std::cout << issued->secret << "\n";
  std::cerr << "Created feed " << stored.value().id << " for key " << record.key_id << " ("
            << record.book << (record.lang.empty() ? "" : ", " + record.lang)
            << (record.options.empty() ? "" : ", " + options_text(record))
            << "). Its URL is /api/v2/feeds/" << issued->secret
            << ".ics; the token above is shown only this once.\n";
  return kOk;
}

int cmd_feed_list(const std::string& db) {
  auto store = KeyStore::open(db, KeyStore::Mode::read_only);
  if (!store) return failure(store.error().message);
  auto keys = store.value()->list();
  if (!keys) return failure(keys.error().message);
  std::cout << "ID\tKEY\tBOOK\tLANG\tOPTIONS\tSTATUS\tFINGERPRINT\tCREATED\n";
  for (const auto& k : keys.value()) {
    for (const auto& f : k.feeds) {
      const std::string status = !f.active ? "revoked" : !k.active ? "key revoked" : "active";
      std::cout << f.id << '\t' << k.id << '\t' << f.book << '\t'
                << (f.lang.empty() ? "book" : f.lang) << '\t' << options_text(f) << '\t' << status
                << '\t' << kalendar::api::key_fingerprint(f.digest) << '\t' << day_of(f.created_at)
                << "\n";
    }
  }
  return kOk;
}

int cmd_feed(const std::string& db, const std::vector<std::string>& args) {
  const std::string sub = args.size() > 1 ? args[1] : "";
  if (sub == "create") return cmd_feed_create(db, args);
  if (sub == "list") {
    if (args.size() != 2) return usage_error("feed list takes no arguments");
    return cmd_feed_list(db);
  }
  if (sub == "revoke") {
    if (args.size() != 3) return usage_error("feed revoke needs exactly one ID");
    const auto id = parse_id(args[2]);
    if (!id) return usage_error("ID must be a feed id from `kalendar-keys feed list`");
    auto store = KeyStore::open(db, KeyStore::Mode::read_write);
    if (!store) return failure(store.error().message);
    auto changed = store.value()->revoke_feed(*id);
    if (!changed) return failure(changed.error().message);
    if (!changed.value()) return failure("no feed with id " + args[2]);
    std::cerr << "Revoked feed " << *id << ".\n";
    return kOk;
  }
  return usage_error("feed needs create, list or revoke");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::string error;
    const auto options = split_db_option(argc, argv, error);
    if (!options) return usage_error(error);
    const auto& args = options->args;
    if (args.empty()) return usage_error("missing COMMAND");
    const std::string& command = args[0];
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << kUsageText;
      return kOk;
    }
    if (command == "create") return cmd_create(options->db, args);
    if (command == "list") {
      if (args.size() != 1) return usage_error("list takes no arguments");
      return cmd_list(options->db);
    }
    if (command == "revoke") return cmd_revoke(options->db, args);
    if (command == "expire") return cmd_expire(options->db, args);
    if (command == "feed") return cmd_feed(options->db, args);
    return usage_error("unknown command '" + command + "'");
  } catch (const std::exception& e) {
    return failure(std::string("unexpected failure: ") + e.what());
  }
}
