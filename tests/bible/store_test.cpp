// The store as the service sees it, loaded from tiny SWORD modules built by CMake from
// fixtures/sword (TinyKJV: KJV versification, plain text with ¶ and stray spaces; TinyWEB: NRSVA,
// OSIS with WEB's footnote glue, an empty verse and Tobit). Also the loader's cache behaviour.
#include "module_codes.hpp"
#include "scratch_dir.hpp"
#include "sword_import.hpp"

#include "kalendar/bible.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace kalendar {
namespace {

namespace fs = std::filesystem;
using kalendar::testing::ScratchDir;

constexpr const char* kTinySword = KALENDAR_TEST_SWORD_DIR;

BookIndex book(std::string_view osis) { return *find_book_by_osis(osis); }

// One store for the read-only tests. ctest runs each test in its own process, so the store goes
// through a cache shared by those processes (written atomically; its key notices any change).
const BibleStore& tiny_store() {
  static const std::shared_ptr<const BibleStore> store = [] {
    BibleLoadOptions options;
    options.sword_path = kTinySword;
    options.cache_dir = std::string(KALENDAR_TEST_SCRATCH_DIR) + "/shared-tiny-cache";
    auto loaded = load_bibles(options);
    EXPECT_TRUE(loaded.ok()) << loaded.error().message;
    return loaded.ok() ? loaded.value() : nullptr;
  }();
  return *store;
}

Passage passage(std::string_view code, std::string_view reference) {
  const Result<Reference> ref = parse_reference(reference);
  EXPECT_TRUE(ref.ok()) << ref.error().message;
  Result<Passage> result = tiny_store().passage(code, *ref);
  EXPECT_TRUE(result.ok()) << result.error().message;
  return result.ok() ? std::move(result).value() : Passage{};
}

std::string text_of(std::string_view code, std::string_view reference) {
  return render_plain(passage(code, reference));
}

TEST(BibleStore, ListsTheInstalledBibleModulesOnly) {
  const auto& versions = tiny_store().versions();
  ASSERT_EQ(versions.size(), 2U);          // TinyDict is a dictionary, not a Bible
  EXPECT_EQ(versions[0].code, "tinyweb");  // no Abbreviation=: the module name
  EXPECT_EQ(versions[1].code, "tkjv");     // Abbreviation=TKJV
}

TEST(BibleStore, ReadsMetadataFromTheModuleConfiguration) {
  const BibleVersion* kjv = tiny_store().find("tkjv");
  ASSERT_NE(kjv, nullptr);
  EXPECT_EQ(kjv->module_name, "TinyKJV");
  EXPECT_EQ(kjv->name, "Tiny KJV fixture");
  EXPECT_EQ(kjv->abbreviation, "TKJV");
  EXPECT_EQ(kjv->description, "A handful of KJV verses for the tests. Written by hand.");
  EXPECT_EQ(kjv->language, "en");
  EXPECT_EQ(kjv->publisher, "");
  EXPECT_EQ(kjv->licence, "Public Domain");
  EXPECT_EQ(kjv->module_version, "1.0");
  EXPECT_EQ(kjv->versification->name(), "KJV");
  EXPECT_EQ(kjv->verse_count, 10U);
  EXPECT_EQ(kjv->empty_verse_count, 31102U - 10U);

  const BibleVersion* web = tiny_store().find("tinyweb");
  ASSERT_NE(web, nullptr);
  EXPECT_EQ(web->language, "en-GB");                  // Lang=en_GB
  EXPECT_EQ(web->publisher, "Nobody in particular");  // CopyrightHolder=
  EXPECT_EQ(web->licence, "");
  EXPECT_EQ(web->versification->name(), "NRSVA");
  EXPECT_EQ(web->verse_count, 10U);  // 11 entries, Matt 17:21 holds only a note
}

TEST(BibleStore, FindsVersionsByExactCode) {
  EXPECT_NE(tiny_store().find("tkjv"), nullptr);
  EXPECT_EQ(tiny_store().find("TKJV"), nullptr);
  EXPECT_EQ(tiny_store().find("TinyKJV"), nullptr);
  EXPECT_EQ(tiny_store().find(""), nullptr);
}

TEST(BibleStore, FiltersByBaseLanguage) {
  EXPECT_EQ(tiny_store().versions_for_language("en-CA").size(), 2U);
  EXPECT_EQ(tiny_store().versions_for_language("EN").size(), 2U);
  EXPECT_EQ(tiny_store().versions_for_language("en_GB").size(), 2U);
  EXPECT_TRUE(tiny_store().versions_for_language("pt-BR").empty());
  EXPECT_TRUE(tiny_store().versions_for_language("").empty());
  EXPECT_TRUE(language_matches("en-CA", "en"));
  EXPECT_TRUE(language_matches("pt", "pt-BR"));
  EXPECT_FALSE(language_matches("pt", "en"));
  EXPECT_FALSE(language_matches("eng", "en"));
}

TEST(BibleStore, CleansPlainTextModules) {
  EXPECT_EQ(text_of("tkjv", "John 3:16"),
            "For God so loved the world, that he gave his only begotten Son, that whosoever "
            "believeth in him should not perish, but have everlasting life.");
  EXPECT_EQ(text_of("tkjv", "Gen 1:1"), "In the beginning God created the heaven and the earth.");
  EXPECT_EQ(text_of("tkjv", "Gen 1:2"),
            "And the earth was without form, and void; and darkness was upon the face of the "
            "deep. And the Spirit of God moved upon the face of the waters.");
}

TEST(BibleStore, UndoesWebFootnoteGlue) {
  EXPECT_EQ(text_of("tinyweb", "Gen 1:1"),
            "In the beginning, God created the heavens and the earth.");
  EXPECT_EQ(text_of("tinyweb", "Gen 4:1"),
            "The man knew Eve his wife. She conceived, and gave birth to Cain, and said, “I have "
            "gotten a man with Yahweh’s help.”");
  EXPECT_EQ(text_of("tinyweb", "John 3:16"),
            "For God so loved the world, that he gave his only born Son, that whoever believes in "
            "him should not perish, but have eternal life.");
  EXPECT_EQ(text_of("tinyweb", "Matt 3:15"),
            "But Jesus, answering, said to him, “Allow it now, for this is the fitting way for us "
            "to fulfill all righteousness.” Then he allowed him.");
  EXPECT_EQ(text_of("tinyweb", "Ps 23:1"), "Yahweh is my shepherd; I shall lack nothing.");
  EXPECT_EQ(text_of("tinyweb", "Song 1:2"),
            "Let him kiss me with the kisses of his mouth; for your love is better than wine.");
}

TEST(BibleStore, ServesTheDeuterocanonOnlyWhereTheVersificationHasIt) {
  EXPECT_EQ(text_of("tinyweb", "Tobit 1:1"),
            "The book of the words of Tobit, the son of Tobiel, the son of Ananiel,");
  const Result<Passage> in_kjv = tiny_store().passage("tkjv", *parse_reference("Tobit 1:1"));
  ASSERT_FALSE(in_kjv.ok());
  EXPECT_EQ(in_kjv.error().code, "invalid_reference");
  EXPECT_EQ(in_kjv.error().message,
            "Tobit is not in the KJV versification; 'Tobit 1:1' cannot be read in it");
  EXPECT_EQ(text_of("tinyweb", "3 John 1:15"),
            "Peace be to you. The friends greet you. Greet the friends by name.");
  EXPECT_FALSE(tiny_store().passage("tkjv", *parse_reference("3 John 1:15")).ok());
}

TEST(BibleStore, UnknownCodeIsItsOwnError) {
  const Result<Passage> result = tiny_store().passage("nope", *parse_reference("John 3:16"));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "unknown_bible");
}

