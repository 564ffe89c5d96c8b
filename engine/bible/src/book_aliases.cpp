// The alias table. Sources: SBL Handbook abbreviations and common English usage; the Brazilian
// Almeida (SBB) and NVI abbreviations plus SWORD's pt_BR locale for Portuguese. The book table's
// own names are added automatically. In a row, '#' stands for the book's leading digit, so the
// numbered books share one spelling list ("# Sam" is "1 Sam" in 1Sam and "2 Sam" in 2Sam).
//
// Deliberate choices: "Jn" is John in English and Jonah in Portuguese (the caller's language
// decides); "Jo" is John and "Jó" is Job (accents are compared before they are dropped); "Ez"
// is Ezekiel (Portuguese) and never Ezra; "Jud", "Ti", "Co", "Hb" in English are left out as
// ambiguous.
#include "book_aliases.hpp"

#include "text_fold.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <unordered_map>
#include <utility>

namespace kalendar::bible_detail {
namespace {

struct AliasRow {
  std::string_view osis;
  std::string_view english;     // '|'-separated
  std::string_view portuguese;  // '|'-separated
};

constexpr std::array kAliasRows = {
    AliasRow{"Gen", "Gen|Ge|Gn", "Gn|Gên|Gen"},
    AliasRow{"Exod", "Exod|Exo|Ex", "Êx|Ex|Exo"},
    AliasRow{"Lev", "Lev|Le|Lv", "Lv|Lev"},
    AliasRow{"Num", "Num|Nu|Nm|Nb", "Nm|Núm|Num"},
    AliasRow{"Deut", "Deut|Deu|Dt|De", "Dt|Deut|Deuteronómio"},
    AliasRow{"Josh", "Josh|Jos|Jsh", "Js|Jos"},
    AliasRow{"Judg", "Judg|Jdg|Jg|Jdgs", "Jz|Juí"},
    AliasRow{"Ruth", "Rth|Ru", "Rt"},
    AliasRow{"1Sam", "# Sam|# Sa|# Sm|# S", "# Sm|# Sam"},
    AliasRow{"2Sam", "# Sam|# Sa|# Sm|# S", "# Sm|# Sam"},
    AliasRow{"1Kgs", "# Kgs|# Ki|# Kg|# K|# Kin", "# Rs|# Re|# Rei"},
    AliasRow{"2Kgs", "# Kgs|# Ki|# Kg|# K|# Kin", "# Rs|# Re|# Rei"},
    AliasRow{"1Chr", "# Chr|# Ch|# Chron", "# Cr|# Crô|# Cron|# Crónicas"},
    AliasRow{"2Chr", "# Chr|# Ch|# Chron", "# Cr|# Crô|# Cron|# Crónicas"},
    AliasRow{"Ezra", "Ezr", "Ed|Esd"},
    AliasRow{"Neh", "Neh|Ne", "Ne|Nee"},
    AliasRow{"Esth", "Esth|Est|Es", "Et|Est"},
    AliasRow{"Job", "Jb", ""},
    AliasRow{"Ps", "Psalms|Ps|Psa|Pss|Psm|Pslm", "Salmo|Sl|Sal|Slm"},
    AliasRow{"Prov", "Prov|Pro|Prv|Pr", "Pv|Pr|Prov"},
    AliasRow{"Eccl", "Eccl|Eccles|Ecc|Ec|Qoh|Qoheleth", "Ec|Ecl|Qo|Coélet"},
    AliasRow{"Song", "Song of Songs|Song|Sos|So|Canticles|Canticle of Canticles|Cant|Song of Sol",
             "Cânticos|Cântico|Cantares|Cantares de Salomão|Ct|Cant"},
    AliasRow{"Isa", "Isa|Is", "Is|Isa"},
    AliasRow{"Jer", "Jer|Je|Jr", "Jr|Jer"},
    AliasRow{"Lam", "Lam|La", "Lamentações de Jeremias|Lm|Lam"},
    AliasRow{"Ezek", "Ezek|Eze|Ezk", "Ez|Eze"},
    AliasRow{"Dan", "Dan|Da|Dn", "Dn|Dan"},
    AliasRow{"Hos", "Hos|Ho", "Oséias|Os"},
    AliasRow{"Joel", "Jl", "Jl"},
    AliasRow{"Amos", "Am", "Am"},
    AliasRow{"Obad", "Obad|Ob|Oba", "Abdias|Ob|Ab"},
    AliasRow{"Jonah", "Jon|Jnh", "Jn|Jon"},
    AliasRow{"Mic", "Mic|Mi", "Miquéias|Mq"},
    AliasRow{"Nah", "Nah|Na", "Na"},
    AliasRow{"Hab", "Hab", "Hc|Hab"},
    AliasRow{"Zeph", "Zeph|Zep|Zp", "Sf"},
    AliasRow{"Hag", "Hag|Hg", "Ag"},
    AliasRow{"Zech", "Zech|Zec|Zc", "Zc|Zac"},
    AliasRow{"Mal", "Mal|Ml", "Ml|Mal"},
    AliasRow{"Tob", "Tob|Tb", "Tobite|Tb"},
    AliasRow{"Jdt", "Jdt|Jdth", "Jt|Jdt"},
    AliasRow{"EsthGr", "EsthGr|Esth Gr|Gk Esth|Esther Greek", "Est Gr"},
    AliasRow{"Wis", "Wisdom|Wis|Ws|Wisd", "Sabedoria de Salomão|Sb|Sab"},
    AliasRow{"Sir", "Sir|Ecclesiasticus|Ecclus|Ben Sira", "Eclo|Sirácida|Ben Sira|Sir"},
    AliasRow{"Bar", "Bar", "Baruque|Br|Bar"},
    AliasRow{"PrAzar",
             "PrAzar|Pr Azar|Azariah|Song of the Three Young Men|Song of Three|Song of the Three",
             "Cântico dos Três Jovens"},
    AliasRow{"Sus", "Sus", "Sus"},
    AliasRow{"Bel", "Bel", "Bel"},
    AliasRow{"1Macc", "# Macc|# Mac|# Ma|# Mc", "# Mc|# Mac"},
    AliasRow{"2Macc", "# Macc|# Mac|# Ma|# Mc", "# Mc|# Mac"},
    AliasRow{"1Esd", "# Esd|# Esdr", "# Esd"},
    AliasRow{"PrMan", "PrMan|Pr Man|Prayer of Manasses|Manasseh", "Oração de Manasses"},
    AliasRow{"AddPs", "AddPs|Add Ps", "Salmo Adicional"},
    AliasRow{"3Macc", "# Macc|# Mac|# Ma|# Mc", "# Mc|# Mac"},
    AliasRow{"2Esd", "# Esd|# Esdr", "# Esd"},
    AliasRow{"4Macc", "# Macc|# Mac|# Ma|# Mc", "# Mc|# Mac"},
    AliasRow{"AddEsth", "AddEsth|Add Esth|Rest of Esther", "Additions to Ester"},
    AliasRow{"EpJer", "EpJer|Ep Jer|Let Jer|Epistle of Jeremiah", "Epístola de Jeremias"},
    AliasRow{"AddDan", "AddDan|Add Dan", ""},
    AliasRow{"PssSol", "PssSol|Pss Sol|Ps Sol", ""},
    AliasRow{"1En", "# En|# Enoch", "# En"},
    AliasRow{"Odes", "Ode", ""},
    AliasRow{"EpLao", "EpLao|Laod|Epistle to the Laodiceans", "Carta aos Laodicenses"},
    AliasRow{"Matt", "Matt|Mat|Mt", "Mt|Mat"},
    AliasRow{"Mark", "Mk|Mrk|Mr", "Mc|Mar"},
    AliasRow{"Luke", "Lk|Luk|Lu", "Lc|Luc"},
    AliasRow{"John", "Jn|Jhn|Joh", "Jo"},
    AliasRow{"Acts", "Act|Ac", "Actos|At"},
    AliasRow{"Rom", "Rom|Ro|Rm", "Rm|Rom"},
    AliasRow{"1Cor", "# Cor|# Co", "# Co|# Cor"},
    AliasRow{"2Cor", "# Cor|# Co", "# Co|# Cor"},
    AliasRow{"Gal", "Gal|Ga", "Gl|Gál"},
    AliasRow{"Eph", "Eph|Ephes", "Ef"},
    AliasRow{"Phil", "Phil|Php|Pp|Philip", "Fp|Fl|Fil"},
    AliasRow{"Col", "Col", "Cl|Col"},
    AliasRow{"1Thess", "# Thess|# Thes|# Th", "# Ts|# Te|# Tes"},
    AliasRow{"2Thess", "# Thess|# Thes|# Th", "# Ts|# Te|# Tes"},
    AliasRow{"1Tim", "# Tim|# Ti|# Tm", "# Tm|# Tim"},
    AliasRow{"2Tim", "# Tim|# Ti|# Tm", "# Tm|# Tim"},
    AliasRow{"Titus", "Tit", "Tt"},
    AliasRow{"Phlm", "Phlm|Philem|Phm", "Filemon|Fm|Flm"},
    AliasRow{"Heb", "Heb", "Hb"},
    AliasRow{"Jas", "Jas|Jm", "Tg"},
    AliasRow{"1Pet", "# Pet|# Pe|# Pt|# P", "# Pe|# Pd"},
    AliasRow{"2Pet", "# Pet|# Pe|# Pt|# P", "# Pe|# Pd"},
    AliasRow{"1John", "# Jn|# Jhn|# Jo|# J", "# Jo"},
    AliasRow{"2John", "# Jn|# Jhn|# Jo|# J", "# Jo"},
    AliasRow{"3John", "# Jn|# Jhn|# Jo|# J", "# Jo"},
    AliasRow{"Jude", "Jd", "Jd"},
    AliasRow{"Rev", "Rev|Re|Rv|Revelations|Revelation of John|Apocalypse|Apoc", "Ap|Apoc"},
};

// Leading ordinals that name a book's number: "I Kings", "First Kings", "1st Kings",
// "1º Reis", "Primeiro Reis", "1a Coríntios".
constexpr std::array<std::pair<std::string_view, char>, 36> kOrdinals = {{
    {"i", '1'},         {"ii", '2'},        {"iii", '3'},       {"iv", '4'},
    {"1st", '1'},       {"2nd", '2'},       {"3rd", '3'},       {"4th", '4'},
    {"first", '1'},     {"second", '2'},    {"third", '3'},     {"fourth", '4'},
    {"1\xC2\xBA", '1'}, {"2\xC2\xBA", '2'}, {"3\xC2\xBA", '3'}, {"4\xC2\xBA", '4'},  // 1º
    {"1\xC2\xAA", '1'}, {"2\xC2\xAA", '2'}, {"3\xC2\xAA", '3'}, {"4\xC2\xAA", '4'},  // 1ª
    {"1o", '1'},        {"2o", '2'},        {"3o", '3'},        {"4o", '4'},
    {"1a", '1'},        {"2a", '2'},        {"3a", '3'},        {"4a", '4'},
    {"primeiro", '1'},  {"primeira", '1'},  {"segundo", '2'},   {"segunda", '2'},
    {"terceiro", '3'},  {"terceira", '3'},  {"quarto", '4'},    {"quarta", '4'},
}};

bool is_blank(char c) { return c == ' ' || c == '\t'; }

struct AliasIndex {
  std::vector<BookAlias> aliases;
  std::unordered_map<std::string, std::vector<std::size_t>> by_key;         // accents kept
  std::unordered_map<std::string, std::vector<std::size_t>> by_folded_key;  // accents dropped

