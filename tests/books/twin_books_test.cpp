// loc_1662 (pt-BR) and loc_1662_en are two books of one printed book, the BCP 1662, and not an
// overlay (books/README.md says why: a translation keeps the original's references, time zone
// and preferences). Their structure must not drift apart: every day from 1900 to 2199 must be
// the same day in both (season, week, Sunday, fast, observances with their fates and rules, eve,
// the table rows the eucharist and offices read, the collect keys). Only names and the language of
// the references may differ.
#include "shipped_library.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace kalendar {
namespace {

using testing_books::shipped_library;

template <typename Vector>
std::string key_at(const Vector& items, Index i) {
  return i != kNoIndex ? items[i].key : std::string("-");
}

// The structural facts of a day, written with keys only (never names or references).
std::string structure(const Engine& engine, const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  std::ostringstream out;
  out << key_at(b.seasons, r.season) << "/" << key_at(b.seasons, r.sub_season) << " week " << r.week
      << " sunday " << (r.sunday_key != kNoIndex ? b.sunday_keys[r.sunday_key] : "-") << " fast "
      << key_at(b.fasts, r.fast_rule) << "\n";
  if (const auto eve = day.eve()) out << "eve " << eve->rule_def().key << "\n";
  for (const Observance& o : day.observances()) {
    out << kObservanceKindSlugs[static_cast<std::size_t>(o.kind)] << " "
        << kFateSlugs[static_cast<std::size_t>(o.fate)] << " "
        << (o.kind == ObservanceKind::celebration ? b.celebrations[o.celebration].key : "") << " "
        << key_at(b.precedence, o.row) << " " << key_at(b.transfers, o.decided_by) << "\n";
  }
  for (std::size_t s = 0; s < kServiceSlugs.size(); ++s) {
    const auto set = engine.readings(day, {static_cast<Service>(s), {}, {}});
    if (!set) continue;
    for (const ReadingPart& part : set->parts) {
      out << kServiceSlugs[s] << " " << part.name << " "
          << (part.table != nullptr ? part.table->key : "-") << ":" << part.key << " "
          << set->readings.size() << "\n";
    }
  }
  for (const ResolvedCollect& collect : engine.collects(day)) {
    out << "collect " << collect.key->key << " "
        << kCollectKindSlugs[static_cast<std::size_t>(collect.kind)] << "\n";
  }
  return out.str();
}

TEST(TwinBooks, TheTwo1662BooksKeepTheSameDaysFrom1900To2199) {
  const Engine engine(shipped_library());
  int differences = 0;
  for (int year = 1900; year <= 2199; ++year) {
    const CivilDate from{date::year{year} / 1 / 1};
    const CivilDate to{date::year{year} / 12 / 31};
    const auto pt = engine.range("loc_1662", from, to);
    const auto en = engine.range("loc_1662_en", from, to);
    ASSERT_TRUE(pt.ok()) << pt.error().message;
    ASSERT_TRUE(en.ok()) << en.error().message;
    ASSERT_EQ(pt->size(), en->size());
    for (std::size_t i = 0; i < pt->size(); ++i) {
      const std::string a = structure(engine, (*pt)[i]);
      const std::string b = structure(engine, (*en)[i]);
      if (a != b && ++differences <= 3) {
        ADD_FAILURE() << format_iso_date((*pt)[i].date()) << "\nloc_1662:\n"
                      << a << "loc_1662_en:\n"
                      << b;
      }
    }
  }
  EXPECT_EQ(differences, 0) << "days whose structure differs";
}

}  // namespace
}  // namespace kalendar
