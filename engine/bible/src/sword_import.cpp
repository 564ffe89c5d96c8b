// The only file that sees SWORD. Everything SWORD does for us happens here, once, at load time:
// listing the installed Bible modules, copying out versifications, and reading every verse.
// Every call into SWORD is serialised by one mutex and wrapped so that no exception escapes.
#include "sword_import.hpp"

#include "fnv1a.hpp"
#include "text_cleanup.hpp"
#include "text_fold.hpp"

#include <markupfiltmgr.h>
#include <swconfig.h>
#include <swmgr.h>
#include <swmodule.h>
#include <versekey.h>
#include <versificationmgr.h>

#include <algorithm>
#include <array>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>

namespace kalendar::bible_detail {
namespace {

// SWORD keeps process-wide state (StringMgr, LocaleMgr, VersificationMgr); never let two
// threads into it at once.
std::mutex& sword_mutex() {
  static std::mutex mutex;
  return mutex;
}

// Filters we never want in stored text. Raw OSIS bypasses them anyway; they matter for modules
// we render through SWORD (not OSIS, or not UTF-8).
constexpr const char* kOptionsOff[] = {"Footnotes",          "Headings",
                                       "Strong's Numbers",   "Cross-references",
                                       "Morphological Tags", "Words of Christ in Red"};

std::string text_or_empty(const char* text) { return text == nullptr ? std::string() : text; }

// The first value of `key` in a .conf section, or "".
std::string config_entry(const sword::ConfigEntMap& section, const char* key) {
  const auto found = section.find(key);
  return found == section.end() ? std::string() : std::string(found->second.c_str());
}

// SWORD's drivers for Bible text (what makes SWMgr file a module under "Biblical Texts").
constexpr std::array<std::string_view, 4> kBibleDrivers = {"RawText", "RawText4", "zText",
                                                           "zText4"};

std::string exception_text() {
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown exception";
  }
}

Result<Versification> copy_versification(std::string_view name) {
  const sword::VersificationMgr* manager = sword::VersificationMgr::getSystemVersificationMgr();
  const std::string name_text(name);
  const sword::VersificationMgr::System* system =
      manager == nullptr ? nullptr : manager->getVersificationSystem(name_text.c_str());
  if (system == nullptr) {
    return Error{"unknown_versification", "SWORD has no versification '" + name_text + "'"};
  }
  std::vector<BookLayout> books;
  for (int i = 0; i < system->getBookCount(); ++i) {
    const sword::VersificationMgr::Book* book = system->getBook(i);
    // A book outside our canonical table cannot be addressed; leaving it out keeps every other
    // position consistent, because positions are ours, not SWORD's.
    const std::optional<BookIndex> index = find_book_by_osis(text_or_empty(book->getOSISName()));
    if (!index) continue;
    BookLayout layout{*index, {}};
    for (int chapter = 1; chapter <= book->getChapterMax(); ++chapter) {
      layout.verses_per_chapter.push_back(book->getVerseMax(chapter));
    }
    books.push_back(std::move(layout));
  }
  return Versification(name_text, std::move(books));
}

bool has_versification(const std::string& name) {
  const sword::VersificationMgr* manager = sword::VersificationMgr::getSystemVersificationMgr();
  return manager != nullptr && manager->getVersificationSystem(name.c_str()) != nullptr;
}

ModuleDescriptor describe(const std::string& sword_path, const std::string& module_name,
                          const sword::ConfigEntMap& section) {
  ModuleDescriptor d;
  d.module_name = module_name;
  d.abbreviation = clean_conf_text(config_entry(section, "Abbreviation"));
  d.name = clean_conf_text(config_entry(section, "Description"));
  d.about = clean_conf_text(config_entry(section, "About"));
  d.language = config_entry(section, "Lang");
  if (d.language.empty()) d.language = "en";  // SWORD's own default
  std::replace(d.language.begin(), d.language.end(), '_', '-');
  d.publisher = config_entry(section, "Publisher");
  if (d.publisher.empty()) d.publisher = config_entry(section, "CopyrightHolder");
  d.publisher = clean_conf_text(d.publisher);
  d.licence = clean_conf_text(config_entry(section, "DistributionLicense"));
  d.version = config_entry(section, "Version");
  d.versification_name = config_entry(section, "Versification");
  if (d.versification_name.empty() || !has_versification(d.versification_name)) {
    d.versification_name = "KJV";  // what SWORD itself falls back to
  }
  d.source_type = config_entry(section, "SourceType");
  std::string data_path = config_entry(section, "DataPath");
  if (data_path.rfind("./", 0) == 0) data_path.erase(0, 2);
  d.data_path = (std::filesystem::path(sword_path) / data_path).lexically_normal().string();
  std::uint64_t digest = kFnv1aStart;
  for (const auto& [key, value] : section) {
    digest = fnv1a64(key.c_str(), digest);
    digest = fnv1a64("=", digest);
    digest = fnv1a64(value.c_str(), digest);
    digest = fnv1a64("\n", digest);
  }
  d.config_digest = digest;
  return d;
}

}  // namespace