TEST(BibleStore, ReportsEmptyVersesInsideARange) {
  const Passage p = passage("tinyweb", "Matt 17:20-22");
  ASSERT_EQ(p.verses.size(), 3U);
  EXPECT_EQ(p.verses[1].ref, (VerseRef{book("Matt"), 17, 21}));
  EXPECT_EQ(p.verses[1].text, "");
  ASSERT_EQ(p.missing.size(), 1U);
  EXPECT_EQ(p.missing[0], (VerseRef{book("Matt"), 17, 21}));
  EXPECT_EQ(render_plain(p),
            "He said to them, “Because of your unbelief. For most certainly I tell you, if you "
            "have faith as a grain of mustard seed, nothing will be impossible for you. While they "
            "were staying in Galilee, Jesus said to them, “The Son of Man is about to be "
            "delivered up into the hands of men,");
}

TEST(BibleStore, WholeChaptersComeFromTheVersification) {
  const Passage p = passage("tkjv", "Ps 23");
  EXPECT_EQ(p.reference, "Psalm 23");
  EXPECT_EQ(p.version_code, "tkjv");
  ASSERT_EQ(p.verses.size(), 6U);
  EXPECT_EQ(p.missing.size(), 3U);  // the fixture has verses 1, 2 and 6
  EXPECT_EQ(render_markdown(p),
            "**1** The LORD is my shepherd; I shall not want. **2** He maketh me to lie down in "
            "green pastures: he leadeth me beside the still waters. **6** Surely goodness and "
            "mercy shall follow me all the days of my life: and I will dwell in the house of the "
            "LORD for ever.");
}

