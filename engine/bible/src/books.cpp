// The canonical book table. Order: Hebrew Bible (KJV order), NRSVA's deuterocanon in NRSVA order,
// the books only other SWORD systems have (LXX, Luther, Vulgate, Orthodox), New Testament.
// Portuguese names follow the Brazilian Almeida/NVI spelling (Oseias, Miqueias: post-1990).
#include "kalendar/bible_books.hpp"

#include <array>
#include <cassert>
#include <cstddef>

namespace kalendar {
namespace {

constexpr bool kOne = true;  // single-chapter book: a lone number is a verse ("Jude 3")

constexpr std::array kBooks = {
    // Hebrew Bible / Old Testament
    BookInfo{"Gen", "Genesis", "Gênesis", "", false, ""},
    BookInfo{"Exod", "Exodus", "Êxodo", "", false, ""},
    BookInfo{"Lev", "Leviticus", "Levítico", "", false, ""},
    BookInfo{"Num", "Numbers", "Números", "", false, ""},
    BookInfo{"Deut", "Deuteronomy", "Deuteronômio", "", false, ""},
    BookInfo{"Josh", "Joshua", "Josué", "", false, ""},
    BookInfo{"Judg", "Judges", "Juízes", "", false, ""},
    BookInfo{"Ruth", "Ruth", "Rute", "", false, ""},
    BookInfo{"1Sam", "1 Samuel", "1 Samuel", "", false, ""},
    BookInfo{"2Sam", "2 Samuel", "2 Samuel", "", false, ""},
    BookInfo{"1Kgs", "1 Kings", "1 Reis", "", false, ""},
    BookInfo{"2Kgs", "2 Kings", "2 Reis", "", false, ""},
    BookInfo{"1Chr", "1 Chronicles", "1 Crônicas", "", false, ""},
    BookInfo{"2Chr", "2 Chronicles", "2 Crônicas", "", false, ""},
    BookInfo{"Ezra", "Ezra", "Esdras", "", false, ""},
    BookInfo{"Neh", "Nehemiah", "Neemias", "", false, ""},
    BookInfo{"Esth", "Esther", "Ester", "", false, ""},
    BookInfo{"Job", "Job", "Jó", "", false, ""},
    BookInfo{"Ps", "Psalms", "Salmos", "Psalm", false, "Salmo"},
    BookInfo{"Prov", "Proverbs", "Provérbios", "", false, ""},
    BookInfo{"Eccl", "Ecclesiastes", "Eclesiastes", "", false, ""},
    BookInfo{"Song", "Song of Solomon", "Cântico dos Cânticos", "", false, ""},
    BookInfo{"Isa", "Isaiah", "Isaías", "", false, ""},
    BookInfo{"Jer", "Jeremiah", "Jeremias", "", false, ""},
    BookInfo{"Lam", "Lamentations", "Lamentações", "", false, ""},
    BookInfo{"Ezek", "Ezekiel", "Ezequiel", "", false, ""},
    BookInfo{"Dan", "Daniel", "Daniel", "", false, ""},
    BookInfo{"Hos", "Hosea", "Oseias", "", false, ""},
    BookInfo{"Joel", "Joel", "Joel", "", false, ""},
    BookInfo{"Amos", "Amos", "Amós", "", false, ""},
    BookInfo{"Obad", "Obadiah", "Obadias", "", kOne, ""},
    BookInfo{"Jonah", "Jonah", "Jonas", "", false, ""},
    BookInfo{"Mic", "Micah", "Miqueias", "", false, ""},
    BookInfo{"Nah", "Nahum", "Naum", "", false, ""},
    BookInfo{"Hab", "Habakkuk", "Habacuque", "", false, ""},
    BookInfo{"Zeph", "Zephaniah", "Sofonias", "", false, ""},
    BookInfo{"Hag", "Haggai", "Ageu", "", false, ""},
    BookInfo{"Zech", "Zechariah", "Zacarias", "", false, ""},
    BookInfo{"Mal", "Malachi", "Malaquias", "", false, ""},
    // Deuterocanon / apocrypha, in NRSVA order (the WEB's versification)
    BookInfo{"Tob", "Tobit", "Tobias", "", false, ""},
    BookInfo{"Jdt", "Judith", "Judite", "", false, ""},
    BookInfo{"EsthGr", "Greek Esther", "Ester Grego", "", false, ""},
    BookInfo{"Wis", "Wisdom of Solomon", "Sabedoria", "", false, ""},
    BookInfo{"Sir", "Sirach", "Eclesiástico", "", false, ""},
    BookInfo{"Bar", "Baruch", "Baruc", "", false, ""},
    BookInfo{"PrAzar", "Prayer of Azariah", "Oração de Azarias", "", kOne, ""},
    BookInfo{"Sus", "Susanna", "Susana", "", kOne, ""},
    BookInfo{"Bel", "Bel and the Dragon", "Bel e o Dragão", "", kOne, ""},
    BookInfo{"1Macc", "1 Maccabees", "1 Macabeus", "", false, ""},
    BookInfo{"2Macc", "2 Maccabees", "2 Macabeus", "", false, ""},
    BookInfo{"1Esd", "1 Esdras", "1 Esdras", "", false, ""},
    BookInfo{"PrMan", "Prayer of Manasseh", "Oração de Manassés", "", kOne, ""},
    BookInfo{"AddPs", "Psalm 151", "Salmo 151", "Additional Psalm", kOne, "Salmo Adicional"},
    BookInfo{"3Macc", "3 Maccabees", "3 Macabeus", "", false, ""},
    BookInfo{"2Esd", "2 Esdras", "2 Esdras", "", false, ""},
    BookInfo{"4Macc", "4 Maccabees", "4 Macabeus", "", false, ""},
    // Books only some other SWORD systems have
    BookInfo{"AddEsth", "Additions to Esther", "Adições a Ester", "", false, ""},
    BookInfo{"EpJer", "Letter of Jeremiah", "Carta de Jeremias", "", kOne, ""},
    BookInfo{"AddDan", "Additions to Daniel", "Adições a Daniel", "", false, ""},
    BookInfo{"PssSol", "Psalms of Solomon", "Salmos de Salomão", "", false, ""},
    BookInfo{"1En", "1 Enoch", "1 Enoque", "", false, ""},
    BookInfo{"Odes", "Odes", "Odes", "", false, ""},
    BookInfo{"EpLao", "Laodiceans", "Laodicenses", "", kOne, ""},
    // New Testament
    BookInfo{"Matt", "Matthew", "Mateus", "", false, ""},
    BookInfo{"Mark", "Mark", "Marcos", "", false, ""},
    BookInfo{"Luke", "Luke", "Lucas", "", false, ""},
    BookInfo{"John", "John", "João", "", false, ""},
    BookInfo{"Acts", "Acts", "Atos", "", false, ""},
    BookInfo{"Rom", "Romans", "Romanos", "", false, ""},
    BookInfo{"1Cor", "1 Corinthians", "1 Coríntios", "", false, ""},
    BookInfo{"2Cor", "2 Corinthians", "2 Coríntios", "", false, ""},
    BookInfo{"Gal", "Galatians", "Gálatas", "", false, ""},
    BookInfo{"Eph", "Ephesians", "Efésios", "", false, ""},
    BookInfo{"Phil", "Philippians", "Filipenses", "", false, ""},
    BookInfo{"Col", "Colossians", "Colossenses", "", false, ""},
    BookInfo{"1Thess", "1 Thessalonians", "1 Tessalonicenses", "", false, ""},
    BookInfo{"2Thess", "2 Thessalonians", "2 Tessalonicenses", "", false, ""},
    BookInfo{"1Tim", "1 Timothy", "1 Timóteo", "", false, ""},
    BookInfo{"2Tim", "2 Timothy", "2 Timóteo", "", false, ""},
    BookInfo{"Titus", "Titus", "Tito", "", false, ""},
    BookInfo{"Phlm", "Philemon", "Filemom", "", kOne, ""},
    BookInfo{"Heb", "Hebrews", "Hebreus", "", false, ""},
    BookInfo{"Jas", "James", "Tiago", "", false, ""},
    BookInfo{"1Pet", "1 Peter", "1 Pedro", "", false, ""},
    BookInfo{"2Pet", "2 Peter", "2 Pedro", "", false, ""},
    BookInfo{"1John", "1 John", "1 João", "", false, ""},
    BookInfo{"2John", "2 John", "2 João", "", kOne, ""},
    BookInfo{"3John", "3 John", "3 João", "", kOne, ""},
    BookInfo{"Jude", "Jude", "Judas", "", kOne, ""},
    BookInfo{"Rev", "Revelation", "Apocalipse", "", false, ""},
};

}  // namespace

std::span<const BookInfo> bible_books() { return kBooks; }

int bible_book_count() { return static_cast<int>(kBooks.size()); }

const BookInfo& book_info(BookIndex index) {
  assert(index >= 0 && index < bible_book_count());
  return kBooks[static_cast<std::size_t>(index)];
}

bool portuguese_names(std::string_view lang) {
  const std::string_view base = lang.substr(0, lang.find_first_of("-_"));
  return base.size() == 2 && (base[0] == 'p' || base[0] == 'P') &&
         (base[1] == 't' || base[1] == 'T');
}

std::string_view citation_name(BookIndex index, std::string_view lang) {
  const BookInfo& info = book_info(index);
  if (portuguese_names(lang)) return info.citation_pt.empty() ? info.name_pt : info.citation_pt;
  return info.citation_en.empty() ? info.name_en : info.citation_en;
}

std::optional<BookIndex> find_book_by_osis(std::string_view osis) {
  for (std::size_t i = 0; i < kBooks.size(); ++i) {
    if (kBooks[i].osis == osis) return static_cast<BookIndex>(i);
  }
  return std::nullopt;
}

}  // namespace kalendar
