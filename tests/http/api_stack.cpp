#include "api_stack.hpp"

#include "handlers/routes.hpp"
#include "json/writer.hpp"
#include "keys.hpp"
#include "keystore.hpp"
#include "ops_routes.hpp"
#include "request.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/text_pack.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kalendar::testing {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string diagnostics_text(const DiagnosticList& diags) {
  std::string out;
  for (const auto& d : diags.items()) out += format_diagnostic(d) + "\n";
  return out;
}

// A fresh private directory under the system's temporary directory.
fs::path make_scratch() {
  std::string pattern = (fs::temp_directory_path() / "kalendar-http-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

// A SWORD data path with the tiny fixture modules installed under the module names that give
// the codes the books prefer (kjv, web), as Debian's KJV and WEB do in production.
fs::path install_tiny_bibles(const fs::path& scratch, bool portuguese) {
  const fs::path tiny = KALENDAR_TINY_SWORD_DIR;
  const fs::path fixtures = fs::path(KALENDAR_SOURCE_DIR) / "tests/bible/fixtures/sword";
  if (!fs::exists(tiny / "modules")) {
    throw std::runtime_error("tiny SWORD modules missing in " + tiny.string() +
                             " (build the target bible_tiny_sword)");
  }
  const fs::path sword = scratch / "sword";
  fs::create_directories(sword / "mods.d");
  fs::create_directory_symlink(tiny / "modules", sword / "modules");
  const std::pair<const char*, const char*> renames[] = {{"tinykjv", "engKJV2006eb"},
                                                         {"tinyweb", "engWEB2015eb"}};
  for (const auto& [file, module] : renames) {
    std::string conf = read_file(fixtures / (std::string(file) + ".conf"));
    const auto open = conf.find('[');
    const auto close = conf.find(']', open);
    conf.replace(open, close - open + 1, "[" + std::string(module) + "]");
    write_file(sword / "mods.d" / (std::string(file) + ".conf"), conf);
  }
  // An operator's module under its own name and code, as installmgr would leave it.
  if (portuguese) {
    write_file(sword / "mods.d" / "tinyalmeida.conf", read_file(fixtures / "tinyalmeida.conf"));
  }
  return sword;
}

}  // namespace

ApiStack::ApiStack(StackOptions options) : scratch_(make_scratch()) {
  try {
    keys_db_ = (scratch_ / "keys.sqlite3").string();
    issue_keys();

    DiagnosticList diags;
    const std::string source = KALENDAR_SOURCE_DIR;
    std::shared_ptr<const Engine> engine = load_engine(source + "/rules", source + "/books", diags);
    if (engine == nullptr) {
      throw std::runtime_error("books do not load:\n" + diagnostics_text(diags));
    }
    DiagnosticList pack_diags;
    auto texts =
        load_text_packs(source + "/tests/http/fixtures/texts", engine->books(), pack_diags);
    if (!pack_diags.items().empty() || texts->packs().empty()) {
      throw std::runtime_error("the fixture text pack does not load:\n" +
                               diagnostics_text(pack_diags));
    }
    std::shared_ptr<const BibleStore> store;
    if (options.bibles) {
      BibleLoadOptions bible_options;
      bible_options.sword_path = install_tiny_bibles(scratch_, options.portuguese).string();
      auto bibles = load_bibles(bible_options);
      if (!bibles) throw std::runtime_error("tiny Bibles do not load: " + bibles.error().message);
      store = *bibles;
    }
    app_ = api::make_app_state(std::move(engine), std::move(store), std::move(texts), diags);
    if (app_ == nullptr) throw std::runtime_error("no AppState:\n" + diagnostics_text(diags));

    logger_ = std::make_unique<api::Logger>(
        [this](std::string_view line) {
          if (line.find("level=error") == std::string_view::npos) return;
          const std::lock_guard lock(log_mutex_);
          error_lines_.emplace_back(line);
        },
        false);
    api::AuthOptions auth_options;
    auth_options.refresh_interval = std::chrono::milliseconds(100);
    auth_options.default_rate_per_minute = 600;
    auth_ = std::make_unique<api::Authenticator>(api::keystore_loader(keys_db_), auth_options);
    if (!auth_->refresh()) throw std::runtime_error("the key store does not load");
    auth_->start_refresher();

    api::DispatcherOptions dispatcher_options;
    dispatcher_options.base_url = options.base_url;
    dispatcher_ = std::make_unique<api::Dispatcher>(
        dispatcher_options, api::DispatcherServices{*auth_, limiter_, metrics_, *logger_});
    slot_ = std::make_unique<api::StateSlot>(app_);
    api::add_api_routes(*dispatcher_, *slot_);
    api::add_ops_routes(*dispatcher_, metrics_, *auth_, [this](api::JsonWriter& w) {
      w.key("books");
      w.integer(static_cast<std::int64_t>(slot_->pin().state->engine->books().size()));
    });
    dispatcher_->set_ready(options.ready);

    if (options.start_http) {
      http::EndpointOptions endpoint;
      endpoint.port = 0;
      endpoint.threads = 2;
      server_ = std::make_unique<http::HttpServer>(*dispatcher_, endpoint);
      const auto bound = server_->start();
      if (!bound) throw std::runtime_error("cannot listen: " + bound.error().message);
      port_ = bound.value();
    }
  } catch (...) {
    server_.reset();
    if (auth_) auth_->stop_refresher();
    std::error_code ignored;
    fs::remove_all(scratch_, ignored);
    throw;
  }
}

ApiStack::~ApiStack() {
  if (dispatcher_) dispatcher_->set_ready(false);
  server_.reset();  // the endpoint goes before what its handlers use
  if (auth_) auth_->stop_refresher();
  dispatcher_.reset();
  auth_.reset();
  slot_.reset();
  app_.reset();
  std::error_code ignored;
  fs::remove_all(scratch_, ignored);
}

void ApiStack::issue_keys() {
  auto store = api::KeyStore::open(keys_db_, api::KeyStore::Mode::read_write_create);
  if (!store) throw std::runtime_error("cannot create the key store: " + store.error().message);
  const std::int64_t now = api::unix_now();
  auto issue = [&](std::string name, std::optional<std::vector<std::string>> books,
                   std::optional<int> rate, bool active, std::optional<std::int64_t> expires) {
    const auto issued = api::generate_api_key();
    if (!issued) throw std::runtime_error("no random key");
    api::KeyRecord record;
    record.name = name;
    record.digest = issued->digest;
    record.books = std::move(books);
    record.rate_per_minute = rate;
    record.active = true;
    record.expires_at = expires;
    record.created_at = now;
    auto stored = (*store)->insert(record);
    if (!stored)
      throw std::runtime_error("cannot store key " + name + ": " + stored.error().message);
    if (!active) {
      auto revoked = (*store)->revoke(stored->id);
      if (!revoked || !*revoked) throw std::runtime_error("cannot revoke key " + name);
    }
    keys_.emplace(std::move(name), std::make_pair(issued->secret, stored->id));
  };
  issue("all", std::nullopt, 0, true, std::nullopt);
  issue("metered", std::nullopt, 1000, true, std::nullopt);
  issue("pt_only", std::vector<std::string>{"loc_2015"}, 0, true, std::nullopt);
  issue("tiny", std::nullopt, 2, true, std::nullopt);
  issue("expired", std::nullopt, 0, true,
        api::expiry_instant(CivilDate{date::year{2019} / 12 / 31}));
  issue("inactive", std::nullopt, 0, false, std::nullopt);
  issue("revocable", std::nullopt, 0, true, std::nullopt);
}

const std::string& ApiStack::key(std::string_view name) const {
  const auto it = keys_.find(name);
  if (it == keys_.end()) throw std::out_of_range("no test key named " + std::string(name));
  return it->second.first;
}

std::int64_t ApiStack::key_id(std::string_view name) const {
  const auto it = keys_.find(name);
  if (it == keys_.end()) throw std::out_of_range("no test key named " + std::string(name));
  return it->second.second;
}

api::Response ApiStack::dispatch(std::string_view target, std::string_view key_name,
                                 api::Method method) {
  std::vector<api::HeaderField> headers;
  if (!key_name.empty()) headers.push_back({"X-API-Key", key(key_name)});
  return dispatcher_->dispatch(api::make_request(method, target, std::move(headers)));
}

std::vector<std::string> ApiStack::error_lines() const {
  const std::lock_guard lock(log_mutex_);
  return error_lines_;
}

}  // namespace kalendar::testing
