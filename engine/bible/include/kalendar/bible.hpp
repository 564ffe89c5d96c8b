// Bible text for the service: the installed SWORD versions, preloaded into an immutable store.
//
// At start-up `load_bibles` reads every installed SWORD Bible module once (or, much faster, the
// binary cache written by a previous import), cleans the text, and freezes it into a
// `BibleStore`. Request handlers then parse references with our own parser
// (bible_reference.hpp) and read passages from the store; nothing at request time touches SWORD,
// the disk or a lock. Share the store as `std::shared_ptr<const BibleStore>`.
//
// Example:
//   BibleLoadOptions options;
//   options.cache_dir = "/var/cache/kalendar/bible";
//   auto store = load_bibles(options);                       // Result<shared_ptr<const
//   BibleStore>> auto ref = parse_reference("João 3:16", "pt-BR"); auto passage =
//   (*store)->passage("kjv", *ref); render_plain(*passage) == "For God so loved the world, ...";
#pragma once

#include "kalendar/bible_books.hpp"
#include "kalendar/bible_reference.hpp"
#include "kalendar/result.hpp"
#include "kalendar/versification.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar {

// Where Debian installs SWORD modules, and where the importer keeps its cache by default.
// Example: BibleLoadOptions{}.sword_path == kDefaultSwordPath.
inline constexpr std::string_view kDefaultSwordPath = "/usr/share/sword";
inline constexpr std::string_view kDefaultBibleCacheDir = "/var/cache/kalendar/bible";

// The text of every verse of one version, packed in one buffer in the reading order of its
// versification (position p is `Versification::position`). An absent verse is "".
// Example: texts.append("In the beginning..."); texts.at(0) == "In the beginning...".
class VerseTexts {
 public:
  VerseTexts() = default;
  // Rebuild from a buffer and the end offset of each verse (as a cache stores them); the ends
  // must not decrease and must stay within the buffer, else nullopt.
  // Example: VerseTexts::from_parts("ab", {1, 2})->at(1) == "b".
  [[nodiscard]] static std::optional<VerseTexts> from_parts(std::string buffer,
                                                            std::vector<std::uint32_t> ends);
  // Make room for `verses` verses of `bytes` bytes in all, so the buffer is allocated once.
  // Example: texts.reserve(31102, 4'300'000);
  void reserve(std::uint32_t verses, std::size_t bytes);
  // Add the next verse. Example: texts.append(""); for a verse the module leaves empty.
  void append(std::string_view text);
  // Text of the verse at position `p` (< size(), asserted). Example: texts.at(0).
  [[nodiscard]] std::string_view at(std::uint32_t p) const;
  // Number of verses held. Example: kjv_texts.size() == 31102.
  [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(ends_.size()); }
  // The packed buffer and end offsets, for the cache writer. Example: texts.buffer().size().
  [[nodiscard]] const std::string& buffer() const { return buffer_; }
  [[nodiscard]] const std::vector<std::uint32_t>& ends() const { return ends_; }

 private:
  std::string buffer_;
  std::vector<std::uint32_t> ends_;  // end offset of each verse in buffer_
};

// What the catalogue (`GET /bible-versions`) says about one installed version.
// Example: {code "kjv", module_name "engKJV2006eb", name "King James Version", abbreviation
// "KJV", language "en", licence "Public Domain", versification KJV, verse_count 31102}.
struct BibleVersion {
  std::string code;            // our slug: "kjv", "web"; unique in a store
  std::string module_name;     // SWORD module: "engKJV2006eb"
  std::string name;            // conf Description=: "King James Version"
  std::string abbreviation;    // conf Abbreviation=: "KJV" (may be empty)
  std::string description;     // conf About=, the long text (may be empty)
  std::string language;        // BCP 47 from conf Lang=: "en", "pt-BR"
  std::string publisher;       // conf Publisher=, else CopyrightHolder= (often empty)
  std::string licence;         // conf DistributionLicense=: "Public Domain" (may be empty)
  std::string module_version;  // conf Version=: "14.3"
  std::shared_ptr<const Versification> versification;
  std::uint32_t verse_count = 0;        // verses with text
  std::uint32_t empty_verse_count = 0;  // verses the versification has but the module leaves empty
};

