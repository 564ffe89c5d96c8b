// ResolvedDay's typed facts: the only place the day record's indices and sentinels are read for
// the consumers of a day (API writers, kalendar-dump, checks).
#include "kalendar/resolved.hpp"

namespace kalendar {

namespace {

std::optional<NamedRef> named(Index index, const std::vector<std::string>& slugs) {
  if (index == kNoIndex) return std::nullopt;
  return NamedRef{index, slugs[index]};
}

}  // namespace

NamedRef ResolvedDay::season() const {
  return {record_->season, book_->seasons[record_->season].key};
}

std::optional<NamedRef> ResolvedDay::sub_season() const {
  if (record_->sub_season == kNoIndex) return std::nullopt;
  return NamedRef{record_->sub_season, book_->seasons[record_->sub_season].key};
}

std::optional<int> ResolvedDay::week() const {
  return record_->week > 0 ? std::optional<int>(record_->week) : std::nullopt;
}

std::optional<int> ResolvedDay::proper() const {
  return record_->proper > 0 ? std::optional<int>(record_->proper) : std::nullopt;
}

std::optional<NamedRef> ResolvedDay::governing_sunday() const {
  return named(record_->sunday_key, book_->sunday_keys);
}

std::optional<NamedRef> ResolvedDay::sunday() const {
  return is_sunday() ? governing_sunday() : std::nullopt;
}

std::optional<NamedRef> ResolvedDay::day_name() const {
  if (record_->day_name == kNoIndex) return std::nullopt;
  return NamedRef{record_->day_name, book_->day_names[record_->day_name].key};
}

std::optional<NamedRef> ResolvedDay::colour() const {
  return named(record_->colour, book_->palette);
}

std::vector<NamedRef> ResolvedDay::colour_alternatives() const {
  std::vector<NamedRef> out;
  for (Index i = 0; i < book_->palette.size(); ++i) {
    if ((record_->colour_alternatives & (1u << i)) != 0) out.push_back({i, book_->palette[i]});
  }
  return out;
}

std::optional<FastRef> ResolvedDay::fast() const {
  if (record_->fast_rule == kNoIndex) return std::nullopt;
  const FastRule& f = book_->fasts[record_->fast_rule];
  return FastRef{f.kind, {f.key, f.source}, record_->fast_rule};
}

std::optional<NamedRef> ResolvedDay::celebration_of(const Observance& o) const {
  if (o.kind != ObservanceKind::celebration) return std::nullopt;
  return NamedRef{o.celebration, book_->celebrations[o.celebration].key};
}

std::optional<RowRef> ResolvedDay::row_of(const Observance& o) const {
  if (o.row == kNoIndex) return std::nullopt;
  const PrecedenceRow& row = book_->precedence[o.row];
  return RowRef{row.row, {row.key, row.source}};
}

std::optional<RuleRef> ResolvedDay::decided_by(const Observance& o) const {
  if (o.decided_by == kNoIndex) return std::nullopt;
  const TransferRule& rule = book_->transfers[o.decided_by];
  return RuleRef{rule.key, rule.source};
}

ColourChoice ResolvedDay::colour_of(const Observance& o) const {
  if (o.kind == ObservanceKind::celebration) {
    return {named(book_->celebrations[o.celebration].colour, book_->palette), {}};
  }
  if (o.kind == ObservanceKind::sunday && o.fate == Fate::prevailed) {
    return {colour(), colour_alternatives()};
  }
  return {};
}

}  // namespace kalendar