TEST(BibleStore, MarkdownMarksNewChaptersBooksAndOptionalRuns) {
  EXPECT_EQ(render_markdown(passage("tkjv", "John 3:17-4:1")),
            "**17** For God sent not his Son into the world to condemn the world; but that the "
            "world through him might be saved. **4:1** When therefore the Lord knew how the "
            "Pharisees had heard that Jesus made and baptized more disciples than John,");
  EXPECT_EQ(render_markdown(passage("tkjv", "Gen 1:1; Jude 3")),
            "**1** In the beginning God created the heaven and the earth. **Jude 1:3** Beloved, "
            "when I gave all diligence to write unto you of the common salvation,");
  const std::string optional = render_markdown(passage("tkjv", "Gen 1:1, (2), 3"));
  EXPECT_EQ(optional.substr(0, 70),
            "**1** In the beginning God created the heaven and the earth. [**2** An");
  EXPECT_NE(optional.find("waters.] **3** And God said"), std::string::npos) << optional;
}

TEST(BibleStore, MarkdownEscapesTheText) {
  Passage p;
  p.verses.push_back({VerseRef{book("John"), 1, 1}, "a [b] *c* _d_ `e` \\f", false});
  EXPECT_EQ(render_markdown(p), "**1** a \\[b\\] \\*c\\* \\_d\\_ \\`e\\` \\\\f");
  EXPECT_EQ(render_plain(p), "a [b] *c* _d_ `e` \\f");
  p.verses[0].optional = true;
  EXPECT_EQ(render_markdown(p).front(), '[');
  EXPECT_EQ(render_markdown(Passage{}), "");
}

TEST(BibleStore, PassageVersesCarryOptionalFlagsAndParts) {
  const Passage p = passage("tkjv", "Gen 1:1-2a, (3)");
  ASSERT_EQ(p.verses.size(), 3U);
  EXPECT_EQ(p.verses[0].part, VersePart::whole);
  EXPECT_EQ(p.verses[1].part, VersePart::a);
  EXPECT_FALSE(p.verses[1].optional);
  EXPECT_TRUE(p.verses[2].optional);
  EXPECT_EQ(p.reference, "Genesis 1:1-2a, (3)");
}

TEST(BibleStore, ReadsSingleVerses) {
  EXPECT_EQ(tiny_store().verse_text("tkjv", VerseRef{book("Jude"), 1, 3}),
            "Beloved, when I gave all diligence to write unto you of the common salvation,");
  EXPECT_EQ(tiny_store().verse_text("tkjv", VerseRef{book("Jude"), 1, 4}), "");
  EXPECT_FALSE(tiny_store().verse_text("tkjv", VerseRef{book("Jude"), 1, 26}).has_value());
  EXPECT_FALSE(tiny_store().verse_text("nope", VerseRef{book("Jude"), 1, 3}).has_value());
  EXPECT_GT(tiny_store().memory_bytes(), 0U);
}

TEST(BibleStore, CreateRefusesInconsistentEditions) {
  auto layout = std::make_shared<const Versification>(
      "Tiny", std::vector<BookLayout>{BookLayout{book("Jude"), {2}}});
  const auto edition = [&](std::string code, int verses) {
    BibleEdition e;
    e.version.code = std::move(code);
    e.version.versification = layout;
    for (int i = 0; i < verses; ++i) e.texts.append("v");
    return e;
  };
  EXPECT_TRUE(BibleStore::create({edition("a", 2), edition("b", 2)}).ok());
  EXPECT_EQ(BibleStore::create({edition("a", 2), edition("a", 2)}).error().message,
            "Bible 'a' is loaded twice");
  EXPECT_EQ(BibleStore::create({edition("a", 1)}).error().message,
            "Bible 'a' has 1 verses but its Tiny versification has 2");
  BibleEdition no_layout = edition("a", 2);
  no_layout.version.versification = nullptr;
  EXPECT_EQ(BibleStore::create({std::move(no_layout)}).error().code, "invalid_bible_store");
  EXPECT_TRUE(BibleStore::create({}).ok());
}

