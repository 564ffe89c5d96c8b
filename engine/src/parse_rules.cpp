// The rule sections: precedence, transfers, additional observances, colours, fasts, eves.
#include "book_parser.hpp"
#include "reader.hpp"

#include <algorithm>
#include <set>

namespace kalendar::detail {

void BookParser::parse_precedence() {
  const auto* list = src_.list("precedence");
  if (list == nullptr || list->empty()) {
    diags_.error(src_.manifest_loc, "missing 'precedence' (the table that decides each day)");
    return;
  }
  std::set<std::string> keys;
  for (const SourceNode& node : *list) {
    MapReader m(node, "precedence row", diags_);
    PrecedenceRow row;
    read_entry_header(m, node, row);
    row.row = read_int(m.require("row"), 1, 999, diags_).value_or(0);
    if (!row.key.empty() && !keys.insert(row.key).second) {
      diags_.error(node.find("key")->loc, "precedence row key '" + row.key + "' is used twice");
    }
    if (const SourceNode* match = m.require("match")) {
      row.match = parse_candidate_match(*match, "precedence match");
    }
    if (const SourceNode* share = m.get("share_day"))
      row.may_share = read_bool(share, diags_).value_or(false);
    m.finish();
    book_->precedence.push_back(std::move(row));
  }
  // Rows are matched in order: sort by printed row number, which must be unique.
  std::stable_sort(book_->precedence.begin(), book_->precedence.end(),
                   [](const PrecedenceRow& a, const PrecedenceRow& b) { return a.row < b.row; });
  for (std::size_t i = 1; i < book_->precedence.size(); ++i) {
    if (book_->precedence[i].row == book_->precedence[i - 1].row) {
      diags_.error(book_->precedence[i].loc,
                   "row " + std::to_string(book_->precedence[i].row) + " is used twice");
    }
  }
}

void BookParser::parse_transfers() {
  const auto* list = src_.list("transfers");
  if (list == nullptr) return;
  for (const SourceNode& node : *list) {
    MapReader m(node, "transfer rule", diags_);
    TransferRule rule;
    read_entry_header(m, node, rule);
    if (const SourceNode* when = m.require("when")) {
      MapReader wm(*when, "transfer condition", diags_);
      if (const SourceNode* loser = wm.require("loser")) {
        rule.loser = parse_candidate_match(*loser, "'loser' condition");
      }
      if (const SourceNode* winner = wm.get("winner")) {
        rule.winner.push_back(parse_candidate_match(*winner, "'winner' condition"));
      }
      wm.finish();
    }
    const SourceNode* then_node = m.require("then");
    if (const SourceNode* then = then_node) {
      if (then->is_scalar()) {
        if (auto a = read_choice(then, kTransferActionSlugs, "transfer action", diags_)) {
          rule.action = static_cast<TransferAction>(*a);
          if (rule.action == TransferAction::move) {
            diags_.error(then->loc, "'move' needs its details: {move: next_free_day, ...}");
          }
        }
      } else {
        MapReader tm(*then, "move", diags_);
        rule.action = TransferAction::move;
        if (auto mv = read_choice(tm.require("move"), kMoveKindSlugs, "move", diags_)) {
          rule.move = static_cast<MoveKind>(*mv);
        }
        if (rule.move == MoveKind::nearest_sunday) {
          parse_nearest_sunday(tm, rule);
        } else {
          parse_next_free_day(tm, rule);
        }
        tm.finish();
      }
    }
    // A Sunday or a weekday cannot move or be commemorated: only keep_both applies to it.
    constexpr auto kCelebrationBit = 1u << static_cast<unsigned>(ObservanceKind::celebration);
    if (rule.loser.kinds != 0 && (rule.loser.kinds & kCelebrationBit) == 0 &&
        rule.action != TransferAction::keep_both && then_node != nullptr) {
      diags_.error(then_node->loc, "a Sunday or weekday loser can only be kept: then: keep_both");
    }
    if (rule.action == TransferAction::move && rule.move == MoveKind::nearest_sunday) {
      if (!rule.winner.empty()) {
        diags_.error(node.find("when")->loc,
                     "a nearest_sunday move is decided before precedence: its rule names no "
                     "'winner'");
      }
      for (const DayMatch& on : rule.loser.on) {
        if (asks_prevailing(on)) {
          diags_.error(node.find("when")->loc,
                       "a nearest_sunday move is decided before precedence: 'loser.on' cannot "
                       "ask what prevails");
        }
      }
    }
    m.finish();
    book_->transfers.push_back(std::move(rule));
  }
}

void BookParser::parse_next_free_day(MapReader& tm, TransferRule& rule) {
  rule.search_from = parse_date_rule(tm.get("search_from"));
  if (const SourceNode* w = tm.get("within_days")) {
    rule.within_days = read_int(w, 1, 60, diags_).value_or(7);
  }
  if (const SourceNode* o = tm.get("otherwise")) {
    if (auto a = read_choice(o, kTransferActionSlugs, "transfer action", diags_)) {
      rule.otherwise = static_cast<TransferAction>(*a);
      if (rule.otherwise == TransferAction::move) {
        diags_.error(o->loc, "'otherwise' cannot be another move");
        rule.otherwise = TransferAction::omit;
      }
    }
  }
  if (const SourceNode* c = tm.get("collision")) {
    if (auto v = read_choice(c, kCollisionSlugs, "collision policy", diags_)) {
      rule.collision = static_cast<Collision>(*v);
    }
  }
  tm.finish();
}

// A nearest-Sunday move is decided before precedence (its target may lie before the feast), so
// it can only ask what is known then: the loser condition picks the feasts it moves (no winner
// exists yet), and `unless` may not ask what prevails on the target.
void BookParser::parse_nearest_sunday(MapReader& tm, TransferRule& rule) {
  for (const char* field : {"search_from", "within_days", "collision"}) {
    if (const SourceNode* n = tm.get(field)) {
      diags_.error(n->loc, std::string("'") + field +
                               "' belongs to next_free_day; nearest_sunday always goes to the "
                               "Sunday nearest the feast's own day");
    }
  }
  if (const SourceNode* u = tm.get("unless")) {
    rule.unless.push_back(parse_day_match(*u, "'unless' condition"));
    if (asks_prevailing(rule.unless.back())) {
      diags_.error(u->loc,
                   "'unless' cannot ask what prevails: a nearest_sunday move is decided before "
                   "any day is (ask about the target day itself: its season, Sunday or date)");
    }
  }
  if (const SourceNode* o = tm.get("otherwise"); o != nullptr && o->scalar != "stay") {
    diags_.error(o->loc,
                 "a refused nearest_sunday move leaves the feast on its own day: otherwise: stay");
  }
  tm.finish();
}

bool BookParser::asks_prevailing(const DayMatch& m) {
  if (!m.prevailing.empty()) return true;
  for (const auto* list : {&m.any_of, &m.all_of, &m.none_of}) {
    for (const DayMatch& inner : *list) {
      if (asks_prevailing(inner)) return true;
    }
  }
  return false;
}

void BookParser::parse_also_observe() {
  const auto* list = src_.list("also_observe");
  if (list == nullptr) return;
  for (const SourceNode& node : *list) {
    MapReader m(node, "additional observance", diags_);
    AdditionalObservance a;
    read_entry_header(m, node, a);
    if (const SourceNode* c = m.require("celebration"))
      a.celebration = celebration_ref(c->scalar, c->loc);
    a.date = parse_date_rule(m.require("on"));
    if (const SourceNode* o = m.get("option")) a.options = parse_option_tests(*o);
    m.finish();
    if (a.celebration != kNoIndex && a.date != kNoIndex) book_->additional.push_back(std::move(a));
  }
}

void BookParser::parse_colour_rules() {
  const auto* list = src_.list("colour_rules");
  if (list == nullptr) return;
  for (const SourceNode& node : *list) {
    if (book_->palette.empty()) {
      // A colourless book (palette: []) has nothing for a colour rule to give.
      diags_.error(node.loc, "colour rule in a book without colours (palette: [])");
      continue;
    }
    MapReader m(node, "colour rule", diags_);
    ColourRule rule;
    read_entry_header(m, node, rule);
    if (const SourceNode* when = m.require("when"))
      rule.when = parse_day_match(*when, "colour condition");
    const SourceNode* colour = m.get("colour");
    const SourceNode* use = m.get("use");
    if ((colour == nullptr) == (use == nullptr)) {
      diags_.error(node.loc, "a colour rule gives either 'colour' or 'use: season'");
    } else if (colour != nullptr) {
      rule.colour = colour_ref(colour->scalar, colour->loc);
    } else if (use->scalar != "season") {
      diags_.error(use->loc, "unknown 'use' value '" + use->scalar + "' (expected season)");
    } else {
      rule.use_season = true;
    }
    for (const auto& [slug, loc] : read_slug_list(m.get("alternatives"), diags_)) {
      if (Index c = colour_ref(slug, loc); c != kNoIndex) rule.alternatives.push_back(c);
    }
    m.finish();
    book_->colour_rules.push_back(std::move(rule));
  }
}

void BookParser::parse_fasts() {
  const auto* list = src_.list("fasts");
  if (list == nullptr) return;
  for (const SourceNode& node : *list) {
    MapReader m(node, "fast rule", diags_);
    FastRule rule;
    read_entry_header(m, node, rule);
    if (auto k = read_choice(m.require("kind"), kFastKindSlugs, "fast kind", diags_)) {
      rule.kind = static_cast<FastKind>(*k);
    }
    if (const SourceNode* when = m.require("when"))
      rule.when = parse_day_match(*when, "fast condition");
    if (const SourceNode* except = m.get("except")) {
      rule.except.push_back(parse_day_match(*except, "fast exception"));
    }
    // What the book calls the days the rule marks ("Ember Day"); translations go in the strings.
    if (const SourceNode* n = m.get("name")) {
      if (read_text(n, diags_) && !rule.key.empty())
        inline_names_.texts["fast_names"][rule.key] = n;
    }
    m.finish();
    book_->fasts.push_back(std::move(rule));
  }
}

void BookParser::parse_eves() {
  const auto* list = src_.list("eves");
  if (list == nullptr) return;
  std::set<std::string> keys;
  for (const SourceNode& node : *list) {
    MapReader m(node, "eve rule", diags_);
    EveRule rule;
    read_entry_header(m, node, rule);
    if (!rule.key.empty() && !keys.insert(rule.key).second) {
      diags_.error(node.find("key")->loc, "eve rule key '" + rule.key + "' is used twice");
    }
    if (const SourceNode* of = m.require("of")) {
      rule.of = parse_candidate_match(*of, "'of' condition");
    }
    if (const SourceNode* except = m.get("except")) {
      rule.except.push_back(parse_day_match(*except, "eve exception"));
    }
    if (const SourceNode* evening = m.require("evening")) {
      // What the evening takes from the next day: a non-empty list of collect, readings.
      if (!evening->is_seq() || evening->items.empty()) {
        diags_.error(evening->loc,
                     "'evening' lists what the eve takes from the next day: [collect], "
                     "[readings] or [collect, readings]");
      }
      for (const SourceNode* item : as_list(evening->is_seq() ? evening : nullptr)) {
        auto v = read_choice(item, kEveTakesSlugs, "evening part", diags_);
        if (!v) continue;
        bool& flag = static_cast<EveTakes>(*v) == EveTakes::collect ? rule.collect : rule.readings;
        if (flag) diags_.error(item->loc, "'" + item->scalar + "' is listed twice");
        flag = true;
      }
    }
    m.finish();
    book_->eves.push_back(std::move(rule));
  }
}

}  // namespace kalendar::detail
