#include "json/readings_json.hpp"

#include "kalendar/day_title.hpp"
#include "kalendar/vocabulary.hpp"

namespace kalendar::api {

namespace {

void optional_text(JsonWriter& w, std::string_view s) {
  if (s.empty()) {
    w.null();
  } else {
    w.string(s);
  }
}

void write_verses(JsonWriter& w, const Passage& p) {
  w.start_array();
  for (const PassageVerse& v : p.verses) {
    w.start_object();
    w.key("book");
    w.string(book_info(v.ref.book).osis);
    w.key("chapter");
    w.integer(v.ref.chapter);
    w.key("verse");
    w.integer(v.ref.verse);
    w.key("text");
    w.string(v.text);
    w.key("optional");
    w.boolean(v.optional);
    w.end_object();
  }
  w.end_array();
}

void write_missing(JsonWriter& w, const Passage& p) {
  w.start_array();
  for (const VerseRef& v : p.missing) {
    w.string(std::string(book_info(v.book).osis) + "." + std::to_string(v.chapter) + "." +
             std::to_string(v.verse));
  }
  w.end_array();
}

}  // namespace

void write_passage(JsonWriter& w, const Passage& passage, TextFormat format) {
  w.key("bible");
  w.string(passage.version_code);
  w.key("reference");
  w.string(passage.reference);
  if (format == TextFormat::verses) {
    w.key("verses");
    write_verses(w, passage);
  } else {
    w.key("content");
    w.string(format == TextFormat::plain ? render_plain(passage) : render_markdown(passage));
  }
  w.key("missing");
  write_missing(w, passage);
}

void write_passage_members(JsonWriter& w, std::string_view reference, const TextOptions& options,
                           bool resource) {
  auto member = [&](const LiteralName& name) {
    if (resource) return w.field(name);
    w.key(name);
    return true;
  };
  std::optional<Passage> passage;
  std::string error;
  if (options.bibles == nullptr || options.bible.empty()) {
    error = "no Bible version is installed";
  } else if (auto ref = parse_reference(reference, options.lang); !ref) {
    error = ref.error().message;
  } else if (auto p = options.bibles->passage(options.bible, *ref); !p) {
    error = p.error().message;
  } else {
    passage = std::move(p).value();
  }
  if (member("bible")) optional_text(w, options.bible);
  if (options.format == TextFormat::verses) {
    if (member("verses")) {
      if (passage) {
        write_verses(w, *passage);
      } else {
        w.null();
      }
    }
  } else if (member("content")) {
    if (passage) {
      w.string(options.format == TextFormat::plain ? render_plain(*passage)
                                                   : render_markdown(*passage));
    } else {
      w.null();
    }
  }
  if (member("text_error")) optional_text(w, error);
}

ReadingOptions reading_options_for(const CompiledBook& book, const BibleStore* bibles,
                                   std::string_view bible, TextFormat format) {
  ReadingOptions options;
  options.text_options = {bibles, bible, format, book.references_lang};
  options.display_lang = book.lang;
  return options;
}

void write_reading_items(JsonWriter& w, const ReadingSet& set, const ReadingOptions& options) {
  auto shown = [&](std::string_view reference) {
    return display_reference(reference, options.text_options.lang, options.display_lang);
  };
  for (const ResolvedReading& r : set.readings) {
    const ReadingOption& main = r.options.front();
    w.begin_resource("reading");
    if (w.field("service")) w.string(slug(set.service));
    if (w.field("part")) optional_text(w, set.parts[r.part].name);
    if (w.field("slot")) w.string(slug(r.slot));
    if (w.field("reference")) w.string(shown(main.reference));
    if (w.field("short_reference")) {
      optional_text(w, main.short_reference.empty() ? "" : shown(main.short_reference));
    }
    if (w.field("note")) optional_text(w, main.note);
    if (w.field("track")) optional_text(w, r.track);
    if (options.alternatives && w.field("alternatives")) {
      w.start_array();
      for (const ReadingOption& alt : r.options.subspan(1)) {
        w.start_object();
        w.key("reference");
        w.string(shown(alt.reference));
        w.key("short_reference");
        optional_text(w, alt.short_reference.empty() ? "" : shown(alt.short_reference));
        w.key("note");
        optional_text(w, alt.note);
        w.end_object();
      }
      w.end_array();
    }
    if (options.text) write_passage_members(w, main.reference, options.text_options, true);
    w.end_resource();
  }
}

void write_collect_items(JsonWriter& w, const std::vector<ResolvedCollect>& collects,
                         const ResolvedDay& day, const LanguageStrings& names,
                         const TextPacks* packs, std::string_view lang, bool text) {
  const CompiledBook& b = day.book();
  for (const ResolvedCollect& c : collects) {
    w.begin_resource("collect");
    w.key("id");
    w.string(c.key->key);
    if (w.field("key")) w.string(c.key->key);
    // The key's own title in the response language, else the name of what it is for (the
    // loader makes sure one of them exists).
    if (w.field("title")) w.string(collect_title(day, names, c));
    if (w.field("kind")) w.string(slug(c.kind));
    if (w.field("reference")) optional_text(w, c.key->reference);
    if (w.field("celebration")) {
      w.string_or_null(c.for_celebration ? c.for_celebration->slug : std::string_view());
    }
    if (w.field("common")) w.boolean(c.from_common);
    // The next day's collect, said this evening at its first Evensong (service=evening).
    if (w.field("eve")) w.boolean(c.eve);
    if (text) {
      const CollectText* t = packs != nullptr ? packs->find(b.code, lang, c.key->key) : nullptr;
      if (w.field("body")) optional_text(w, t != nullptr ? std::string_view(t->body) : "");
      if (w.field("preface")) optional_text(w, t != nullptr ? std::string_view(t->preface) : "");
    }
    w.end_resource();
  }
}

}  // namespace kalendar::api