  void add(std::string_view spelling, BookIndex book, NameLanguage language) {
    std::string key = normalize_book_name(spelling);
    if (key.empty()) return;
    for (const std::size_t i : by_key[key]) {
      if (aliases[i].book == book && aliases[i].language == language) return;  // listed twice
    }
    const std::size_t index = aliases.size();
    by_key[key].push_back(index);
    by_folded_key[fold_accents(key)].push_back(index);
    aliases.push_back(BookAlias{std::move(key), book, language});
  }

  void add_list(std::string_view list, BookIndex book, NameLanguage language) {
    const char digit = book_info(book).osis.front();
    while (!list.empty()) {
      const std::size_t bar = list.find('|');
      std::string spelling(list.substr(0, bar));
      for (char& c : spelling) {
        if (c == '#') c = digit;
      }
      add(spelling, book, language);
      list = bar == std::string_view::npos ? std::string_view{} : list.substr(bar + 1);
    }
  }
};

AliasIndex build_alias_index() {
  AliasIndex index;
  for (BookIndex book = 0; book < bible_book_count(); ++book) {
    const BookInfo& info = book_info(book);
    index.add(info.name_en, book, NameLanguage::english);
    index.add(info.citation_en, book, NameLanguage::english);
    index.add(info.name_pt, book, NameLanguage::portuguese);
    index.add(info.citation_pt, book, NameLanguage::portuguese);
  }
  for (const AliasRow& row : kAliasRows) {
    const std::optional<BookIndex> book = find_book_by_osis(row.osis);
    assert(book.has_value() && "alias row names an unknown OSIS id");
    index.add_list(row.english, *book, NameLanguage::english);
    index.add_list(row.portuguese, *book, NameLanguage::portuguese);
  }
  return index;
}

const AliasIndex& alias_index() {
  static const AliasIndex index = build_alias_index();  // built once; thread-safe since C++11
  return index;
}

std::optional<BookIndex> choose(const AliasIndex& index, const std::vector<std::size_t>& hits,
                                NameLanguage preferred) {
  std::optional<BookIndex> other;
  for (const std::size_t i : hits) {
    if (index.aliases[i].language == preferred) return index.aliases[i].book;
    if (!other) other = index.aliases[i].book;
  }
  return other;
}

}  // namespace

std::string normalize_book_name(std::string_view name) {
  std::string folded = fold_case(name);
  std::size_t begin = 0;
  while (begin < folded.size() && is_blank(folded[begin])) ++begin;
  const std::size_t blank = folded.find_first_of(" \t", begin);
  if (blank != std::string::npos) {
    std::string_view first = std::string_view(folded).substr(begin, blank - begin);
    if (!first.empty() && first.back() == '.') first.remove_suffix(1);
    for (const auto& [ordinal, digit] : kOrdinals) {
      if (first == ordinal) {
        folded = std::string(1, digit) + folded.substr(blank);
        break;
      }
    }
  }
  std::string key;
  key.reserve(folded.size());
  for (const char c : folded) {
    if (!is_blank(c) && c != '.') key += c;
  }
  return key;
}

std::optional<BookIndex> find_book_by_name(std::string_view name, NameLanguage preferred) {
  const AliasIndex& index = alias_index();
  const std::string key = normalize_book_name(name);
  if (key.empty()) return std::nullopt;
  if (const auto hit = index.by_key.find(key); hit != index.by_key.end()) {
    return choose(index, hit->second, preferred);
  }
  if (const auto hit = index.by_folded_key.find(fold_accents(key));
      hit != index.by_folded_key.end()) {
    return choose(index, hit->second, preferred);
  }
  return std::nullopt;
}

const std::vector<BookAlias>& all_book_aliases() { return alias_index().aliases; }

}  // namespace kalendar::bible_detail
