#include "app/bible_choice.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

// The book's preferred codes with the language each was listed under ("" for the options of
// the `bible` preference, which name no language).
std::vector<std::pair<std::string, std::string>> preferred_codes(const BookDefinition& book) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const BiblePreference& p : book.bibles_by_language) {
    for (const std::string& code : p.codes) out.emplace_back(code, p.lang);
  }
  if (!out.empty()) return out;
  for (const Preference& p : book.preferences) {
    if (p.key != "bible") continue;
    for (const std::string& code : p.options) out.emplace_back(code, "");
  }
  return out;
}

}  // namespace

std::string version_label(const BibleVersion& v) {
  return v.abbreviation.empty() ? v.code : v.abbreviation;
}

BibleChoice choose_bibles(const BookDefinition& book, const BibleStore* store) {
  BibleChoice choice;
  if (store == nullptr) {
    choice.reason = "no Bible version is installed";
    return choice;
  }
  std::vector<const BibleVersion*> preferred;
  for (const auto& [code, lang] : preferred_codes(book)) {
    const BibleVersion* v = store->find(code);
    if (v != nullptr && std::find(preferred.begin(), preferred.end(), v) == preferred.end()) {
      preferred.push_back(v);
    }
  }
  auto in_book_language = [&](const BibleVersion* v) {
    return language_matches(book.lang, v->language);
  };
  auto add = [&](const BibleVersion* v) {
    if (std::find(choice.versions.begin(), choice.versions.end(), v) == choice.versions.end()) {
      choice.versions.push_back(v);
    }
  };
  for (const BibleVersion* v : preferred) {
    if (in_book_language(v)) add(v);
  }
  const std::size_t named_in_language = choice.versions.size();
  for (const BibleVersion* v : store->versions_for_language(book.lang)) add(v);
  const std::size_t in_language = choice.versions.size();
  for (const BibleVersion* v : preferred) add(v);

  if (choice.versions.empty()) {
    choice.reason = "none of the book's Bible versions is installed";
  } else if (named_in_language > 0) {
    choice.reason = "the book's preferred version in " + book.lang;
  } else if (in_language > 0) {
    choice.reason = "the book names no installed " + book.lang + " version; " +
                    version_label(*choice.versions.front()) + " is an installed " +
                    choice.versions.front()->language + " version";
  } else {
    const BibleVersion& v = *choice.versions.front();
    choice.reason = "no installed " + book.lang + " version; fell back to " + version_label(v) +
                    " (" + v.language + ")";
  }
  return choice;
}

}  // namespace kalendar::api
