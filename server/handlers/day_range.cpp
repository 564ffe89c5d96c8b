#include "handlers/day_range.hpp"

#include <algorithm>
#include <string>

namespace kalendar::api {

namespace {
constexpr int kDefaultFromOnlySpan = 7;
}  // namespace

RangeParams::RangeParams(ParamReader& p)
    : has_from_(p.present("from")),
      has_to_(p.present("to")),
      has_year_(p.present("year")),
      from_(p.date("from", true)),
      to_(p.date("to", true)),
      year_(p.year("year")) {}

void RangeParams::check(ErrorList& errors) const {
  if (!has_from_ && !has_to_ && !has_year_) {
    errors.add({ErrorCode::missing_parameter, "give a year, or from (and to)", "from"});
  } else if (has_year_ && (has_from_ || has_to_)) {
    errors.invalid("year", "give either year, or from and to, not both");
  } else if (has_to_ && !has_from_) {
    errors.invalid("to", "requires from");
  }
}

std::optional<DayRange> RangeParams::resolve(RequestContext& ctx, const AppState& app,
                                             const BookScope& scope, int max_days,
                                             std::string_view why_limited) const {
  if (!ctx.errors().empty()) return std::nullopt;
  DayRange range;
  if (year_) {
    range.first = CivilDate{date::year{*year_} / 1 / 1};
    range.last = CivilDate{date::year{*year_} / 12 / 31};
    if (!resolve_date(ctx, app, scope, {false, range.first}, "year") ||
        !resolve_date(ctx, app, scope, {false, range.last}, "year")) {
      return std::nullopt;
    }
  } else {
    if (!from_) return std::nullopt;  // invalid: already reported
    const auto f = resolve_date(ctx, app, scope, *from_, "from");
    if (!f) return std::nullopt;
    range.first = *f;
    // `from` alone covers a week, clipped to the last day the book answers for.
    range.last = to_civil(std::min(Days{range.first} + date::days{kDefaultFromOnlySpan - 1},
                                   Days{Engine::answerable_range(*scope.book).second}));
    if (to_) {
      const auto t = resolve_date(ctx, app, scope, *to_, "to");
      if (!t) return std::nullopt;
      range.last = *t;
    } else if (has_to_) {
      return std::nullopt;  // invalid: already reported
    }
    if (Days{range.first} > Days{range.last}) {
      ctx.errors().invalid("to", "must not be before from");
      return std::nullopt;
    }
    range.about_today = from_->today || (to_ && to_->today);
  }
  const auto span = (Days{range.last} - Days{range.first}).count() + 1;
  if (span > max_days) {
    ctx.errors().add({ErrorCode::range_too_large,
                      "a range spans at most " + std::to_string(max_days) + " days" +
                          std::string(why_limited) + "; this one spans " + std::to_string(span),
                      std::string(blamed())});
    return std::nullopt;
  }
  return range;
}

}  // namespace kalendar::api
