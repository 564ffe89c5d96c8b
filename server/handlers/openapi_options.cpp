// The calendar options of the loaded books as OpenAPI query parameters (docs/API.md, "Calendar
// options"). One parameter per option key, merged over every book that declares it: the union
// of the values, the default when the books agree, and the books named, since any other book
// refuses the parameter.
#include "handlers/openapi.hpp"

#include "kalendar/book.hpp"

#include <algorithm>

namespace kalendar::api {

namespace {

// MM-DD, the form of a date option's value (not a full RFC 3339 date, so no `format: date`).
constexpr std::string_view kMonthDayPattern = "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

void describe(OptionParamDoc& doc) {
  std::string& d = doc.description;
  d = "Calendar option of " + std::string(doc.books.size() == 1 ? "book " : "books ") +
      joined(doc.books) +
      " (GET /api/v2/prayer-books/{code}/preferences); any other book refuses "
      "it. ";
  if (doc.mixed_types) {
    d += "A date MM-DD for some of these books, one of the listed words for others (see each "
         "book's preferences). ";
  } else if (doc.is_date) {
    d += "A date MM-DD. ";
  }
  if (doc.books.size() > 1 && !doc.values.empty() && !doc.mixed_types) {
    d += "The values are those of all these books together; each book accepts only its own (see "
         "its preferences). ";
  }
  if (!doc.default_value) {
    d += "Default:";
    for (std::size_t i = 0; i < doc.books.size(); ++i) {
      d += (i == 0 ? " " : "; ") + doc.books[i] + " " +
           (doc.defaults[i].empty() ? "none" : doc.defaults[i]);
    }
    d += '.';
  } else {
    d += "Default " + *doc.default_value + '.';
  }
}

}  // namespace

std::vector<OptionParamDoc> option_param_docs(
    const std::vector<std::shared_ptr<const CompiledBook>>& books) {
  std::vector<OptionParamDoc> out;
  for (const auto& book : books) {
    for (Index i = 0; i < book->options.size(); ++i) {
      const CalendarOption& o = book->options[i];
      auto at = std::find_if(out.begin(), out.end(),
                             [&](const OptionParamDoc& d) { return d.key == o.key; });
      if (at == out.end()) {
        out.push_back({.key = o.key, .is_date = o.is_date});
        at = out.end() - 1;
      }
      OptionParamDoc& doc = *at;
      if (doc.is_date != o.is_date) doc.mixed_types = true;
      doc.books.push_back(book->code);
      doc.defaults.push_back(book->option_value_text(i, o.default_value));
      for (const std::string& v : o.values) {
        if (std::find(doc.values.begin(), doc.values.end(), v) == doc.values.end()) {
          doc.values.push_back(v);
        }
      }
    }
  }
  for (OptionParamDoc& doc : out) {
    const bool agree = std::all_of(doc.defaults.begin(), doc.defaults.end(),
                                   [&](const std::string& d) { return d == doc.defaults.front(); });
    if (agree && !doc.defaults.front().empty()) doc.default_value = doc.defaults.front();
    // A parameter mixing dates and words can be described by no one enum or pattern.
    if (doc.mixed_types) doc.values.clear();
    if (doc.is_date && !doc.mixed_types) doc.pattern = std::string(kMonthDayPattern);
    describe(doc);
  }
  std::sort(out.begin(), out.end(),
            [](const OptionParamDoc& a, const OptionParamDoc& b) { return a.key < b.key; });
  return out;
}

}  // namespace kalendar::api