struct SwordLibrary::Sword {
  explicit Sword(const std::string& path)
      // Hermetic: this path only; no ./mods.d, $SWORD_PATH, /etc/sword.conf or ~/.sword.
      // SWMgr takes ownership of the filter manager.
      : manager(path.c_str(), true, new sword::MarkupFilterMgr(sword::FMT_PLAIN), false, false) {
    for (const char* option : kOptionsOff) manager.setGlobalOption(option, "Off");
  }
  sword::SWMgr manager;
};

SwordLibrary::SwordLibrary() = default;

SwordLibrary::~SwordLibrary() {
  const std::lock_guard lock(sword_mutex());
  try {
    sword_.reset();
  } catch (...) {  // NOLINT(bugprone-empty-catch): a destructor must not throw
  }
}

Result<std::vector<ModuleDescriptor>> discover_bible_modules(const std::string& sword_path) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::vector<fs::path> files;
  const fs::path mods = fs::path(sword_path) / "mods.d";
  for (fs::directory_iterator it(mods, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".conf") files.push_back(it->path());
  }
  if (error) {
    return Error{"bible_load_failed", "cannot list '" + mods.string() +
                                          "' (no SWORD library there?): " + error.message()};
  }
  std::sort(files.begin(), files.end());  // SWMgr reads them in directory order; we fix one

  const std::lock_guard lock(sword_mutex());
  try {
    std::vector<ModuleDescriptor> modules;
    for (const fs::path& file : files) {
      const sword::SWConfig config(file.c_str());
      for (const auto& [section_name, section] : config.getSections()) {
        // A copy: Clang 14 cannot capture a structured binding in a lambda.
        const std::string name = section_name.c_str();
        const std::string driver = config_entry(section, "ModDrv");
        const bool bible =
            std::find(kBibleDrivers.begin(), kBibleDrivers.end(), driver) != kBibleDrivers.end();
        const bool known = std::any_of(modules.begin(), modules.end(),
                                       [&name](const auto& m) { return m.module_name == name; });
        if (bible && !known) modules.push_back(describe(sword_path, name, section));
      }
    }
    std::sort(modules.begin(), modules.end(),
              [](const auto& a, const auto& b) { return a.module_name < b.module_name; });
    return modules;
  } catch (...) {
    return Error{"bible_load_failed",
                 "SWORD failed reading '" + mods.string() + "': " + exception_text()};
  }
}

Result<std::unique_ptr<SwordLibrary>> SwordLibrary::open(const std::string& sword_path) {
  const std::lock_guard lock(sword_mutex());
  try {
    std::unique_ptr<SwordLibrary> library(new SwordLibrary());
    library->sword_ = std::make_unique<Sword>(sword_path);
    return library;
  } catch (...) {
    return Error{"bible_load_failed",
                 "SWORD failed to open '" + sword_path + "': " + exception_text()};
  }
}