// One version ready to go into a store: its description and its text.
// Example: BibleEdition{version, std::move(texts)}.
struct BibleEdition {
  BibleVersion version;
  VerseTexts texts;
};

// One verse of a passage.
// Example: {ref {john, 3, 16}, text "For God so loved the world, ...", optional false}.
struct PassageVerse {
  VerseRef ref;
  std::string text;                   // "" when the version has no text for this verse
  bool optional = false;              // inside an optional segment: "(5-7)"
  VersePart part = VersePart::whole;  // "15a" asks for part a; `text` is still the whole verse
};

// The verses of a reference in one version, in the order the reference lists them (a verse
// listed twice appears twice). A verse the version leaves empty is still in `verses`, with
// text "", and is listed in `missing`; the renderers skip it.
// Example: passage("web", "Matt 17:20-22") has 3 verses and missing == {Matt 17:21}.
struct Passage {
  std::string version_code;  // "kjv"
  std::string language;      // the version's language (BCP 47): it names the books shown
  std::string reference;     // canonical display in `language`: "John 3:16-18", "João 3:16-18"
  std::vector<PassageVerse> verses;
  std::vector<VerseRef> missing;  // verses inside the reference that have no text here
};

// All loaded versions and their text; immutable, so any number of threads may read it at once.
// Example: store->find("kjv")->verse_count == 31102.
class BibleStore {
 public:
  // Freeze editions into a store. Fails (code "invalid_bible_store") on duplicate codes, a
  // missing versification, or text that does not match its versification's size.
  // Example: BibleStore::create({std::move(kjv_edition)}).value()->versions().size() == 1.
  [[nodiscard]] static Result<std::shared_ptr<const BibleStore>> create(
      std::vector<BibleEdition> editions);

  // Every version, sorted by code. Example: versions()[0].code == "kjv".
  [[nodiscard]] const std::vector<BibleVersion>& versions() const { return versions_; }
  // The version with this code (exact, lowercase), or nullptr. Example: find("web").
  [[nodiscard]] const BibleVersion* find(std::string_view code) const;
  // Versions whose language matches `tag` by base language (see language_matches), by code.
  // Example: versions_for_language("en-CA") lists kjv and web.
  [[nodiscard]] std::vector<const BibleVersion*> versions_for_language(std::string_view tag) const;
  // The verses of `reference` in version `code`. Fails with "unknown_bible" for an unknown code
  // and "invalid_reference" when the reference lies outside that version's versification.
  // Example: passage("kjv", *parse_reference("John 3:16"))->verses[0].text starts "For God".
  [[nodiscard]] Result<Passage> passage(std::string_view code, const Reference& reference) const;
  // One verse's text, or nullopt for an unknown code or a verse outside the versification.
  // Example: verse_text("kjv", {gen, 1, 1}) == "In the beginning God created ...".
  [[nodiscard]] std::optional<std::string_view> verse_text(std::string_view code,
                                                           VerseRef verse) const;
  // A hash of everything the store can answer (each version's catalogue entry and text): equal
  // for two stores built from the same modules, different when any verse or entry differs.
  // Example: data versions include it, so a changed Bible module changes them.
  [[nodiscard]] std::uint64_t content_hash() const { return content_hash_; }
  // Approximate heap bytes held by the store (text, offsets, metadata).
  // Example: a store with KJV and WEB holds about 10 MB.
  [[nodiscard]] std::size_t memory_bytes() const;

 private:
  BibleStore() = default;
  [[nodiscard]] const VerseTexts* texts_of(std::string_view code,
                                           const BibleVersion** version) const;

