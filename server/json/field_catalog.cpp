#include "json/field_catalog.hpp"

namespace kalendar::api {

const FieldCatalog& api_field_catalog() {
  static const FieldCatalog catalog = [] {
    FieldCatalog c;
    c.add_type("day", {"date", "title", "weekday", "liturgical_year", "season", "sub_season",
                       "week", "week_label", "sunday_name", "proper", "color", "fast",
                       "celebration", "cycles", "eve"});
    c.add_type("reading", {"service", "part", "slot", "reference", "short_reference", "note",
                           "track", "alternatives", "bible", "content", "verses", "text_error"});
    c.add_type("collect", {"key", "title", "kind", "reference", "celebration", "common", "eve",
                           "body", "preface"});
    c.add_type("annual_overview",
               {"liturgical_year", "starts", "ends", "cycles", "seasons", "key_dates"});
    c.add_type("season", {"slug", "name", "parent", "starts", "ends"});
    c.add_type("key_date", {"slug", "name", "kind", "date"});
    c.add_type("lectionary_cycle", {"liturgical_year", "starts", "ends", "sunday", "weekday"});
    c.add_type("celebration", {"slug", "name", "type", "type_name", "color", "movable", "month",
                               "day", "date_rule", "date", "observed_date", "source"});
    c.add_type("celebration_type", {"slug", "name"});
    c.add_type("prayer_book", {"code", "name", "language", "languages", "year", "jurisdiction",
                               "time_zone", "valid_years", "capabilities"});
    c.add_type("bible_version",
               {"code", "name", "abbreviation", "language", "publisher", "licence", "verse_count"});
    return c;
  }();
  return catalog;
}

}  // namespace kalendar::api
