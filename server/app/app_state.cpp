#include "app/app_state.hpp"

#include "json/field_catalog.hpp"

#include <date/tz.h>

#include <chrono>

namespace kalendar::api {

CivilDate AppState::today(const CompiledBook& book) const {
  const auto it = zones.find(book.code);
  const auto now = clock();
  if (it == zones.end() || it->second == nullptr) {
    return CivilDate{std::chrono::floor<date::days>(now)};
  }
  const date::zoned_time local{it->second, now};
  return CivilDate{std::chrono::floor<date::days>(local.get_local_time())};
}

std::vector<const BibleVersion*> AppState::bibles_for(const CompiledBook& book) const {
  return bible_choice(book).versions;
}

const BibleChoice& AppState::bible_choice(const CompiledBook& book) const {
  static const BibleChoice kNone{{}, "no Bible version is installed"};
  const auto it = bible_choices.find(book.code);
  return it != bible_choices.end() ? it->second : kNone;
}

const std::string& AppState::data_version_of(const CompiledBook& book) const {
  const auto it = book_data_versions.find(book.code);
  return it != book_data_versions.end() ? it->second : data_version;
}

namespace {

// What the packs of one book (every book when `code` is empty) can put into an answer.
std::string pack_bytes(const TextPacks& packs, std::string_view code) {
  std::string out;
  auto add = [&out](std::string_view bytes) {
    out += std::to_string(bytes.size());
    out += ':';
    out += bytes;
  };
  for (const TextPack& pack : packs.packs()) {
    if (!code.empty() && pack.book != code) continue;
    for (const std::string* field : {&pack.book, &pack.lang, &pack.source, &pack.licence}) {
      add(*field);
    }
    for (const auto& [key, text] : pack.collects) {
      add(key);
      add(text.body);
      add(text.preface);
    }
  }
  return out;
}

// The digests of AppState::data_version and book_data_versions.
void set_data_versions(AppState& app) {
  const std::string bibles =
      app.bibles ? std::to_string(app.bibles->content_hash()) : std::string("none");
  const std::string all_packs = pack_bytes(*app.texts, "");
  app.data_version = content_digest(
      {{"books", app.engine->data_version()}, {"texts", all_packs}, {"bibles", bibles}});
  for (const auto& book : app.engine->books()) {
    const std::string packs = pack_bytes(*app.texts, book->code);
    app.book_data_versions[book->code] =
        content_digest({{"book", book->data_version}, {"texts", packs}, {"bibles", bibles}});
  }
}

}  // namespace

std::shared_ptr<AppState> make_app_state(std::shared_ptr<const Engine> engine,
                                         std::shared_ptr<const BibleStore> bibles,
                                         std::shared_ptr<const TextPacks> texts,
                                         DiagnosticList& diags) {
  auto app = std::make_shared<AppState>();
  app->engine = std::move(engine);
  app->bibles = std::move(bibles);
  app->texts = texts ? std::move(texts) : std::make_shared<const TextPacks>();
  app->fields = api_field_catalog();
  for (const auto& book : app->engine->books()) {
    // Chosen once: the store and the books never change while the service runs.
    app->bible_choices.emplace(book->code, choose_bibles(*book, app->bibles.get()));
    try {
      // Located once: locate_zone throws for an unknown zone, which fails the start.
      app->zones.emplace(book->code, date::locate_zone(book->time_zone));
    } catch (const std::exception&) {
      diags.error(SourceLoc{"books/" + book->code + "/book.yaml", 0, 0},
                  "unknown time zone '" + book->time_zone + "' (not in the tz database)");
    }
  }
  set_data_versions(*app);
  return diags.has_errors() ? nullptr : app;
}

std::shared_ptr<AppState> load_app_state(const AppPaths& paths, DiagnosticList& diags,
                                         const std::function<void(std::string_view)>& log) {
  const auto started = std::chrono::steady_clock::now();
  auto engine = load_engine(paths.rules_dir, paths.books_dir, diags);
  if (engine == nullptr) return nullptr;
  if (engine->books().empty()) {
    // An empty (or mistyped) books directory would otherwise report ready and answer every
    // request 400 unknown_book.
    diags.error(SourceLoc{paths.books_dir, 0, 0},
                "no prayer books found in '" + paths.books_dir +
                    "': the server needs at least one (each in books/<code>/book.yaml)");
    return nullptr;
  }
  log("books: " + std::to_string(engine->books().size()) + " loaded, data_version " +
      engine->data_version());

  DiagnosticList pack_diags;
  auto texts = load_text_packs(paths.texts_dir, engine->books(), pack_diags);
  for (const auto& d : pack_diags.items()) log("text pack problem: " + format_diagnostic(d));
  log("text packs: " + std::to_string(texts->packs().size()) + " loaded");

  BibleLoadOptions options;
  options.sword_path = paths.sword_path;
  options.cache_dir = paths.bible_cache_dir;
  options.on_progress = [&log](const LoadProgress& p) {
    // Report what finished (loaded, skipped, warnings); intermediate stages stay quiet.
    if (p.stage == LoadStage::loaded) {
      log("bibles: " + p.code + " (" + p.module_name + ") " + std::to_string(p.verse_count) +
          " verses " + (p.from_cache ? "from cache" : "imported") + " in " +
          std::to_string(static_cast<int>(p.seconds * 1000)) + " ms");
    } else if (p.stage == LoadStage::skipped || p.stage == LoadStage::warning) {
      log("bibles: " + p.module_name + ": " + p.message);
    }
  };
  auto bibles = load_bibles(options);
  std::shared_ptr<const BibleStore> store;
  if (bibles) {
    store = *bibles;
    log("bibles: " + std::to_string(store->versions().size()) + " versions ready");
  } else {
    log("bibles: none loaded (" + bibles.error().message + "); passages will be unavailable");
  }
  auto app = make_app_state(std::move(engine), std::move(store), std::move(texts), diags);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  if (app) log("loaded in " + std::to_string(ms) + " ms, data_version " + app->data_version);
  return app;
}

}  // namespace kalendar::api
