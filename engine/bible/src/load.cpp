// load_bibles: discover the installed modules, then take each one from its cache when the cache
// still matches, else import it through SWORD (and write the cache for next time). SWORD's module
// manager is built only when something must be imported: with valid caches KJV + WEB load in
// about 0.05 s and SWORD's managers (about 30 MB) are never built.
#include "bible_cache.hpp"
#include "module_codes.hpp"
#include "sword_import.hpp"

#include "kalendar/bible.hpp"

#include <chrono>
#include <exception>
#include <filesystem>
#include <map>
#include <utility>

namespace kalendar {
namespace {

using bible_detail::CachedModule;
using bible_detail::ModuleDescriptor;

class Loader {
 public:
  explicit Loader(const BibleLoadOptions& options) : options_(options) {}

  Result<std::shared_ptr<const BibleStore>> run() {
    std::error_code error;
    const std::filesystem::path mods = std::filesystem::path(options_.sword_path) / "mods.d";
    if (!std::filesystem::is_directory(mods, error)) {
      return Error{"bible_load_failed",
                   "no SWORD library at '" + options_.sword_path + "': mods.d/ is missing"};
    }
    auto discovered = bible_detail::discover_bible_modules(options_.sword_path);
    if (!discovered) return discovered.error();
    const std::vector<ModuleDescriptor>& modules = discovered.value();
    std::vector<bible_detail::ModuleNames> names;
    for (const ModuleDescriptor& module : modules) {
      names.push_back({module.module_name, module.abbreviation});
    }
    const std::vector<std::string> codes = bible_detail::assign_bible_codes(names);

    std::vector<BibleEdition> editions;
    for (std::size_t i = 0; i < modules.size(); ++i) {
      if (auto edition = load_module(modules[i], codes[i])) {
        editions.push_back(std::move(*edition));
      }
    }
    return BibleStore::create(std::move(editions));
  }

 private:
  void report(LoadProgress progress) const {
    if (options_.on_progress) options_.on_progress(progress);
  }
  void report(LoadStage stage, const ModuleDescriptor& module, const std::string& code,
              std::string message = {}) const {
    LoadProgress progress;
    progress.stage = stage;
    progress.module_name = module.module_name;
    progress.code = code;
    progress.message = std::move(message);
    report(std::move(progress));
  }

  std::optional<BibleEdition> load_module(const ModuleDescriptor& module, const std::string& code) {
    const auto started = std::chrono::steady_clock::now();
    report(LoadStage::found, module, code);
    auto key = bible_detail::cache_key_of(module);
    if (!key) {
      report(LoadStage::skipped, module, code, key.error().message);
      return std::nullopt;
    }
    const std::string path = options_.cache_dir.empty()
                                 ? std::string()
                                 : bible_detail::cache_path(options_.cache_dir, module.module_name);
    std::optional<CachedModule> cached = read_valid_cache(path, key.value(), module, code);
    const bool from_cache = cached.has_value();
    if (!cached) {
      if (!options_.import_missing) {
        report(LoadStage::skipped, module, code, "no valid cache, and importing is turned off");
        return std::nullopt;
      }
      cached = import(module, code, std::move(key).value());
      if (!cached) return std::nullopt;
      if (!path.empty()) {
        report(LoadStage::writing_cache, module, code, path);
        if (auto error = bible_detail::write_cache(path, *cached)) {
          report(LoadStage::warning, module, code, error->message);
        }
      }
    }
    BibleEdition edition = to_edition(std::move(*cached), code);
    LoadProgress done;
    done.stage = LoadStage::loaded;
    done.module_name = module.module_name;
    done.code = code;
    done.verse_count = edition.version.verse_count;
    done.from_cache = from_cache;
    done.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    report(std::move(done));
    return edition;
  }

  std::optional<CachedModule> read_valid_cache(const std::string& path,
                                               const bible_detail::CacheKey& key,
                                               const ModuleDescriptor& module,
                                               const std::string& code) const {
    std::error_code error;
    if (path.empty() || options_.force_import || !std::filesystem::exists(path, error)) {
      return std::nullopt;
    }
    report(LoadStage::reading_cache, module, code, path);
    auto cached = bible_detail::read_cache(path);
    if (!cached) {
      report(LoadStage::warning, module, code, cached.error().message + "; importing again");
      return std::nullopt;
    }
    if (!(cached.value().key == key)) {
      report(LoadStage::warning, module, code,
             "cache '" + path + "' is out of date (the module changed); importing again");
      return std::nullopt;
    }
    return std::move(cached).value();
  }

  std::optional<CachedModule> import(const ModuleDescriptor& module, const std::string& code,
                                     bible_detail::CacheKey key) {
    report(LoadStage::importing, module, code);
    if (!library_) {
      auto opened = bible_detail::SwordLibrary::open(options_.sword_path);
      if (!opened) {
        report(LoadStage::skipped, module, code, opened.error().message);
        return std::nullopt;
      }
      library_ = std::move(opened).value();
    }
    auto text = library_->import_text(module, [&](int done, int total) {
      LoadProgress progress;
      progress.stage = LoadStage::importing;
      progress.module_name = module.module_name;
      progress.code = code;
      progress.step = done;
      progress.steps = total;
      report(std::move(progress));
    });
    if (!text) {
      report(LoadStage::skipped, module, code, text.error().message);
      return std::nullopt;
    }
    return CachedModule{std::move(key), module, std::move(text).value()};
  }

  // One Versification object per system, shared by every version that uses it.
  std::shared_ptr<const Versification> intern(Versification versification) {
    auto& slot = versifications_[versification.name()];
    for (const auto& known : slot) {
      if (*known == versification) return known;
    }
    slot.push_back(std::make_shared<const Versification>(std::move(versification)));
    return slot.back();
  }

  BibleEdition to_edition(CachedModule cached, const std::string& code) {
    const ModuleDescriptor& m = cached.module;
    BibleVersion version;
    version.code = code;
    version.module_name = m.module_name;
    version.name = m.name;
    version.abbreviation = m.abbreviation;
    version.description = m.about;
    version.language = m.language;
    version.publisher = m.publisher;
    version.licence = m.licence;
    version.module_version = m.version;
    version.versification = intern(std::move(cached.text.versification));
    version.verse_count = cached.text.verse_count;
    version.empty_verse_count = cached.text.empty_verse_count;
    return BibleEdition{std::move(version), std::move(cached.text.texts)};
  }

  const BibleLoadOptions& options_;
  std::unique_ptr<bible_detail::SwordLibrary> library_;  // opened on the first import only
  std::map<std::string, std::vector<std::shared_ptr<const Versification>>> versifications_;
};

}  // namespace

Result<std::shared_ptr<const BibleStore>> load_bibles(const BibleLoadOptions& options) {
  try {
    return Loader(options).run();
  } catch (const std::exception& e) {
    return Error{"bible_load_failed", std::string("loading Bibles failed: ") + e.what()};
  } catch (...) {
    return Error{"bible_load_failed", "loading Bibles failed"};
  }
}

}  // namespace kalendar
