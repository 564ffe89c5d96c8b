// The immutable store of loaded versions: lookups by code, passages, the language filter.
#include "fnv1a.hpp"
#include "text_fold.hpp"

#include "kalendar/bible.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>

namespace kalendar {

// --- VerseTexts ---------------------------------------------------------------------------------

std::optional<VerseTexts> VerseTexts::from_parts(std::string buffer,
                                                 std::vector<std::uint32_t> ends) {
  std::uint32_t previous = 0;
  for (const std::uint32_t end : ends) {
    if (end < previous || end > buffer.size()) return std::nullopt;
    previous = end;
  }
  VerseTexts texts;
  texts.buffer_ = std::move(buffer);
  texts.ends_ = std::move(ends);
  return texts;
}

void VerseTexts::reserve(std::uint32_t verses, std::size_t bytes) {
  ends_.reserve(verses);
  buffer_.reserve(bytes);
}

void VerseTexts::append(std::string_view text) {
  assert(buffer_.size() + text.size() <= std::numeric_limits<std::uint32_t>::max());
  buffer_.append(text);
  ends_.push_back(static_cast<std::uint32_t>(buffer_.size()));
}

std::string_view VerseTexts::at(std::uint32_t p) const {
  assert(p < size());
  const std::uint32_t begin = p == 0 ? 0 : ends_[p - 1];
  return std::string_view(buffer_).substr(begin, ends_[p] - begin);
}

// --- BibleStore ---------------------------------------------------------------------------------

Result<std::shared_ptr<const BibleStore>> BibleStore::create(std::vector<BibleEdition> editions) {
  std::sort(editions.begin(), editions.end(), [](const BibleEdition& a, const BibleEdition& b) {
    return a.version.code < b.version.code;
  });
  // make_shared cannot reach the private constructor.
  std::shared_ptr<BibleStore> store(new BibleStore());
  for (BibleEdition& edition : editions) {
    const BibleVersion& version = edition.version;
    const auto fail = [&version](const std::string& why) {
      return Error{"invalid_bible_store", "Bible '" + version.code + "' " + why};
    };
    if (version.code.empty()) return fail("has no code");
    if (!store->versions_.empty() && store->versions_.back().code == version.code) {
      return fail("is loaded twice");
    }
    if (!version.versification) return fail("has no versification");
    if (edition.texts.size() != version.versification->verse_total()) {
      return fail("has " + std::to_string(edition.texts.size()) + " verses but its " +
                  version.versification->name() + " versification has " +
                  std::to_string(version.versification->verse_total()));
    }
    store->versions_.push_back(std::move(edition.version));
    store->texts_.push_back(std::move(edition.texts));
  }
  // Everything an answer can show of a version: its catalogue entry and every verse.
  std::uint64_t hash = bible_detail::kFnv1aStart;
  auto add = [&hash](std::string_view bytes) {
    hash = bible_detail::fnv1a64(std::to_string(bytes.size()) + ":", hash);
    hash = bible_detail::fnv1a64(bytes, hash);
  };
  for (std::size_t i = 0; i < store->versions_.size(); ++i) {
    const BibleVersion& v = store->versions_[i];
    for (const std::string* field :
         {&v.code, &v.module_name, &v.name, &v.abbreviation, &v.description, &v.language,
          &v.publisher, &v.licence, &v.module_version}) {
      add(*field);
    }
    add(v.versification->name());
    const VerseTexts& texts = store->texts_[i];
    add(texts.buffer());
    add(std::string_view(reinterpret_cast<const char*>(texts.ends().data()),
                         texts.ends().size() * sizeof(std::uint32_t)));
  }
  store->content_hash_ = hash;
  return std::shared_ptr<const BibleStore>(std::move(store));
}

const BibleVersion* BibleStore::find(std::string_view code) const {
  const auto it = std::lower_bound(
      versions_.begin(), versions_.end(), code,
      [](const BibleVersion& version, std::string_view key) { return version.code < key; });
  return it != versions_.end() && it->code == code ? &*it : nullptr;
}

const VerseTexts* BibleStore::texts_of(std::string_view code, const BibleVersion** version) const {
  const BibleVersion* found = find(code);
  if (found == nullptr) return nullptr;
  *version = found;
  return &texts_[static_cast<std::size_t>(found - versions_.data())];
}

std::vector<const BibleVersion*> BibleStore::versions_for_language(std::string_view tag) const {
  std::vector<const BibleVersion*> matching;
  for (const BibleVersion& version : versions_) {
    if (language_matches(tag, version.language)) matching.push_back(&version);
  }
  return matching;
}

Result<Passage> BibleStore::passage(std::string_view code, const Reference& reference) const {
  const BibleVersion* version = nullptr;
  const VerseTexts* texts = texts_of(code, &version);
  if (texts == nullptr) {
    return Error{"unknown_bible", "no Bible version with code '" + std::string(code) + "'"};
  }
  const Versification& versification = *version->versification;
  auto spans = validate_reference(reference, versification);
  if (!spans) return spans.error();

  Passage passage;
  passage.version_code = version->code;
  passage.language = version->language;
  passage.reference = format_reference(reference, version->language);
  for (const VerseSpan& span : spans.value()) {
    const BookIndex book = span.first.book;
    for (int chapter = span.first.chapter; chapter <= span.last.chapter; ++chapter) {
      const int from = chapter == span.first.chapter ? span.first.verse : 1;
      const int to =
          chapter == span.last.chapter ? span.last.verse : versification.verse_count(book, chapter);
      for (int verse = from; verse <= to; ++verse) {
        const VerseRef ref{book, chapter, verse};
        PassageVerse item;
        item.ref = ref;
        item.text = std::string(texts->at(*versification.position(ref)));
        item.optional = span.optional;
        if (ref == span.first) item.part = span.first_part;
        if (ref == span.last && span.last_part != VersePart::whole) item.part = span.last_part;
        if (item.text.empty()) passage.missing.push_back(ref);
        passage.verses.push_back(std::move(item));
      }
    }
  }
  return passage;
}

std::optional<std::string_view> BibleStore::verse_text(std::string_view code,
                                                       VerseRef verse) const {
  const BibleVersion* version = nullptr;
  const VerseTexts* texts = texts_of(code, &version);
  if (texts == nullptr) return std::nullopt;
  const std::optional<std::uint32_t> position = version->versification->position(verse);
  if (!position) return std::nullopt;
  return texts->at(*position);
}

std::size_t BibleStore::memory_bytes() const {
  std::size_t bytes = sizeof(BibleStore);
  std::vector<const Versification*> counted;
  for (std::size_t i = 0; i < versions_.size(); ++i) {
    const BibleVersion& version = versions_[i];
    bytes += sizeof(BibleVersion) + version.description.capacity() + version.name.capacity() +
             texts_[i].buffer().capacity() + texts_[i].ends().capacity() * sizeof(std::uint32_t);
    const Versification* versification = version.versification.get();
    if (std::find(counted.begin(), counted.end(), versification) == counted.end()) {
      counted.push_back(versification);
      // Layouts plus the chapter-start index: two 4-byte numbers per chapter.
      for (const BookLayout& layout : versification->books()) {
        bytes += sizeof(BookLayout) + layout.verses_per_chapter.size() * 2 * sizeof(std::uint32_t);
      }
    }
  }
  return bytes;
}

// --- helpers ------------------------------------------------------------------------------------

std::optional<TextFormat> parse_text_format(std::string_view text) {
  if (text == "verses") return TextFormat::verses;
  if (text == "plain") return TextFormat::plain;
  if (text == "markdown") return TextFormat::markdown;
  return std::nullopt;
}

bool language_matches(std::string_view requested, std::string_view available) {
  const auto base = [](std::string_view tag) {
    return bible_detail::fold_case(tag.substr(0, tag.find_first_of("-_")));
  };
  const std::string wanted = base(requested);
  return !wanted.empty() && wanted == base(available);
}

}  // namespace kalendar