Result<ImportedText> SwordLibrary::import_text(const ModuleDescriptor& descriptor,
                                               const std::function<void(int, int)>& on_book) {
  const std::string& module_name = descriptor.module_name;
  const std::lock_guard lock(sword_mutex());
  try {
    sword::SWModule* module = sword_->manager.getModule(module_name.c_str());
    if (module == nullptr) {
      return Error{"bible_import_failed", "SWORD cannot open module '" + module_name + "'"};
    }
    auto versification = copy_versification(descriptor.versification_name);
    if (!versification) return versification.error();
    ImportedText imported{std::move(versification).value(), {}, 0, 0};
    const Versification& layout = imported.versification;

    const std::unique_ptr<sword::SWKey> start(module->createKey());
    auto* verse_key = dynamic_cast<sword::VerseKey*>(start.get());
    if (verse_key == nullptr) {
      return Error{"bible_import_failed", "module '" + module_name + "' is not keyed by verse"};
    }
    verse_key->setIntros(false);
    module->setKey(verse_key);

    // Raw OSIS lets us undo the footnote glue (text_cleanup.hpp); anything else goes through
    // SWORD's own plain renderer, which also converts legacy encodings to UTF-8.
    const bool clean_raw_osis = descriptor.source_type == "OSIS" && module->isUnicode();
    std::vector<std::string> texts(layout.verse_total());
    const int book_total = static_cast<int>(layout.books().size());
    int books_done = 0;
    std::string current_osis;
    std::optional<BookIndex> current_book;
    std::unique_ptr<sword::SWKey> previous;
    for (module->setPosition(sword::SW_POSITION(POS_TOP)); !module->popError();
         module->increment()) {
      const auto* at = dynamic_cast<const sword::VerseKey*>(module->getKey());
      if (at == nullptr) break;
      if (at->getChapter() == 0 || at->getVerse() == 0) continue;  // book and chapter intros
      const char* osis = at->getOSISBookName();
      if (osis == nullptr) break;
      if (current_osis != osis) {
        current_osis = osis;
        current_book = find_book_by_osis(current_osis);
        if (on_book && books_done > 0) on_book(books_done, book_total);
        ++books_done;
      }
      if (!current_book) continue;
      const auto position =
          layout.position(VerseRef{*current_book, at->getChapter(), at->getVerse()});
      if (!position) continue;
      // A verse linked to the previous one shares its entry; the text belongs to the first.
      const bool linked = previous && module->isLinked(previous.get(), module->getKey());
      previous.reset(module->getKey()->clone());
      if (linked) continue;
      std::string text = clean_raw_osis ? clean_osis_verse(module->getRawEntry())
                                        : clean_plain_verse(module->renderText().c_str());
      texts[*position] = is_valid_utf8(text) ? std::move(text) : repair_utf8(text);
    }
    if (on_book && books_done > 0) on_book(books_done, book_total);
    std::size_t bytes = 0;
    for (const std::string& text : texts) bytes += text.size();
    imported.texts.reserve(layout.verse_total(), bytes);
    for (const std::string& text : texts) {
      imported.texts.append(text);
      ++(text.empty() ? imported.empty_verse_count : imported.verse_count);
    }
    return imported;
  } catch (...) {
    return Error{"bible_import_failed",
                 "SWORD failed while reading '" + module_name + "': " + exception_text()};
  }
}

}  // namespace kalendar::bible_detail

namespace kalendar {

Result<Versification> builtin_versification(std::string_view name) {
  const std::lock_guard lock(bible_detail::sword_mutex());
  try {
    return bible_detail::copy_versification(name);
  } catch (...) {
    return Error{"unknown_versification", "SWORD failed on versification '" + std::string(name) +
                                              "': " + bible_detail::exception_text()};
  }
}

}  // namespace kalendar
