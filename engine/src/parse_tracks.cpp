// `tracks:` (book.yaml): the book's own words for the two tracks of a two-track lectionary.
// Each of the book's words names the kind of track it is; both kinds are named once.
// Example (YAML): tracks: {continuous: semicontinuous, related: complementary}
// Without it a book's tracks are called `semicontinuous` and `complementary`.
#include "book_parser.hpp"

#include <algorithm>

namespace kalendar::detail {

void BookParser::parse_tracks() {
  BookDefinition& b = *book_;
  if (const SourceNode* tracks = src_.single("tracks")) {
    if (!tracks->is_map()) {
      diags_.error(tracks->loc,
                   "'tracks' maps the book's words to the kinds of track: {continuous: "
                   "semicontinuous, related: complementary}");
    } else {
      std::array<bool, 2> named{};
      for (const auto& [word, kind] : tracks->entries) {
        const auto k = read_choice(&kind, kTrackKindSlugs, "kind of track", diags_);
        if (!read_slug(&word, diags_) || !k) continue;
        if (named[*k]) {
          diags_.error(kind.loc, "track kind '" + kind.scalar + "' is named twice");
          continue;
        }
        named[*k] = true;
        b.tracks[*k] = word.scalar;
      }
      for (std::size_t k = 0; k < named.size(); ++k) {
        if (!named[k]) {
          diags_.error(tracks->loc, "'tracks' gives no word for the " +
                                        std::string(kTrackKindSlugs[k]) + " track");
        }
      }
    }
  }
  // A reading type is a track: the API's reading_type takes the book's words.
  const SourceNode* caps = src_.single("capabilities");
  const SourceNode* types =
      caps != nullptr && caps->is_map() ? caps->find("reading_types") : nullptr;
  for (const SourceNode* t : as_list(types != nullptr && types->is_seq() ? types : nullptr)) {
    if (std::find(b.tracks.begin(), b.tracks.end(), t->scalar) == b.tracks.end()) {
      diags_.error(t->loc, "reading type '" + t->scalar + "' is not one of the book's tracks (" +
                               b.tracks[0] + ", " + b.tracks[1] + ")");
    }
  }
}

// The kind of track a key of a reading's track map names: the book's word or the shared word
// (so a book with its own words still reads shared tables such as rules/lectionaries/rcl).
std::optional<TrackKind> BookParser::track_kind(std::string_view key) const {
  for (std::size_t k = 0; k < kTrackKindSlugs.size(); ++k) {
    if (key == book_->tracks[k] || key == kTrackKindSlugs[k]) return static_cast<TrackKind>(k);
  }
  return std::nullopt;
}

}  // namespace kalendar::detail