// The store is immutable and the parser's tables are built once: many threads may use both.
TEST(BibleStore, ServesManyThreadsAtOnce) {
  const BibleStore& store = tiny_store();
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&store, &failures] {
      for (int i = 0; i < 200; ++i) {
        const auto ref = parse_reference(i % 2 == 0 ? "João 3:16" : "Gn 1:1-3", "pt");
        const auto p = ref.ok() ? store.passage("tkjv", *ref) : Result<Passage>(ref.error());
        if (!p.ok() || render_plain(*p).empty()) ++failures;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(BibleStore, ParsesTextFormats) {
  EXPECT_EQ(parse_text_format("verses"), TextFormat::verses);
  EXPECT_EQ(parse_text_format("plain"), TextFormat::plain);
  EXPECT_EQ(parse_text_format("markdown"), TextFormat::markdown);
  EXPECT_FALSE(parse_text_format("Markdown").has_value());
  EXPECT_FALSE(parse_text_format("html").has_value());
}

// --- Discovery and codes -------------------------------------------------------------------------

TEST(BibleDiscovery, ReadsModuleConfigurationsWithoutImporting) {
  const auto modules = bible_detail::discover_bible_modules(kTinySword);
  ASSERT_TRUE(modules.ok()) << modules.error().message;
  ASSERT_EQ(modules->size(), 2U);
  const bible_detail::ModuleDescriptor& kjv = (*modules)[0];
  EXPECT_EQ(kjv.module_name, "TinyKJV");
  EXPECT_EQ(kjv.source_type, "Plain");
  EXPECT_EQ(kjv.versification_name, "KJV");
  EXPECT_EQ(fs::path(kjv.data_path), fs::path(kTinySword) / "modules/texts/rawtext/tinykjv/");
  EXPECT_NE(kjv.config_digest, (*modules)[1].config_digest);
  EXPECT_FALSE(bible_detail::discover_bible_modules("/nonexistent/sword").ok());
}

TEST(BibleCodes, KnownModulesKeepTheirCodes) {
  EXPECT_EQ(bible_detail::assign_bible_codes({{"engWEB2015eb", "WEB"}, {"engKJV2006eb", "KJV"}}),
            (std::vector<std::string>{"web", "kjv"}));
}

TEST(BibleCodes, OtherModulesGetDeterministicSlugs) {
  // "KJV" (an older CrossWire module) cannot take "kjv" from Debian's engKJV2006eb.
  EXPECT_EQ(bible_detail::assign_bible_codes({{"NVI", "NVI-PT"},
                                              {"KJV", "KJV"},
                                              {"engKJV2006eb", "KJV"},
                                              {"Ελληνική", ""},
                                              {"ARA", ""},
                                              {"ARA2", "ARA"}}),
            (std::vector<std::string>{"nvi_pt", "kjv_2", "kjv", "bible", "ara", "ara2"}));
  EXPECT_EQ(bible_detail::slugify("NVI-PT 2000"), "nvi_pt_2000");
  EXPECT_EQ(bible_detail::slugify("--x--"), "x");
  EXPECT_EQ(bible_detail::slugify("Ελληνική"), "");
}

// --- The loader and its caches ------------------------------------------------------------------

struct Recorded {
  std::vector<LoadProgress> events;
  [[nodiscard]] std::vector<LoadStage> stages_of(std::string_view module) const {
    std::vector<LoadStage> stages;
    for (const LoadProgress& e : events) {
      if (e.module_name == module && (stages.empty() || stages.back() != e.stage)) {
        stages.push_back(e.stage);
      }
    }
    return stages;
  }
  // The module's last event; a default one (stage found, nothing set) when it has none.
  [[nodiscard]] LoadProgress last_of(std::string_view module) const {
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
      if (it->module_name == module) return *it;
    }
    return {};
  }
};

Result<std::shared_ptr<const BibleStore>> load(const std::string& sword_path,
                                               const std::string& cache_dir, Recorded& recorded,
                                               bool import_missing = true, bool force = false) {
  BibleLoadOptions options;
  options.sword_path = sword_path;
  options.cache_dir = cache_dir;
  options.import_missing = import_missing;
  options.force_import = force;
  options.on_progress = [&recorded](const LoadProgress& p) { recorded.events.push_back(p); };
  return load_bibles(options);
}

void expect_same_store(const BibleStore& a, const BibleStore& b) {
  ASSERT_EQ(a.versions().size(), b.versions().size());
  for (std::size_t i = 0; i < a.versions().size(); ++i) {
    const BibleVersion& x = a.versions()[i];
    const BibleVersion& y = b.versions()[i];
    SCOPED_TRACE(x.code);
    EXPECT_EQ(x.code, y.code);
    EXPECT_EQ(x.module_name, y.module_name);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.description, y.description);
    EXPECT_EQ(x.language, y.language);
    EXPECT_EQ(x.publisher, y.publisher);
    EXPECT_EQ(x.licence, y.licence);
    EXPECT_EQ(x.module_version, y.module_version);
    EXPECT_EQ(*x.versification, *y.versification);
    EXPECT_EQ(x.verse_count, y.verse_count);
    EXPECT_EQ(x.empty_verse_count, y.empty_verse_count);
    for (const BookLayout& layout : x.versification->books()) {
      for (int c = 1; c <= static_cast<int>(layout.verses_per_chapter.size()); ++c) {
        for (int v = 1; v <= layout.verses_per_chapter[static_cast<std::size_t>(c - 1)]; ++v) {
          const VerseRef ref{layout.book, c, v};
          ASSERT_EQ(a.verse_text(x.code, ref), b.verse_text(y.code, ref));
        }
      }
    }
  }
}

