#include "keystore.hpp"

#include <sqlite3.h>

#include <cstring>
#include <mutex>

namespace kalendar::api {

namespace {

// 1: api_keys; 2: + feed_tokens; 3: + feed_tokens.options. An older store is upgraded when
// opened for writing and read as it is (without feeds, or feeds without options) when opened
// read-only, so a server keeps working while kalendar-keys has not yet touched the file.
constexpr int kSchemaVersion = 3;
constexpr int kBusyTimeoutMs = 5000;  // kalendar-keys and the server's refresh may overlap

constexpr const char* kCreateSchema = R"sql(
CREATE TABLE IF NOT EXISTS api_keys (
  id              INTEGER PRIMARY KEY,
  name            TEXT    NOT NULL UNIQUE,
  digest          BLOB    NOT NULL UNIQUE CHECK (length(digest) = 32),
  books           TEXT,
  active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  expires_at      INTEGER,
  rate_per_minute INTEGER CHECK (rate_per_minute IS NULL OR rate_per_minute >= 0),
  created_at      INTEGER NOT NULL
);
)sql";

constexpr const char* kCreateFeeds = R"sql(
CREATE TABLE IF NOT EXISTS feed_tokens (
  id         INTEGER PRIMARY KEY,
  key_id     INTEGER NOT NULL REFERENCES api_keys (id),
  digest     BLOB    NOT NULL UNIQUE CHECK (length(digest) = 32),
  book       TEXT    NOT NULL,
  lang       TEXT    NOT NULL DEFAULT '',
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL
);
PRAGMA user_version = 2;
)sql";

// Version 3: the calendar options a feed token binds, "key=value,key=value" ('' : none).
constexpr const char* kAddFeedOptions = R"sql(
ALTER TABLE feed_tokens ADD COLUMN options TEXT NOT NULL DEFAULT '';
PRAGMA user_version = 3;
)sql";

