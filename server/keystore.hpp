// The API-key store: one SQLite table shared by `kalendar-keys` (which writes) and the server
// (which re-reads it every few seconds into an in-memory snapshot, auth.hpp). Prepared
// statements only; digests are bound as BLOBs. Handlers never touch SQLite.
//
// Table `api_keys` (schema version 1, PRAGMA user_version):
//   id INTEGER PRIMARY KEY, name TEXT UNIQUE, digest BLOB(32) UNIQUE, books TEXT (NULL: all;
//   else comma-separated codes), active INTEGER, expires_at INTEGER (Unix s, NULL: never),
//   rate_per_minute INTEGER (NULL: server default), created_at INTEGER (Unix s).
// Table `feed_tokens` (schema version 2; a version-1 store gains it when opened for writing):
//   id INTEGER PRIMARY KEY, key_id INTEGER (api_keys.id), digest BLOB(32) UNIQUE, book TEXT,
//   lang TEXT ('' : the book's own), active INTEGER, created_at INTEGER (Unix s).
//   Version 3 adds options TEXT ("epiphany=sunday,patronal=10-12"; '' : the book's defaults).
// An older store is read as it is by the server and upgraded when kalendar-keys opens it.
//
// Example:
//   auto store = KeyStore::open("var/keys.sqlite3", KeyStore::Mode::read_write_create);
//   auto issued = generate_api_key();
//   auto rec = (*store)->insert({.name = "ops", .digest = issued->digest, .created_at = now});
//   (*store)->revoke(rec->id);
#pragma once

#include "keys.hpp"

#include "kalendar/result.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace kalendar::api {

// One connection to the key store. Not shared between threads. Example: see above.
class KeyStore {
 public:
  // read_only: the server; the file must exist and hold the table.
  // read_write: kalendar-keys list/revoke/expire; the file must exist.
  // read_write_create: kalendar-keys create; creates the file and the table when missing.
  // Example: KeyStore::Mode::read_only.
  enum class Mode { read_only, read_write, read_write_create };

  // Opens (and for read_write_create, initialises) the store at `path`.
  // Example: KeyStore::open("/var/lib/kalendar/keys.sqlite3", KeyStore::Mode::read_only).
  [[nodiscard]] static Result<std::unique_ptr<KeyStore>> open(const std::string& path, Mode mode);

  ~KeyStore();
  KeyStore(const KeyStore&) = delete;
  KeyStore& operator=(const KeyStore&) = delete;

  // Stores a new key (its `id` is ignored and assigned). Fails on a duplicate name or digest.
  // Example: insert({.name = "ci", .digest = d, .rate_per_minute = 60, .created_at = now}).
  [[nodiscard]] Result<KeyRecord> insert(const KeyRecord& record);
  // Every key, by id, each with its feed tokens. Example: list()->size().
  [[nodiscard]] Result<std::vector<KeyRecord>> list();
  // Stores a new feed token (its `id` is ignored and assigned); the key must exist.
  // Example: insert_feed({.key_id = 3, .digest = d, .book = "loc_2015", .created_at = now}).
  [[nodiscard]] Result<FeedRecord> insert_feed(const FeedRecord& record);
  // Every feed token, by id. Example: list_feeds()->front().book.
  [[nodiscard]] Result<std::vector<FeedRecord>> list_feeds();
  // Marks the feed token inactive; false when no token has this id. Example: revoke_feed(2).
  [[nodiscard]] Result<bool> revoke_feed(std::int64_t id);
  // Marks the key inactive; false when no key has this id. Example: revoke(3).
  [[nodiscard]] Result<bool> revoke(std::int64_t id);
  // Sets (or clears, with nullopt) the expiry instant; false when no key has this id.
  // Example: set_expiry(3, expiry_instant(2025y/December/31)).
  [[nodiscard]] Result<bool> set_expiry(std::int64_t id, std::optional<std::int64_t> expires_at);

 private:
  explicit KeyStore(sqlite3* db) : db_(db) {}
  [[nodiscard]] Result<bool> update_one(const char* sql, std::int64_t id,
                                        std::optional<std::int64_t> value, bool bind_value);
  sqlite3* db_;
  // PRAGMA user_version: a read-only store may be older (1: no feeds; 2: no feed options).
  [[nodiscard]] int schema_version();
};

// A loader for Authenticator (auth.hpp): each call re-reads the key table at `path`, keeping
// one read-only connection open between calls and reopening it after a failure.
// Example: Authenticator auth(keystore_loader(cfg.keys_db), options);
[[nodiscard]] std::function<Result<std::vector<KeyRecord>>()> keystore_loader(std::string path);

}  // namespace kalendar::api
