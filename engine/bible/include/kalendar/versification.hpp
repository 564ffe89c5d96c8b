// A versification: which books a Bible has, how many chapters each, how many verses each chapter.
//
// SWORD knows several systems (KJV, NRSVA, Catholic, LXX, ...). We copy the ones our installed
// modules use out of SWORD once (`builtin_versification` in bible.hpp, or from a cache file) so
// that validating a reference never calls SWORD. A Versification is immutable and safe to share
// between threads.
//
// Example:
//   Versification kjv = builtin_versification("KJV").value();
//   kjv.chapter_count(*find_book_by_osis("John")) == 21;
//   kjv.contains(*find_book_by_osis("Tob")) == false;
#pragma once

#include "kalendar/bible_books.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kalendar {

// One book as a versification lays it out.
// Example: BookLayout{*find_book_by_osis("Jude"), {25}} (one chapter of 25 verses).
struct BookLayout {
  BookIndex book = 0;
  std::vector<int> verses_per_chapter;  // [0] is chapter 1

  friend bool operator==(const BookLayout&, const BookLayout&) = default;
};

// The shape of one versification system; also gives each verse a position 0..verse_total()-1
// in reading order, which is where a version stores that verse's text.
// Example: Versification("KJV", layouts).position(VerseRef{gen, 1, 1}) == 0.
class Versification {
 public:
  Versification() = default;
  // `books` in the system's reading order; a book may appear only once (asserted).
  // Example: Versification("Tiny", {BookLayout{jude, {25}}}).verse_total() == 25.
  Versification(std::string name, std::vector<BookLayout> books);

  // SWORD's name of the system. Example: "NRSVA".
  [[nodiscard]] const std::string& name() const { return name_; }
  // The books in reading order. Example: kjv.books().size() == 66.
  [[nodiscard]] const std::vector<BookLayout>& books() const { return books_; }
  // Whether the system has the book. Example: nrsva.contains(tobit) == true.
  [[nodiscard]] bool contains(BookIndex book) const;
  // Chapters in the book, 0 when the book is absent. Example: kjv.chapter_count(john) == 21.
  [[nodiscard]] int chapter_count(BookIndex book) const;
  // Verses in that chapter, 0 when book or chapter is absent. Example: kjv.verse_count(john, 3)
  // == 36.
  [[nodiscard]] int verse_count(BookIndex book, int chapter) const;
  // Number of verses in the whole system. Example: kjv.verse_total() == 31102.
  [[nodiscard]] std::uint32_t verse_total() const { return verse_total_; }
  // Reading-order position of a real verse (chapter and verse within range), else nullopt.
  // Example: kjv.position({gen, 1, 2}) == 1; kjv.position({john, 3, 99}) == nullopt.
  [[nodiscard]] std::optional<std::uint32_t> position(VerseRef verse) const;

  friend bool operator==(const Versification& a, const Versification& b) {
    return a.name_ == b.name_ && a.books_ == b.books_;
  }

 private:
  [[nodiscard]] const BookLayout* layout(BookIndex book) const;

  std::string name_;
  std::vector<BookLayout> books_;
  std::vector<int> slot_of_book_;  // BookIndex -> index in books_, or -1
  std::vector<std::vector<std::uint32_t>>
      chapter_start_;  // per slot: position of each chapter's v1
  std::uint32_t verse_total_ = 0;
};

}  // namespace kalendar
