// Verse text clean-up: SWORD raw entries to the plain text we store.
//
// Why not SWORD's plain renderer: with footnotes off it drops a <note> without leaving a space, so
// WEB's "God</w><note>...</note><w>created" renders as "Godcreated" (381 WEB verses). We work on
// the raw OSIS instead (dependencies.md §4): notes become markers, a marker becomes a space only
// between a non-space and a letter or digit, and everything else is tag stripping plus
// whitespace collapsing.
#pragma once

#include <string>
#include <string_view>

namespace kalendar::bible_detail {

// Bumped whenever the output of the functions below changes, so that caches written by an older
// clean-up are rebuilt (it is part of the cache key).
inline constexpr int kCleanupRevision = 1;

// One verse of raw OSIS (SWORD getRawEntry) to plain text, matching SWORD's plain renderer with
// footnotes and headings off except for the glue: notes, titles (headings, psalm
// superscriptions) and speaker labels removed with their content; block tags (l, lb, lg, p, div,
// milestone) read as spaces; <divineName> content in capitals ("LORD"); other tags dropped
// keeping their content; XML entities decoded; ¶ removed; whitespace collapsed and trimmed. A
// removed note, or a <q> tag, between a non-space and a letter, digit, opening quote or bracket
// is a space.
// Example: clean_osis_verse("<w>God</w><note>x</note><w>created</w>") == "God created".
[[nodiscard]] std::string clean_osis_verse(std::string_view raw);

// Text that is already plain (a non-OSIS module rendered by SWORD): ¶ removed, whitespace
// collapsed and trimmed.
// Example: clean_plain_verse("¶ For God so loved  the world. ") == "For God so loved the world.".
[[nodiscard]] std::string clean_plain_verse(std::string_view text);

}  // namespace kalendar::bible_detail

namespace kalendar::bible_detail {

// A SWORD .conf value (About=, Description=) as plain text: RTF control words removed ("\par"
// and "\line" read as spaces, "\u8220?" decoded), whitespace collapsed.
// Example: clean_conf_text("First.\\par Second \\u8220?x") == "First. Second “x".
[[nodiscard]] std::string clean_conf_text(std::string_view text);

}  // namespace kalendar::bible_detail
