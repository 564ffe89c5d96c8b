// loc_2019 is a translation of loc_2019_en (issue 8): it may change names only. Every day from
// 1900 to 2199 must resolve to the same facts in both books (season, week, colour, fast,
// observances and their fates, cycles, readings, collects), and the names must be Portuguese
// wherever the translation gives one. The names it leaves as in English are listed here.
#include "shipped_library.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace kalendar {
namespace {

using testing_books::shipped_library;

constexpr std::string_view kTranslation = "loc_2019";
constexpr std::string_view kOriginal = "loc_2019_en";

// Celebrations whose Portuguese name, as the translation prints it, is the English one: proper
// names without a Portuguese form and the Latin O Antiphons.
const std::set<std::string, std::less<>> kUntranslatedCelebrations = {
    "absalom_jones",
    "alan_gardiner",
    "alexander_crummell",
    "alphege",
    "arthur_michael_ramsey",
    "bernard_mizeki",
    "cecil_frances_alexander",
    "chad",
    "channing_moore_williams",
    "charles_chapman_grafton",
    "charles_henry_brent",
    "charles_inglis",
    "charles_simeon",
    "clive_staples_lewis",
    "columba",
    "david",
    "edward_bouverie_pusey",
    "evelyn_underhill",
    "frederick_denison_maurice",
    "george_augustus_selwyn",
    "george_bell",
    "george_herbert",
    "hannah_more",
    "helena",
    "henry_budd",
    "henry_martyn",
    "herman",
    "hilda",
    "hugh",
    "jackson_kemper",
    "james_dekoven",
    "james_lloyd_breck",
    "janani_luwum",
    "jeremy_taylor",
    "john_coleridge_patteson",
    "john_donne",
    "john_henry_hobart",
    "john_keble",
    "john_mason_neale",
    "john_wyclif",
    "jonathan_myrick_daniels",
    "josephine_butler",
    "kentigern",
    "lancelot_andrewes",
    "lesslie_newbigin",
    "macrina",
    "martin_luther_king_jr",
    "mary_sumner",
    "nathan_soderblom",
    "nicholas_ferrar",
    "o_adonai",
    "o_clavis_david",
    "o_emmanuel",
    "o_oriens",
    "o_radix_jesse",
    "o_rex_gentium",
    "o_sapientia",
    "o_virgo_virginum",
    "oswald",
    "richard_baxter",
    "richard_hooker",
    "robert_grosseteste",
    "robert_machray",
    "roger_schutz",
    "samuel_shoemaker",
    "samuel_isaac_joseph_schereschewsky",
    "sundar_singh",
    "thomas_becket",
    "thomas_bray",
    "thomas_cranmer",
    "thomas_ken",
    "tikhon",
    "vedanayagam_samuel_azariah",
    "wilson_carlile",
    "william_augustus_muhlenberg",
    "william_billy_graham",
    "william_grant_broughton",
    "william_laud",
    "william_law",
    "william_reed_huntington",
    "william_temple",
    "william_tyndale",
    "william_white",
    "william_wilberforce",
    "willibrord",
    "wulfstan"};

std::string iso(Days d) { return format_iso_date(d); }

std::string key_or_dash(const std::string* key) { return key != nullptr ? *key : "-"; }

template <typename Vector>
const std::string* key_at(const Vector& items, Index i) {
  return i != kNoIndex ? &items[i].key : nullptr;
}

// Every fact of a day except names, written with keys (never indices or texts), one per line.
std::string day_facts(const Engine& engine, const ResolvedDay& day) {
  const CompiledBook& b = day.book();
  const DayRecord& r = day.record();
  std::ostringstream out;
  out << "year " << day.liturgical_year() << " cycles " << day.sunday_cycle() << "/"
      << day.weekday_cycle() << " season " << key_or_dash(key_at(b.seasons, r.season)) << "/"
      << key_or_dash(key_at(b.seasons, r.sub_season)) << " from " << iso(r.season_start)
      << " sunday " << (r.sunday_key != kNoIndex ? b.sunday_keys[r.sunday_key] : "-") << " of "
      << iso(r.governing_sunday) << " week " << r.week << " proper " << r.proper << "\ncolour "
      << (r.colour != kNoIndex ? b.palette[r.colour] : "-") << " by "
      << kColourSourceSlugs[static_cast<std::size_t>(r.colour_source)] << " "
      << key_or_dash(key_at(b.colour_rules, r.colour_rule)) << " alternatives "
      << r.colour_alternatives << " fast " << key_or_dash(key_at(b.fasts, r.fast_rule)) << "\n";
  for (const Observance& o : day.observances()) {
    out << "observance " << kObservanceKindSlugs[static_cast<std::size_t>(o.kind)] << " "
        << kFateSlugs[static_cast<std::size_t>(o.fate)];
    if (o.kind == ObservanceKind::celebration) {
      const Celebration& c = b.celebrations[o.celebration];
      out << " " << c.key << " #" << c.id << " "
          << kCelebrationTypeSlugs[static_cast<std::size_t>(c.type)] << " common " << c.common;
    }
    out << " row " << key_or_dash(key_at(b.precedence, o.row)) << " by "
        << key_or_dash(key_at(b.transfers, o.decided_by)) << " also "
        << key_or_dash(key_at(b.additional, o.additional_rule)) << " in " << o.transferred_in
        << o.additional << " " << iso(o.original_date) << " -> " << iso(o.moved_to) << "\n";
  }
  for (std::size_t s = 0; s < kServiceSlugs.size(); ++s) {
    const auto set = engine.readings(day, {static_cast<Service>(s), {}, {}});
    out << "readings " << kServiceSlugs[s];
    if (!set) {
      out << " error " << set.error().code << "\n";
      continue;
    }
    out << " track " << set->track << " psalter " << set->psalter << "\n";
    for (const ReadingPart& part : set->parts) {
      out << " part " << part.name << " " << part.found << " "
          << (part.table != nullptr ? part.table->key : "-") << ":" << part.key << "/" << part.cycle
          << " tried " << part.tried.size() << "\n";
    }
    for (const ResolvedReading& reading : set->readings) {
      out << " " << kSlotSlugs[static_cast<std::size_t>(reading.slot)] << " " << reading.track
          << " part " << int{reading.part} << ":";
      for (const ReadingOption& option : reading.options) {
        out << " [" << option.reference << " | " << option.short_reference << " | " << option.note
            << "]";
      }
      out << "\n";
    }
    for (Slot missing : set->missing) {
      out << " missing " << kSlotSlugs[static_cast<std::size_t>(missing)] << "\n";
    }
  }
  for (const ResolvedCollect& collect : engine.collects(day)) {
    out << "collect " << collect.key->key << " (" << collect.key->reference << ") "
        << kCollectKindSlugs[static_cast<std::size_t>(collect.kind)] << " "
        << key_or_dash(key_at(b.celebrations, collect.celebration)) << " "
        << (collect.sunday_key != kNoIndex ? b.sunday_keys[collect.sunday_key] : "-") << " "
        << collect.from_common << "\n";
  }
  return out.str();
}

TEST(TranslationOverlay, EveryDayFrom1900To2199HasTheSameFacts) {
  const Engine engine(shipped_library());
  int days_compared = 0;
  int differences = 0;
  for (int year = 1900; year <= 2199; ++year) {
    const CivilDate from{date::year{year} / 1 / 1};
    const CivilDate to{date::year{year} / 12 / 31};
    const auto translated = engine.range(kTranslation, from, to);
    const auto original = engine.range(kOriginal, from, to);
    ASSERT_TRUE(translated.ok()) << translated.error().message;
    ASSERT_TRUE(original.ok()) << original.error().message;
    ASSERT_EQ(translated->size(), original->size()) << year;
    for (std::size_t i = 0; i < translated->size(); ++i) {
      const std::string got = day_facts(engine, (*translated)[i]);
      const std::string want = day_facts(engine, (*original)[i]);
      ++days_compared;
      if (got == want) continue;
      // Show a few days in full; the count says how many there are.
      if (++differences <= 3) {
        ADD_FAILURE() << iso((*translated)[i].date()) << "\n"
                      << kTranslation << ":\n"
                      << got << kOriginal << ":\n"
                      << want;
      }
    }
  }
  EXPECT_EQ(differences, 0) << "days whose facts differ";
  EXPECT_EQ(days_compared, 109573);  // 300 years, 73 of them leap years (1900, 2100 are not)
}

TEST(TranslationOverlay, TheBookItselfIsTheSameExceptForNames) {
  const auto lib = shipped_library();
  const CompiledBook* pt = lib->find(kTranslation);
  const CompiledBook* en = lib->find(kOriginal);
  ASSERT_NE(pt, nullptr);
  ASSERT_NE(en, nullptr);
  EXPECT_EQ(pt->kind, "translation");
  EXPECT_EQ(pt->extends, kOriginal);
  EXPECT_EQ(pt->lang, "pt-BR");
  EXPECT_EQ(pt->time_zone, en->time_zone);
  EXPECT_EQ(pt->valid_years.from, en->valid_years.from);
  EXPECT_EQ(pt->valid_years.to, en->valid_years.to);
  EXPECT_EQ(pt->bibles, en->bibles);
  EXPECT_EQ(pt->services, en->services);
  EXPECT_EQ(pt->palette, en->palette);
  EXPECT_EQ(pt->sunday_keys, en->sunday_keys);
  ASSERT_EQ(pt->celebrations.size(), en->celebrations.size());
  for (std::size_t i = 0; i < pt->celebrations.size(); ++i) {
    const Celebration& a = pt->celebrations[i];
    const Celebration& b = en->celebrations[i];
    EXPECT_TRUE(a.key == b.key && a.id == b.id && a.type == b.type && a.colour == b.colour &&
                a.common == b.common)
        << a.key;
  }
  ASSERT_EQ(pt->collect_keys.size(), en->collect_keys.size());
  for (std::size_t i = 0; i < pt->collect_keys.size(); ++i) {
    EXPECT_EQ(pt->collect_keys[i].key, en->collect_keys[i].key);
  }
  ASSERT_EQ(pt->preferences.size(), en->preferences.size());
  for (std::size_t i = 0; i < pt->preferences.size(); ++i) {
    EXPECT_EQ(pt->preferences[i].key, en->preferences[i].key);
    EXPECT_EQ(pt->preferences[i].options, en->preferences[i].options);
    EXPECT_EQ(pt->preferences[i].default_value, en->preferences[i].default_value);
  }
}

// Names of one category, side by side: Portuguese must differ from English unless listed.
void expect_translated(const std::vector<std::string>& pt, const std::vector<std::string>& en,
                       const std::vector<std::string>& keys, std::string_view category,
                       const std::set<std::string, std::less<>>& untranslated = {}) {
  ASSERT_EQ(pt.size(), en.size()) << category;
  std::set<std::string, std::less<>> same;
  for (std::size_t i = 0; i < pt.size(); ++i) {
    EXPECT_FALSE(pt[i].empty() && !en[i].empty()) << category << " " << keys[i] << " unnamed";
    if (!en[i].empty() && pt[i] == en[i]) same.insert(keys[i]);
  }
  for (const auto& key : same) {
    EXPECT_TRUE(untranslated.count(key)) << category << " " << key << ": left in English";
  }
  for (const auto& key : untranslated) {
    EXPECT_TRUE(same.count(key)) << category << " " << key << ": translated now; unlist it";
  }
}

template <typename Items>
std::vector<std::string> keys_of(const Items& items) {
  std::vector<std::string> out;
  for (const auto& item : items) out.push_back(item.key);
  return out;
}

TEST(TranslationOverlay, NamesArePortugueseWhereTheTranslationHasThem) {
  const auto lib = shipped_library();
  const CompiledBook& pt_book = *lib->find(kTranslation);
  const CompiledBook& en_book = *lib->find(kOriginal);
  const LanguageStrings& pt = pt_book.strings.front();
  const LanguageStrings& en = en_book.strings.front();
  ASSERT_EQ(pt.lang, "pt-BR");
  ASSERT_EQ(en.lang, "en");
  EXPECT_NE(pt.book_name, en.book_name);
  EXPECT_NE(pt.jurisdiction, en.jurisdiction);
  expect_translated(pt.celebrations, en.celebrations, keys_of(pt_book.celebrations), "celebrations",
                    kUntranslatedCelebrations);
  expect_translated(pt.sundays, en.sundays, pt_book.sunday_keys, "sundays");
  expect_translated(pt.seasons, en.seasons, keys_of(pt_book.seasons), "seasons");
  expect_translated(pt.season_labels, en.season_labels, keys_of(pt_book.seasons), "labels");
  expect_translated(pt.colours, en.colours, pt_book.palette, "colours");
  expect_translated(pt.preferences, en.preferences, keys_of(pt_book.preferences), "preferences");
  for (std::size_t i = 0; i < pt.types.size(); ++i) EXPECT_NE(pt.types[i], en.types[i]);
  for (std::size_t i = 0; i < pt.fasts.size(); ++i) EXPECT_NE(pt.fasts[i], en.fasts[i]);
  for (std::size_t i = 0; i < pt.weekdays.size(); ++i) EXPECT_NE(pt.weekdays[i], en.weekdays[i]);
  // Asked for English, the translation answers with the original's names.
  EXPECT_EQ(pt_book.strings_for("en").celebrations, en.celebrations);
  EXPECT_EQ(pt_book.strings_for("en").sundays, en.sundays);
}

}  // namespace
}  // namespace kalendar
