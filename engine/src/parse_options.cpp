// Calendar options (book.yaml `options:`, docs/BOOKS.md "Options"): their declaration, and the
// `option:` conditions and `{option: KEY}` date rules that use them.
#include "book_parser.hpp"
#include "reader.hpp"

#include <algorithm>

namespace kalendar::detail {

namespace {

// Choice options carry at most this many values (their tests are a 32-bit mask).
constexpr std::size_t kMaxOptionValues = 32;

}  // namespace

void BookParser::parse_options() {
  const auto* list = src_.list("options");
  if (list == nullptr) return;
  std::vector<CalendarOption> options;
  for (const SourceNode& node : *list) {
    MapReader m(node, "option", diags_);
    CalendarOption o;
    o.loc = node.loc;
    o.source = source_of(node);
    m.require("source");
    o.key = read_slug(m.require("key"), diags_).value_or("");
    o.name = read_text(m.require("name"), diags_).value_or("");
    const SourceNode* type = m.get("type");
    const SourceNode* values = m.get("values");
    const SourceNode* def = m.require("default");
    m.finish();
    if (std::find(std::begin(kReservedOptionKeys), std::end(kReservedOptionKeys), o.key) !=
        std::end(kReservedOptionKeys)) {
      diags_.error(node.find("key")->loc, "option '" + o.key +
                                              "' has the name of a route parameter of the API; "
                                              "choose another key");
    }
    if (type != nullptr) {
      if (type->scalar != "date") {
        diags_.error(type->loc, "an option's 'type' is 'date' (or leave it out and give 'values')");
      }
      o.is_date = true;
      if (values != nullptr) diags_.error(values->loc, "a date option takes no 'values'");
    } else if (values == nullptr) {
      diags_.error(node.loc, "option '" + o.key + "' needs 'values' (or 'type: date')");
    } else {
      for (const auto& [slug, loc] : read_slug_list(values, diags_)) {
        if (std::find(o.values.begin(), o.values.end(), slug) != o.values.end()) {
          diags_.error(loc, "value '" + slug + "' is listed twice");
          continue;
        }
        o.values.push_back(slug);
      }
      if (o.values.size() < 2 || o.values.size() > kMaxOptionValues) {
        diags_.error(values->loc, "an option lists 2 to 32 values");
      }
    }
    if (def != nullptr) {
      if (o.is_date) {
        o.default_value = kUnsetDateOption;
        // `default: null`: no date until a request gives one.
        if (!def->is_null()) {
          BookDefinition probe;
          probe.options.push_back(o);
          if (auto v = probe.parse_option_value(0, def->scalar)) {
            o.default_value = *v;
          } else {
            diags_.error(def->loc, "default '" + def->scalar + "' is not a date MM-DD (or null)");
          }
        }
      } else {
        auto at = std::find(o.values.begin(), o.values.end(), def->scalar);
        if (at == o.values.end()) {
          diags_.error(def->loc, "default '" + def->scalar + "' is not one of the values");
        } else {
          o.default_value = static_cast<OptionValue>(at - o.values.begin());
        }
      }
    }
    const auto twice =
        std::find_if(options.begin(), options.end(),
                     [&](const CalendarOption& other) { return other.key == o.key; });
    if (twice != options.end()) {
      diags_.error(node.loc, "option '" + o.key + "' is already declared at " + twice->loc.file +
                                 ":" + std::to_string(twice->loc.line));
      continue;
    }
    options.push_back(std::move(o));
  }
  // Sorted by key: an option set is then the same value whatever order a request names them in.
  std::stable_sort(options.begin(), options.end(),
                   [](const CalendarOption& a, const CalendarOption& b) { return a.key < b.key; });
  option_used_.assign(options.size(), false);
  book_->options = std::move(options);
}

void BookParser::check_options_against_preferences() {
  for (const CalendarOption& o : book_->options) {
    for (const Preference& p : book_->preferences) {
      if (p.key == o.key) {
        diags_.error(o.loc, "option '" + o.key + "' has the key of a preference of this book");
      }
    }
  }
  for (std::size_t i = 0; i < book_->options.size(); ++i) {
    if (!option_used_[i]) {
      const CalendarOption& o = book_->options[i];
      diags_.warning(o.loc, "option '" + o.key + "' is declared but no rule uses it");
    }
  }
}

Index BookParser::option_ref(const SourceNode& key, bool want_date) {
  const Index i = book_->find_option(key.scalar);
  if (i == kNoIndex) {
    diags_.error(key.loc, "unknown option '" + key.scalar + "' (not in 'options')");
    return kNoIndex;
  }
  option_used_[i] = true;  // used, even wrongly: the error says what is wrong
  if (book_->options[i].is_date != want_date) {
    diags_.error(key.loc, want_date
                              ? "option '" + key.scalar + "' is not a date option (type: date)"
                              : "option '" + key.scalar +
                                    "' is a date option: use its date with {option: " + key.scalar +
                                    "}, not a value test");
    return kNoIndex;
  }
  return i;
}

std::vector<OptionTest> BookParser::parse_option_tests(const SourceNode& node) {
  std::vector<OptionTest> out;
  if (!node.is_map() || node.entries.empty()) {
    diags_.error(node.loc, "'option' maps option keys to values, e.g. {epiphany: sunday}");
    return out;
  }
  for (const auto& [key, value] : node.entries) {
    const Index i = option_ref(key, false);
    if (i == kNoIndex) continue;
    OptionTest t{i, 0};
    const CalendarOption& o = book_->options[i];
    for (const auto& [slug, loc] : read_slug_list(&value, diags_)) {
      auto at = std::find(o.values.begin(), o.values.end(), slug);
      if (at == o.values.end()) {
        std::string allowed;
        for (const auto& v : o.values) allowed += (allowed.empty() ? "" : ", ") + v;
        diags_.error(
            loc, "option '" + o.key + "' has no value '" + slug + "' (values: " + allowed + ")");
        continue;
      }
      t.values |= 1u << static_cast<unsigned>(at - o.values.begin());
    }
    if (t.values != 0) out.push_back(t);
  }
  return out;
}

}  // namespace kalendar::detail