TEST(BibleLoader, WritesCachesThenLoadsIdenticallyFromThem) {
  ScratchDir dir;
  const std::string cache = (dir.path() / "cache").string();
  Recorded first;
  const auto imported = load(kTinySword, cache, first);
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  EXPECT_EQ(first.stages_of("TinyKJV"),
            (std::vector<LoadStage>{LoadStage::found, LoadStage::importing,
                                    LoadStage::writing_cache, LoadStage::loaded}));
  EXPECT_FALSE(first.last_of("TinyKJV").from_cache);
  EXPECT_EQ(first.last_of("TinyKJV").verse_count, 10U);
  EXPECT_TRUE(fs::exists(fs::path(cache) / "TinyKJV.kbible"));
  EXPECT_TRUE(fs::exists(fs::path(cache) / "TinyWEB.kbible"));

  Recorded second;
  const auto cached = load(kTinySword, cache, second);
  ASSERT_TRUE(cached.ok()) << cached.error().message;
  EXPECT_EQ(
      second.stages_of("TinyWEB"),
      (std::vector<LoadStage>{LoadStage::found, LoadStage::reading_cache, LoadStage::loaded}));
  EXPECT_TRUE(second.last_of("TinyWEB").from_cache);
  expect_same_store(*imported.value(), *cached.value());
}

TEST(BibleLoader, WithoutImportingModulesLackingACacheAreSkipped) {
  ScratchDir dir;
  Recorded recorded;
  const auto store = load(kTinySword, (dir.path() / "cache").string(), recorded, false);
  ASSERT_TRUE(store.ok());
  EXPECT_TRUE(store.value()->versions().empty());
  EXPECT_EQ(recorded.last_of("TinyKJV").stage, LoadStage::skipped);
  EXPECT_EQ(recorded.last_of("TinyKJV").message, "no valid cache, and importing is turned off");
}

TEST(BibleLoader, ForceImportIgnoresAValidCache) {
  ScratchDir dir;
  const std::string cache = (dir.path() / "cache").string();
  Recorded first;
  ASSERT_TRUE(load(kTinySword, cache, first).ok());
  Recorded forced;
  ASSERT_TRUE(load(kTinySword, cache, forced, true, true).ok());
  EXPECT_FALSE(forced.last_of("TinyKJV").from_cache);
}