Error db_error(sqlite3* db, std::string_view what) {
  return Error{"keystore", std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory")};
}

// A prepared statement, finalised on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  [[nodiscard]] sqlite3_stmt* get() const { return stmt_; }
  explicit operator bool() const { return stmt_ != nullptr; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

std::string join_books(const std::vector<std::string>& books) {
  std::string out;
  for (const auto& b : books) {
    if (!out.empty()) out += ',';
    out += b;
  }
  return out;
}

std::string join_options(const std::vector<std::pair<std::string, std::string>>& options) {
  std::string out;
  for (const auto& [key, value] : options) {
    if (!out.empty()) out += ',';
    out += key + '=' + value;
  }
  return out;
}

std::vector<std::string> split_books(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    if (comma > start) out.emplace_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

// "epiphany=sunday,patronal=10-12" -> {{"epiphany", "sunday"}, {"patronal", "10-12"}}.
std::vector<std::pair<std::string, std::string>> split_options(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& item : split_books(text)) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;  // kalendar-keys writes only key=value
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

void bind_optional_int(sqlite3_stmt* stmt, int index, std::optional<std::int64_t> value) {
  if (value) {
    sqlite3_bind_int64(stmt, index, *value);
  } else {
    sqlite3_bind_null(stmt, index);
  }
}

}  // namespace

Result<std::unique_ptr<KeyStore>> KeyStore::open(const std::string& path, Mode mode) {
  int flags = SQLITE_OPEN_FULLMUTEX;
  switch (mode) {
    case Mode::read_only:
      flags |= SQLITE_OPEN_READONLY;
      break;
    case Mode::read_write:
      flags |= SQLITE_OPEN_READWRITE;
      break;
    case Mode::read_write_create:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
      break;
  }
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    Error e = db_error(db, "cannot open key store " + path);
    sqlite3_close(db);
    return e;
  }
  std::unique_ptr<KeyStore> store(new KeyStore(db));
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  int found = 0;
  {  // the statement is finished before any migration writes
    Statement version(db, "PRAGMA user_version");
    const int step = version ? sqlite3_step(version.get()) : sqlite3_errcode(db);
    if (step == SQLITE_BUSY || step == SQLITE_LOCKED) {
      // A writer holding the lock longer than the busy timeout: nothing is wrong with the file.
      return Error{"keystore", path + " is locked by another process (waited " +
                                   std::to_string(kBusyTimeoutMs) + " ms); try again"};
    }
    if (step != SQLITE_ROW) return db_error(db, path + " is not a key store");
    found = sqlite3_column_int(version.get(), 0);
  }
  if (mode == Mode::read_write_create && found == 0) {
    // A new file: version 1's table, then the same migrations as an old store.
    if (sqlite3_exec(db, kCreateSchema, nullptr, nullptr, nullptr) != SQLITE_OK) {
      return db_error(db, "cannot create the key table in " + path);
    }
    found = 1;
  }
  if (found < 1 || found > kSchemaVersion) {
    return Error{"keystore", path + " is not a key store of schema version 1 to " +
                                 std::to_string(kSchemaVersion) +
                                 " (create one with kalendar-keys create)"};
  }
  if (mode != Mode::read_only) {
    if (found < 2 && sqlite3_exec(db, kCreateFeeds, nullptr, nullptr, nullptr) != SQLITE_OK) {
      return db_error(db, "cannot add the feed table to " + path);
    }
    if (found < 3 && sqlite3_exec(db, kAddFeedOptions, nullptr, nullptr, nullptr) != SQLITE_OK) {
      return db_error(db, "cannot add feed options to " + path);
    }
  }
  return store;
}

KeyStore::~KeyStore() { sqlite3_close(db_); }

int KeyStore::schema_version() {
  // Asked on every read: the server's read-only connection outlives kalendar-keys upgrading the
  // file, and must see the new table or column from then on.
  Statement version(db_, "PRAGMA user_version");
  return version && sqlite3_step(version.get()) == SQLITE_ROW ? sqlite3_column_int(version.get(), 0)
                                                              : 0;
}

Result<KeyRecord> KeyStore::insert(const KeyRecord& record) {
  Statement stmt(db_,
                 "INSERT INTO api_keys (name, digest, books, active, expires_at, rate_per_minute, "
                 "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!stmt) return db_error(db_, "cannot prepare insert");
  sqlite3_stmt* s = stmt.get();
  sqlite3_bind_text(s, 1, record.name.data(), static_cast<int>(record.name.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_blob(s, 2, record.digest.data(), static_cast<int>(record.digest.size()),
                    SQLITE_TRANSIENT);
  if (record.books) {
    const std::string books = join_books(*record.books);
    sqlite3_bind_text(s, 3, books.data(), static_cast<int>(books.size()), SQLITE_TRANSIENT);
  } else {
    sqlite3_bind_null(s, 3);
  }
  sqlite3_bind_int(s, 4, record.active ? 1 : 0);
  bind_optional_int(s, 5, record.expires_at);
  bind_optional_int(s, 6, record.rate_per_minute);
  sqlite3_bind_int64(s, 7, record.created_at);
  if (sqlite3_step(s) != SQLITE_DONE) {
    if (sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_UNIQUE) {
      return Error{"duplicate", "a key with this name (or digest) already exists"};
    }
    return db_error(db_, "cannot store the key");
  }
  KeyRecord stored = record;
  stored.id = sqlite3_last_insert_rowid(db_);
  return stored;
}

Result<std::vector<KeyRecord>> KeyStore::list() {
  Statement stmt(db_,
                 "SELECT id, name, digest, books, active, expires_at, rate_per_minute, created_at "
                 "FROM api_keys ORDER BY id");
  if (!stmt) return db_error(db_, "cannot prepare list");
  sqlite3_stmt* s = stmt.get();
  std::vector<KeyRecord> out;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    KeyRecord r;
    r.id = sqlite3_column_int64(s, 0);
    const auto* name = sqlite3_column_text(s, 1);
    r.name.assign(reinterpret_cast<const char*>(name),
                  static_cast<std::size_t>(sqlite3_column_bytes(s, 1)));
    const void* digest = sqlite3_column_blob(s, 2);
    if (digest == nullptr || sqlite3_column_bytes(s, 2) != static_cast<int>(r.digest.size())) {
      continue;  // the CHECK constraint forbids this; skip rather than trust a bad row
    }
    std::memcpy(r.digest.data(), digest, r.digest.size());
    if (sqlite3_column_type(s, 3) != SQLITE_NULL) {
      const auto* books = sqlite3_column_text(s, 3);
      r.books = split_books(std::string_view(reinterpret_cast<const char*>(books),
                                             static_cast<std::size_t>(sqlite3_column_bytes(s, 3))));
    }
    r.active = sqlite3_column_int(s, 4) != 0;
    if (sqlite3_column_type(s, 5) != SQLITE_NULL) r.expires_at = sqlite3_column_int64(s, 5);
    if (sqlite3_column_type(s, 6) != SQLITE_NULL) r.rate_per_minute = sqlite3_column_int(s, 6);
    r.created_at = sqlite3_column_int64(s, 7);
    out.push_back(std::move(r));
  }
  if (rc != SQLITE_DONE) return db_error(db_, "cannot read the key table");
  if (schema_version() >= 2) {
    auto feeds = list_feeds();
    if (!feeds) return feeds.error();
    for (FeedRecord& f : feeds.value()) {
      for (KeyRecord& k : out) {
        if (k.id == f.key_id) k.feeds.push_back(std::move(f));
      }
    }
  }
  return out;
}

Result<std::vector<FeedRecord>> KeyStore::list_feeds() {
  const bool has_options = schema_version() >= 3;
  Statement stmt(db_, has_options
                          ? "SELECT id, key_id, digest, book, lang, active, created_at, options "
                            "FROM feed_tokens ORDER BY id"
                          : "SELECT id, key_id, digest, book, lang, active, created_at "
                            "FROM feed_tokens ORDER BY id");
  if (!stmt) return db_error(db_, "cannot prepare the feed list");
  sqlite3_stmt* s = stmt.get();
  std::vector<FeedRecord> out;
  int rc = SQLITE_ROW;
  const auto text = [s](int column) {
    return std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, column)),
                       static_cast<std::size_t>(sqlite3_column_bytes(s, column)));
  };
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    FeedRecord f;
    f.id = sqlite3_column_int64(s, 0);
    f.key_id = sqlite3_column_int64(s, 1);
    const void* digest = sqlite3_column_blob(s, 2);
    if (digest == nullptr || sqlite3_column_bytes(s, 2) != static_cast<int>(f.digest.size())) {
      continue;  // the CHECK constraint forbids this
    }
    std::memcpy(f.digest.data(), digest, f.digest.size());
    f.book = text(3);
    f.lang = text(4);
    f.active = sqlite3_column_int(s, 5) != 0;
    f.created_at = sqlite3_column_int64(s, 6);
    if (has_options) f.options = split_options(text(7));
    out.push_back(std::move(f));
  }
  if (rc != SQLITE_DONE) return db_error(db_, "cannot read the feed table");
  return out;
}