  std::vector<BibleVersion> versions_;
  std::vector<VerseTexts> texts_;  // parallel to versions_
  std::uint64_t content_hash_ = 0;
};

// The `text_format` of the API: structured verses, or one string.
// Example: parse_text_format("markdown") == TextFormat::markdown.
enum class TextFormat { verses, plain, markdown };
// nullopt for anything but "verses", "plain" or "markdown". Example: parse_text_format("html").
[[nodiscard]] std::optional<TextFormat> parse_text_format(std::string_view text);

// The passage as one string: texts joined by single spaces; verses without text are left out.
// Example: render_plain(john_3_16_17) == "For God so loved ... life. For God sent ...".
[[nodiscard]] std::string render_plain(const Passage& passage);
// Markdown: each verse preceded by its bold number ("**16** For God so loved..."); the first
// verse of a new chapter shows "**4:1**", of a new book "**Romans 8:28**" (the book named in the
// passage's language: "**Romanos 8:28**"); runs of optional verses are wrapped in square
// brackets; verses without text are left out; Markdown characters in the text (* _ [ ] ` \) are
// backslash-escaped.
// Example: render_markdown(john_3_16_17) == "**16** For God ... **17** For God sent ...".
[[nodiscard]] std::string render_markdown(const Passage& passage);

// Whether a version in language `available` serves a request for `requested`: the primary
// language subtags are equal, ignoring case ("en-CA" matches "en", "EN" matches "en-GB").
// Example: language_matches("en-CA", "en") == true; language_matches("pt", "en") == false.
[[nodiscard]] bool language_matches(std::string_view requested, std::string_view available);

// SWORD's built-in definition of a versification system, copied out (no module files are read).
// Fails with "unknown_versification" for a name SWORD does not know.
// Example: builtin_versification("KJV")->verse_total() == 31102.
[[nodiscard]] Result<Versification> builtin_versification(std::string_view name);

// What `load_bibles` is doing, reported as it goes (an import takes seconds per module).
enum class LoadStage {
  found,          // a module is installed; `code` is the slug it will have
  reading_cache,  // a valid cache exists and is being read
  importing,      // reading the module through SWORD; `step` of `steps` books done
  writing_cache,  // the imported text is being written to the cache
  loaded,         // the module is in the store; `verse_count`, `seconds`, `from_cache` are set
  skipped,        // the module is left out; `message` says why
  warning,        // something went wrong that did not stop the load; `message` says what
};

// One progress report. Example: {stage importing, module_name "engWEB2015eb", code "web",
// step 10, steps 83}.
struct LoadProgress {
  LoadStage stage = LoadStage::found;
  std::string module_name;
  std::string code;
  int step = 0;
  int steps = 0;
  std::uint32_t verse_count = 0;
  double seconds = 0;
  bool from_cache = false;
  std::string message;
};

// Options of `load_bibles`.
// Example: BibleLoadOptions{.sword_path = "/srv/sword", .cache_dir = "/var/cache/kalendar/bible"}.
struct BibleLoadOptions {
  std::string sword_path{kDefaultSwordPath};  // SWORD data path: holds mods.d/ and modules/
  std::string cache_dir;                      // empty: no cache, always import through SWORD
  bool import_missing = true;  // false: a module without a valid cache is skipped, not imported
  bool force_import = false;   // true: import through SWORD even when the cache is valid
  std::function<void(const LoadProgress&)> on_progress;  // may be empty
};

// Load every Bible text module installed under `sword_path` (hermetically: never ~/.sword,
// $SWORD_PATH or the working directory). A module whose import fails is skipped with a warning;
// an unusable `sword_path` fails with "bible_load_failed". Never throws.
// Example: load_bibles({.sword_path = "/usr/share/sword", .cache_dir = "/tmp/c"}) gives kjv, web.
[[nodiscard]] Result<std::shared_ptr<const BibleStore>> load_bibles(
    const BibleLoadOptions& options);

}  // namespace kalendar
