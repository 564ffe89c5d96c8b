// The seam between SWORD and the rest of the library. Nothing here mentions a SWORD type, so
// only sword_import.cpp includes SWORD headers.
#pragma once

#include "kalendar/bible.hpp"
#include "kalendar/result.hpp"
#include "kalendar/versification.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kalendar::bible_detail {

// What an installed Bible module's configuration says about it.
struct ModuleDescriptor {
  std::string module_name;          // "engKJV2006eb"
  std::string abbreviation;         // Abbreviation=, may be empty
  std::string name;                 // Description=
  std::string about;                // About=, RTF escapes removed
  std::string language;             // Lang=, as BCP 47 ("pt_BR" becomes "pt-BR")
  std::string publisher;            // Publisher=, else CopyrightHolder=
  std::string licence;              // DistributionLicense=
  std::string version;              // Version=
  std::string versification_name;   // Versification=, "KJV" when absent or unknown (as SWORD)
  std::string source_type;          // SourceType=: "OSIS", "ThML", "GBF", "TEI", "Plain" or ""
  std::string data_path;            // the folder of the data files (DataPath= under sword_path)
  std::uint64_t config_digest = 0;  // FNV-1a over every key=value of the module's .conf section
};

// A module's text read through SWORD and cleaned.
struct ImportedText {
  Versification versification;
  VerseTexts texts;
  std::uint32_t verse_count = 0;        // verses with text
  std::uint32_t empty_verse_count = 0;  // verses left empty (absent, note-only, or linked)
};

// The Bible text modules installed under `sword_path`, by module name, read from
// mods.d/*.conf with SWORD's configuration parser only (no SWMgr: that costs about 30 MB of
// memory SWORD never gives back, and 70 ms). Fails when mods.d/ cannot be listed.
// Example: discover_bible_modules("/usr/share/sword")->size() == 2.
[[nodiscard]] Result<std::vector<ModuleDescriptor>> discover_bible_modules(
    const std::string& sword_path);

// One hermetic SWORD library (a data path with mods.d/ and modules/), opened only to import.
// All SWORD calls in the process are serialised by one mutex: SWORD keeps global state
// (locales, versifications).
class SwordLibrary {
 public:
  // Open the library at `sword_path` (builds a SWMgr).
  // Example: SwordLibrary::open("/usr/share/sword").ok().
  [[nodiscard]] static Result<std::unique_ptr<SwordLibrary>> open(const std::string& sword_path);
  ~SwordLibrary();
  SwordLibrary(const SwordLibrary&) = delete;
  SwordLibrary& operator=(const SwordLibrary&) = delete;

  // Read and clean every verse of one module. `on_book(done, total)` is called as books finish.
  // Example: library.import_text(kjv_descriptor, {})->verse_count == 31102.
  [[nodiscard]] Result<ImportedText> import_text(const ModuleDescriptor& module,
                                                 const std::function<void(int, int)>& on_book);

 private:
  struct Sword;  // the SWMgr, defined where SWORD is visible
  SwordLibrary();

  std::unique_ptr<Sword> sword_;
};

}  // namespace kalendar::bible_detail