Result<FeedRecord> KeyStore::insert_feed(const FeedRecord& record) {
  Statement stmt(db_,
                 "INSERT INTO feed_tokens (key_id, digest, book, lang, active, created_at, "
                 "options) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!stmt) return db_error(db_, "cannot prepare the feed insert");
  sqlite3_stmt* s = stmt.get();
  sqlite3_bind_int64(s, 1, record.key_id);
  sqlite3_bind_blob(s, 2, record.digest.data(), static_cast<int>(record.digest.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 3, record.book.data(), static_cast<int>(record.book.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 4, record.lang.data(), static_cast<int>(record.lang.size()),
                    SQLITE_TRANSIENT);
  sqlite3_bind_int(s, 5, record.active ? 1 : 0);
  sqlite3_bind_int64(s, 6, record.created_at);
  const std::string options = join_options(record.options);
  sqlite3_bind_text(s, 7, options.data(), static_cast<int>(options.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(s) != SQLITE_DONE) return db_error(db_, "cannot store the feed token");
  FeedRecord stored = record;
  stored.id = sqlite3_last_insert_rowid(db_);
  return stored;
}

Result<bool> KeyStore::revoke_feed(std::int64_t id) {
  return update_one("UPDATE feed_tokens SET active = 0 WHERE id = ?1", id, std::nullopt, false);
}

Result<bool> KeyStore::update_one(const char* sql, std::int64_t id,
                                  std::optional<std::int64_t> value, bool bind_value) {
  Statement stmt(db_, sql);
  if (!stmt) return db_error(db_, "cannot prepare update");
  sqlite3_bind_int64(stmt.get(), 1, id);
  if (bind_value) bind_optional_int(stmt.get(), 2, value);
  if (sqlite3_step(stmt.get()) != SQLITE_DONE) return db_error(db_, "cannot update the key");
  return sqlite3_changes(db_) > 0;
}

Result<bool> KeyStore::revoke(std::int64_t id) {
  return update_one("UPDATE api_keys SET active = 0 WHERE id = ?1", id, std::nullopt, false);
}

Result<bool> KeyStore::set_expiry(std::int64_t id, std::optional<std::int64_t> expires_at) {
  return update_one("UPDATE api_keys SET expires_at = ?2 WHERE id = ?1", id, expires_at, true);
}

std::function<Result<std::vector<KeyRecord>>()> keystore_loader(std::string path) {
  struct State {
    std::mutex mutex;  // a loader may be called from the refresher and from start-up
    std::string path;
    std::unique_ptr<KeyStore> store;
  };
  auto state = std::make_shared<State>();
  state->path = std::move(path);
  return [state]() -> Result<std::vector<KeyRecord>> {
    const std::lock_guard lock(state->mutex);
    if (!state->store) {
      auto opened = KeyStore::open(state->path, KeyStore::Mode::read_only);
      if (!opened) return opened.error();
      state->store = std::move(opened).value();
    }
    auto keys = state->store->list();
    if (!keys) state->store.reset();  // reopen next time (file replaced, disk trouble)
    return keys;
  };
}

}  // namespace kalendar::api
