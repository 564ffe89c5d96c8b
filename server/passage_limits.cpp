#include "passage_limits.hpp"

#include <string>

namespace kalendar::api {

std::size_t count_passage_verses(const Reference& reference, const Versification& versification) {
  const auto spans = validate_reference(reference, versification);
  if (!spans) return 0;
  std::size_t total = 0;
  for (const VerseSpan& span : spans.value()) {
    const auto first = versification.position(span.first);
    const auto last = versification.position(span.last);
    if (first && last && *last >= *first) total += *last - *first + 1;
  }
  return total;
}

std::size_t passage_text_bytes(const Passage& passage) {
  std::size_t total = 0;
  for (const PassageVerse& verse : passage.verses) total += verse.text.size();
  return total;
}

std::optional<ApiError> check_passage_size(const Reference& reference,
                                           const Versification& versification) {
  if (reference.segments.size() > kMaxReferenceRanges) {
    return ApiError{ErrorCode::range_too_large,
                    "a reference may list at most " + std::to_string(kMaxReferenceRanges) +
                        " ranges; this one lists " + std::to_string(reference.segments.size()),
                    "ref"};
  }
  const std::size_t verses = count_passage_verses(reference, versification);
  if (verses > kMaxPassageVerses) {
    return ApiError{ErrorCode::range_too_large,
                    "a passage may have at most " + std::to_string(kMaxPassageVerses) +
                        " verses; this one has " + std::to_string(verses),
                    "ref"};
  }
  return std::nullopt;
}

}  // namespace kalendar::api
