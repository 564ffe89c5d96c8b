// MergedSource -> BookDefinition for `schema: 1` (load_library then compiles it into a frozen
// CompiledBook). One parser object per book; every problem goes
// to the diagnostic list with its position, and parsing continues so all problems show at once.
//
// Names are resolved in two passes: first every key that can be referred to (celebrations,
// seasons, colours) is collected, then sections are parsed with references turned into indices.
#pragma once

#include "merged_source.hpp"
#include "reader.hpp"

#include "kalendar/book.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace kalendar::detail {

class BookParser {
 public:
  BookParser(const MergedSource& src, const std::vector<StringLayer>& global_strings,
             DiagnosticList& diags);
  // The compiled book (possibly incomplete when diags has errors).
  std::unique_ptr<BookDefinition> parse();

 private:
  // parse_book.cpp
  void collect_keys();
  void parse_manifest();
  void parse_seasons();
  void parse_sunday_template(const SourceNode& t, Season& s);
  void parse_celebrations();
  void parse_propers();
  void parse_cycles();
  void parse_key_dates();
  // parse_rules.cpp
  void parse_precedence();
  void parse_transfers();
  void parse_next_free_day(MapReader& tm, TransferRule& rule);
  void parse_nearest_sunday(MapReader& tm, TransferRule& rule);
  static bool asks_prevailing(const DayMatch& m);
  void parse_also_observe();
  void parse_colour_rules();
  void parse_fasts();
  void parse_eves();
  // parse_tracks.cpp
  void parse_tracks();
  [[nodiscard]] std::optional<TrackKind> track_kind(std::string_view key) const;
  // parse_day_names.cpp
  void parse_day_names();
  // parse_lectionary.cpp
  void parse_lectionaries();
  void parse_collects();
  SlotEntry parse_slot(Slot slot, const SourceNode& value);
  std::vector<ReadingOption> parse_options(const SourceNode& value);
  bool check_key_template(const SourceNode& node);
  // parse_strings.cpp
  void build_strings();
  [[nodiscard]] bool is_weekday_title_key(const std::string& key) const;
  void check_weekday_title_templates(const std::vector<const StringLayer*>& layers);
  // parse_date_rules.cpp
  Index parse_date_rule(const SourceNode* node);
  void parse_date_variants(const SourceNode* leap_year, const SourceNode* exceptions,
                           DateRule& rule);
  // A named entry of `date_rules:` or `conditions:`, parsed on first use (so that a condition may
  // name Sunday keys, known once the seasons are read) and once only.
  struct NamedNode {
    const SourceNode* node = nullptr;
    enum class Kind { date_rule, condition } kind = Kind::date_rule;
    enum class State { none, parsing, done } state = State::none;
    Index rule = kNoIndex;
    DayMatch condition;
  };
  void collect_named(const char* section, std::map<std::string, NamedNode>& out);
  Index named_rule_ref(const SourceNode& name);
  const DayMatch* named_condition_ref(const SourceNode& name);
  bool parse_named(const std::string& name, NamedNode& n, const SourceLoc& use);
  void check_unused_named();
  // parse_options.cpp
  void parse_options();
  void check_options_against_preferences();
  // An option named by a condition or a date rule (marked used); kNoIndex after an error.
  Index option_ref(const SourceNode& key, bool want_date);
  std::vector<OptionTest> parse_option_tests(const SourceNode& node);
  // parse_predicates.cpp
  CandidateMatch parse_candidate_match(const SourceNode& node, const std::string& what);
  DayMatch parse_day_match(const SourceNode& node, const std::string& what);
  // compile.cpp: cross-checks once everything is parsed
  void check_celebration_dependencies();
  void check_examples_syntax();

  // Key -> index, or kNoIndex after reporting "unknown celebration 'x'" at `loc`.
  Index celebration_ref(const std::string& key, const SourceLoc& loc);
  Index season_ref(const std::string& key, const SourceLoc& loc);
  Index colour_ref(const std::string& key, const SourceLoc& loc);
  Index sunday_key_ref(const std::string& key, const SourceLoc& loc);
  Index intern_sunday_key(const std::string& key);
  std::vector<Index> season_list(const SourceNode* node);
  std::string source_of(const SourceNode& entry);
  // What every keyed entry (season, rule, table) starts with: its position, its `source:` and
  // its `key:`. Example: read_entry_header(m, node, rule) before reading the rule's own fields.
  template <typename Entry>
  void read_entry_header(MapReader& m, const SourceNode& node, Entry& entry) {
    entry.loc = node.loc;
    entry.source = source_of(node);
    m.get("source");
    entry.key = read_slug(m.require("key"), diags_).value_or("");
  }

  const MergedSource& src_;
  const std::vector<StringLayer>& global_strings_;
  DiagnosticList& diags_;
  std::unique_ptr<BookDefinition> book_;
  std::map<std::string, Index> celebrations_;
  std::map<std::string, Index> seasons_;
  std::map<std::string, Index> colours_;
  std::map<std::string, Index> sunday_keys_;
  std::map<int, SourceLoc> ids_;
  std::map<std::string, NamedNode> named_rules_;
  std::map<std::string, NamedNode> named_conditions_;
  std::vector<bool> option_used_;  // by option index: some rule names it
  StringLayer inline_names_;       // `name:`, `label:` and sunday_names in the base book's language
};

}  // namespace kalendar::detail