// A private copy of the tiny library, so a test may change module files.
fs::path copy_tiny_sword(const fs::path& into) {
  const fs::path copy = into / "sword";
  fs::copy(kTinySword, copy, fs::copy_options::recursive);
  return copy;
}

TEST(BibleLoader, ChangedModuleFilesInvalidateTheCache) {
  ScratchDir dir;
  const fs::path sword = copy_tiny_sword(dir.path());
  const std::string cache = (dir.path() / "cache").string();
  Recorded first;
  ASSERT_TRUE(load(sword.string(), cache, first).ok());

  const fs::path data = sword / "modules/texts/rawtext/tinykjv/ot";
  fs::last_write_time(data, fs::last_write_time(data) + std::chrono::seconds(5));
  Recorded second;
  const auto store = load(sword.string(), cache, second);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(
      second.stages_of("TinyKJV"),
      (std::vector<LoadStage>{LoadStage::found, LoadStage::reading_cache, LoadStage::warning,
                              LoadStage::importing, LoadStage::writing_cache, LoadStage::loaded}));
  EXPECT_TRUE(second.last_of("TinyWEB").from_cache);  // the other module is untouched

  Recorded third;  // the rewritten cache is valid again
  ASSERT_TRUE(load(sword.string(), cache, third).ok());
  EXPECT_TRUE(third.last_of("TinyKJV").from_cache);
}

TEST(BibleLoader, AnEditedConfigurationInvalidatesTheCache) {
  ScratchDir dir;
  const fs::path sword = copy_tiny_sword(dir.path());
  const std::string cache = (dir.path() / "cache").string();
  Recorded first;
  ASSERT_TRUE(load(sword.string(), cache, first).ok());
  std::ofstream(sword / "mods.d/tinykjv.conf", std::ios::app) << "Publisher=Someone new\n";
  Recorded second;
  const auto store = load(sword.string(), cache, second);
  ASSERT_TRUE(store.ok());
  EXPECT_FALSE(second.last_of("TinyKJV").from_cache);
  EXPECT_EQ(store.value()->find("tkjv")->publisher, "Someone new");
}

TEST(BibleLoader, ADamagedCacheIsReimportedAndRewritten) {
  ScratchDir dir;
  const std::string cache = (dir.path() / "cache").string();
  Recorded first;
  ASSERT_TRUE(load(kTinySword, cache, first).ok());
  std::ofstream(fs::path(cache) / "TinyWEB.kbible", std::ios::trunc) << "garbage";
  Recorded second;
  const auto store = load(kTinySword, cache, second);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(store.value()->versions().size(), 2U);
  bool warned = false;
  for (const LoadProgress& e : second.events) {
    warned = warned || (e.stage == LoadStage::warning && e.module_name == "TinyWEB" &&
                        e.message.find("impossible size") != std::string::npos);
  }
  EXPECT_TRUE(warned);
  Recorded third;
  ASSERT_TRUE(load(kTinySword, cache, third).ok());
  EXPECT_TRUE(third.last_of("TinyWEB").from_cache);
}

TEST(BibleLoader, AnUnwritableCacheOnlyWarns) {
  ScratchDir dir;
  std::ofstream(dir.path() / "not-a-dir") << "x";
  Recorded recorded;
  const auto store = load(kTinySword, (dir.path() / "not-a-dir").string(), recorded);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(store.value()->versions().size(), 2U);
  EXPECT_EQ(recorded.last_of("TinyKJV").stage, LoadStage::loaded);
  bool warned = false;
  for (const LoadProgress& e : recorded.events) warned = warned || e.stage == LoadStage::warning;
  EXPECT_TRUE(warned);
}

TEST(BibleLoader, WithoutACacheDirectoryNothingIsWritten) {
  ScratchDir dir;
  Recorded recorded;
  const auto store = load(kTinySword, "", recorded);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(store.value()->versions().size(), 2U);
  EXPECT_EQ(recorded.stages_of("TinyKJV"),
            (std::vector<LoadStage>{LoadStage::found, LoadStage::importing, LoadStage::loaded}));
}

TEST(BibleLoader, AMissingLibraryIsAnError) {
  ScratchDir dir;
  Recorded recorded;
  const auto store = load((dir.path() / "nothing").string(), "", recorded);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.error().code, "bible_load_failed");
  EXPECT_NE(store.error().message.find("mods.d/ is missing"), std::string::npos);
}

}  // namespace
}  // namespace kalendar
