// kalendar-bible-import: read every installed SWORD Bible module once and write the binary caches
// the service loads at start-up (docs/BIBLE.md). Run it after installing or upgrading a module;
// the service also imports by itself when a cache is missing or stale, only more slowly.
//
//   kalendar-bible-import [--sword-path P] [--cache-dir D] [--force]
//
// Exit status: 0 every module is cached and loads; 1 something failed; 2 bad usage.
#include "kalendar/bible.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

constexpr std::string_view kUsage =
    "usage: kalendar-bible-import [--sword-path P] [--cache-dir D] [--force]\n"
    "  --sword-path P  SWORD library holding mods.d/ and modules/ (default /usr/share/sword)\n"
    "  --cache-dir D   where the caches go (default /var/cache/kalendar/bible)\n"
    "  --force         import through SWORD even when a cache is still valid\n";

// Resident set size of this process, from /proc/self/statm (0 when unavailable).
double resident_megabytes() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0;
  long resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / 1e6;
}

std::string_view stage_name(kalendar::LoadStage stage) {
  switch (stage) {
    case kalendar::LoadStage::found:
      return "found";
    case kalendar::LoadStage::reading_cache:
      return "reading cache";
    case kalendar::LoadStage::importing:
      return "importing";
    case kalendar::LoadStage::writing_cache:
      return "writing cache";
    case kalendar::LoadStage::loaded:
      return "loaded";
    case kalendar::LoadStage::skipped:
      return "SKIPPED";
    case kalendar::LoadStage::warning:
      return "WARNING";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  kalendar::BibleLoadOptions options;
  options.cache_dir = std::string(kalendar::kDefaultBibleCacheDir);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--sword-path" && has_value) {
      options.sword_path = argv[++i];
    } else if (arg == "--cache-dir" && has_value) {
      options.cache_dir = argv[++i];
    } else if (arg == "--force") {
      options.force_import = true;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return kExitOk;
    } else {
      std::cerr << "kalendar-bible-import: unexpected argument '" << arg << "'\n" << kUsage;
      return kExitUsage;
    }
  }
  if (options.cache_dir.empty()) {
    std::cerr << "kalendar-bible-import: --cache-dir must not be empty\n" << kUsage;
    return kExitUsage;
  }

  bool trouble = false;
  options.on_progress = [&trouble](const kalendar::LoadProgress& p) {
    const std::string who = p.module_name + " (" + p.code + ")";
    switch (p.stage) {
      case kalendar::LoadStage::importing:
        if (p.steps == 0) {
          std::cout << who << ": importing through SWORD\n";
        } else if (p.step % 10 == 0 || p.step == p.steps) {
          std::cout << who << ": " << p.step << "/" << p.steps << " books\n";
        }
        break;
      case kalendar::LoadStage::loaded:
        std::printf("%s: %u verses %s in %.2f s\n", who.c_str(), p.verse_count,
                    p.from_cache ? "read from a valid cache" : "imported", p.seconds);
        break;
      case kalendar::LoadStage::skipped:
      case kalendar::LoadStage::warning:
        trouble = true;
        std::cerr << who << ": " << stage_name(p.stage) << ": " << p.message << "\n";
        break;
      default:
        std::cout << who << ": " << stage_name(p.stage)
                  << (p.message.empty() ? "" : " " + p.message) << "\n";
    }
    std::cout.flush();
  };

  std::cout << "SWORD library " << options.sword_path << ", cache " << options.cache_dir << "\n";
  const double resident_before = resident_megabytes();
  const auto started = std::chrono::steady_clock::now();
  auto store = kalendar::load_bibles(options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!store) {
    std::cerr << "kalendar-bible-import: " << store.error().message << "\n";
    return kExitFailed;
  }
  unsigned long verses = 0;
  for (const auto& version : store.value()->versions()) verses += version.verse_count;
  const double resident_after = resident_megabytes();
  std::printf(
      "%zu versions, %lu verses, %.2f s; store %.1f MB; resident memory %.1f MB "
      "(%.1f MB before loading)\n",
      store.value()->versions().size(), verses, seconds,
      static_cast<double>(store.value()->memory_bytes()) / 1e6, resident_after, resident_before);
  if (store.value()->versions().empty()) {
    std::cerr << "kalendar-bible-import: no Bible modules under " << options.sword_path << "\n";
    return kExitFailed;
  }
  return trouble ? kExitFailed : kExitOk;
}
