#include "kalendar/versification.hpp"

#include <cassert>
#include <cstddef>
#include <utility>

namespace kalendar {
namespace {

std::size_t as_index(int value) { return static_cast<std::size_t>(value); }

}  // namespace

Versification::Versification(std::string name, std::vector<BookLayout> books)
    : name_(std::move(name)),
      books_(std::move(books)),
      slot_of_book_(as_index(bible_book_count()), -1) {
  chapter_start_.reserve(books_.size());
  for (std::size_t slot = 0; slot < books_.size(); ++slot) {
    const BookLayout& book = books_[slot];
    assert(book.book >= 0 && book.book < bible_book_count());
    assert(slot_of_book_[as_index(book.book)] == -1 && "a book appears twice");
    slot_of_book_[as_index(book.book)] = static_cast<int>(slot);
    std::vector<std::uint32_t> starts;
    starts.reserve(book.verses_per_chapter.size());
    for (const int verses : book.verses_per_chapter) {
      starts.push_back(verse_total_);
      verse_total_ += static_cast<std::uint32_t>(verses > 0 ? verses : 0);
    }
    chapter_start_.push_back(std::move(starts));
  }
}

const BookLayout* Versification::layout(BookIndex book) const {
  if (book < 0 || as_index(book) >= slot_of_book_.size()) return nullptr;
  const int slot = slot_of_book_[as_index(book)];
  return slot < 0 ? nullptr : &books_[as_index(slot)];
}

bool Versification::contains(BookIndex book) const { return layout(book) != nullptr; }

int Versification::chapter_count(BookIndex book) const {
  const BookLayout* found = layout(book);
  return found == nullptr ? 0 : static_cast<int>(found->verses_per_chapter.size());
}

int Versification::verse_count(BookIndex book, int chapter) const {
  const BookLayout* found = layout(book);
  if (found == nullptr || chapter < 1 || as_index(chapter) > found->verses_per_chapter.size()) {
    return 0;
  }
  return found->verses_per_chapter[as_index(chapter - 1)];
}

std::optional<std::uint32_t> Versification::position(VerseRef verse) const {
  if (verse.verse < 1 || verse.verse > verse_count(verse.book, verse.chapter)) return std::nullopt;
  const int slot = slot_of_book_[as_index(verse.book)];
  return chapter_start_[as_index(slot)][as_index(verse.chapter - 1)] +
         static_cast<std::uint32_t>(verse.verse - 1);
}

}  // namespace kalendar
