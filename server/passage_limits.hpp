// How much one /api/v2/passages request may ask for (issue 10: a 494-character reference of
// 81 whole Psalters cost 0.3 s of CPU and a 30 MB answer). Each limit is checked before any
// text is read, and a request over it is a 400 naming the limit (docs/API.md, "Limits").
//
// Example:
//   if (auto problem = check_passage_size(*parsed, *version.versification)) {
//     ctx.errors().add(*problem);   // 400 range_too_large, source.parameter "ref"
//   }
#pragma once

#include "api_error.hpp"

#include "kalendar/bible.hpp"
#include "kalendar/bible_reference.hpp"
#include "kalendar/versification.hpp"

#include <cstddef>
#include <optional>

namespace kalendar::api {

// The limits. Example: a whole Psalter (2,461 verses) is over kMaxPassageVerses.
inline constexpr std::size_t kMaxReferenceChars = 200;  // the `ref` parameter, in characters
inline constexpr std::size_t kMaxReferenceRanges = 20;  // ranges separated by ',' or ';'
inline constexpr std::size_t kMaxPassageVerses = 500;   // verses, counting repeats
inline constexpr std::size_t kMaxPassageTextBytes = 256U * 1024U;  // UTF-8 bytes of verse text

// The first limit `reference` exceeds in `versification` (ranges, then verses), or nullopt.
// References outside the versification pass here; validation reports them.
// Example: check_passage_size(*parse_reference("Ps 1-150"), kjv)->code == range_too_large.
[[nodiscard]] std::optional<ApiError> check_passage_size(const Reference& reference,
                                                         const Versification& versification);

// The verses a reference spans (whole chapters counted in full); 0 for anything invalid.
// Example: count_passage_verses(*parse_reference("John 3:16-18"), kjv) == 3.
[[nodiscard]] std::size_t count_passage_verses(const Reference& reference,
                                               const Versification& versification);

// The UTF-8 bytes of verse text in a passage (the bulk of its answer).
// Example: passage_text_bytes(john_3_16) == 130 or so.
[[nodiscard]] std::size_t passage_text_bytes(const Passage& passage);

}  // namespace kalendar::api
