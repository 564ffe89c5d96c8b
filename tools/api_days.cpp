#include "api_days.hpp"

#include "app/app_state.hpp"
#include "app/in_process.hpp"

#include "kalendar/engine.hpp"

#include <rapidjson/document.h>

#include <iterator>
#include <stdexcept>

namespace kalendar::tools {
namespace {

using Value = rapidjson::Value;

// Only what ApiDay reads: the bodies of 300 years are a third smaller, the diff a third faster.
constexpr const char* kTrimmed =
    "&fields[day]=date,weekday,season,sub_season,week,week_label,sunday_name,color,fast,"
    "celebration&fields[reading]=service,part,slot,reference,track&fields[collect]=title";
constexpr const char* kEucharist =
    "&service=eucharist&include=readings&fields[day]=date"
    "&fields[reading]=service,part,slot,reference,track";

std::string str(const Value& v, const char* member) {
  if (!v.IsObject()) return {};
  const auto it = v.FindMember(member);
  if (it == v.MemberEnd() || it->value.IsNull()) return {};
  if (it->value.IsString()) return it->value.GetString();
  if (it->value.IsInt()) return std::to_string(it->value.GetInt());
  return {};
}

const Value& member(const Value& v, const char* name) {
  static const Value kNull;
  if (!v.IsObject()) return kNull;
  const auto it = v.FindMember(name);
  return it == v.MemberEnd() ? kNull : it->value;
}

// Per office, "slot (track) reference" in the API's order.
std::vector<std::pair<std::string, std::vector<std::string>>> read_readings(const Value& d) {
  std::vector<std::pair<std::string, std::vector<std::string>>> offices;
  const Value& readings = member(d, "readings");
  if (!readings.IsArray()) return offices;
  for (const auto& r : readings.GetArray()) {
    const std::string part = str(r, "part");
    const std::string office = str(r, "service") + (part.empty() ? "" : "/" + part);
    if (offices.empty() || offices.back().first != office) {
      offices.emplace_back(office, std::vector<std::string>{});
    }
    const std::string track = str(r, "track");
    offices.back().second.push_back(str(r, "slot") + (track.empty() ? "" : " (" + track + ")") +
                                    " " + str(r, "reference"));
  }
  return offices;
}

// The eucharist's offices join the day's after its daily ones, as service=all lists them
// (daily, eucharist, morning, evening).
void add_eucharist(ApiDay& day, const Value& eucharist_day) {
  auto offices = read_readings(eucharist_day);
  auto at = day.readings.begin();
  while (at != day.readings.end() && at->first.rfind("daily", 0) == 0) ++at;
  day.readings.insert(at, std::make_move_iterator(offices.begin()),
                      std::make_move_iterator(offices.end()));
}

// The "data" array of a /days envelope ({"data":[...],"links":{...},"meta":{...}}): meta differs
// between trees (data_version) even when every day is the same.
std::string data_array(const std::string& body) {
  const auto links = body.rfind(",\"links\":");
  const std::size_t start = body.find('[');
  if (links == std::string::npos || start == std::string::npos || start > links) {
    throw std::runtime_error("the API answered an unexpected days envelope");
  }
  return body.substr(start, links - start);
}

ApiDay read_day(const Value& d) {
  ApiDay day;
  day.date = str(d, "date");
  day.weekday_name = str(member(d, "weekday"), "name");
  day.season_slug = str(member(d, "season"), "slug");
  day.season_name = str(member(d, "season"), "name");
  day.sub_season_slug = str(member(d, "sub_season"), "slug");
  day.week = str(d, "week");
  if (day.week.empty()) day.week = str(d, "week_label");
  const Value& colour = member(d, "color");
  day.colour_slug = str(colour, "slug");
  day.colour_name = str(colour, "name");
  const Value& alternatives = member(colour, "alternatives");
  if (alternatives.IsArray()) {
    for (const auto& a : alternatives.GetArray()) {
      day.colour_alternatives.push_back(a.IsString() ? a.GetString() : str(a, "slug"));
    }
  }
  day.fast_slug = str(member(d, "fast"), "slug");
  day.fast_name = str(member(d, "fast"), "name");
  const Value& celebration = member(d, "celebration");
  day.celebration_slug = str(celebration, "slug");
  day.title = str(celebration, "name");
  if (day.title.empty()) day.title = str(d, "sunday_name");
  day.transferred_from = str(celebration, "transferred_from");
  const Value& others = member(d, "celebrations");
  if (others.IsArray()) {
    for (const auto& o : others.GetArray()) {
      day.others.push_back(
          {str(o, "slug"), str(o, "name"), str(o, "fate"), str(o, "transferred_to")});
    }
  }
  day.readings = read_readings(d);
  const Value& collects = member(d, "collect");
  if (collects.IsArray()) {
    for (const auto& c : collects.GetArray()) day.collects.push_back(str(c, "title"));
  }
  return day;
}

}  // namespace

std::vector<ApiDay> parse_api_days(const std::string& data_json,
                                   const std::string& eucharist_json) {
  rapidjson::Document doc;
  doc.Parse(data_json.c_str(), data_json.size());
  if (doc.HasParseError() || !doc.IsArray()) {
    throw std::runtime_error("the API answered a days body that is not a JSON array");
  }
  rapidjson::Document eucharist;
  if (!eucharist_json.empty()) {
    eucharist.Parse(eucharist_json.c_str(), eucharist_json.size());
    if (eucharist.HasParseError() || !eucharist.IsArray() || eucharist.Size() != doc.Size()) {
      throw std::runtime_error("the API answered the eucharist's days differently");
    }
  }
  std::vector<ApiDay> days;
  days.reserve(doc.Size());
  for (rapidjson::SizeType i = 0; i < doc.Size(); ++i) {
    days.push_back(read_day(doc[i]));
    if (!eucharist_json.empty()) add_eucharist(days.back(), eucharist[i]);
  }
  return days;
}

ApiDay parse_api_day(std::string_view day_json, std::string_view eucharist_json) {
  auto parse = [](std::string_view json, rapidjson::Document& doc) {
    doc.Parse(json.data(), json.size());
    if (doc.HasParseError() || !doc.IsObject()) {
      throw std::runtime_error("the API answered a day that is not a JSON object");
    }
  };
  rapidjson::Document doc;
  parse(day_json, doc);
  ApiDay day = read_day(doc);
  if (!eucharist_json.empty()) {
    rapidjson::Document eucharist;
    parse(eucharist_json, eucharist);
    add_eucharist(day, eucharist);
  }
  return day;
}

std::vector<std::string_view> split_api_days(std::string_view data_json) {
  constexpr std::string_view kStart = "{\"id\":\"";
  auto is_day_start = [&](std::size_t at) {
    const std::size_t d = at + kStart.size();
    return d + 11 <= data_json.size() && data_json[d + 4] == '-' && data_json[d + 7] == '-' &&
           data_json[d + 10] == '"';
  };
  std::vector<std::size_t> starts;
  for (std::size_t at = data_json.find(kStart); at != std::string_view::npos;
       at = data_json.find(kStart, at + 1)) {
    if (is_day_start(at)) starts.push_back(at);
  }
  std::vector<std::string_view> days;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    // Up to the comma before the next day, or the closing bracket of the array.
    const std::size_t end = i + 1 < starts.size() ? starts[i + 1] - 1 : data_json.rfind(']');
    days.push_back(data_json.substr(starts[i], end - starts[i]));
  }
  return days;
}

ApiTree::ApiTree(std::unique_ptr<api::InProcessApi> api) : api_(std::move(api)) {}
ApiTree::~ApiTree() = default;

std::unique_ptr<ApiTree> ApiTree::load(const std::string& books_dir, const std::string& rules_dir,
                                       DiagnosticList& diags) {
  auto engine = load_engine(rules_dir, books_dir, diags);
  if (engine == nullptr) return nullptr;
  auto app = api::make_app_state(engine, nullptr, nullptr, diags);
  if (app == nullptr) return nullptr;
  std::unique_ptr<ApiTree> tree(new ApiTree(std::make_unique<api::InProcessApi>(app)));

  const api::Response list = tree->api_->get("/api/v2/prayer-books");
  rapidjson::Document doc;
  doc.Parse(list.body.c_str(), list.body.size());
  if (list.status != 200 || doc.HasParseError() || !member(doc, "data").IsArray()) {
    throw std::runtime_error("the API did not list the prayer books: " + list.body);
  }
  for (const auto& b : doc["data"].GetArray()) {
    const Value& years = member(b, "valid_years");
    tree->books_.push_back({str(b, "code"), str(b, "name"), str(b, "language"),
                            member(years, "from").IsInt() ? years["from"].GetInt() : 0,
                            member(years, "to").IsInt() ? years["to"].GetInt() : 0});
  }
  return tree;
}

const ApiBook* ApiTree::find(const std::string& code) const {
  for (const auto& b : books_) {
    if (b.code == code) return &b;
  }
  return nullptr;
}

std::string ApiTree::get(const std::string& target, int& status) const {
  api::Response r = api_->get(target);
  status = r.status;
  return std::move(r.body);
}

ApiYear ApiTree::year(const std::string& code, int year, bool parse,
                      const std::string& lang) const {
  ApiYear out;
  const std::string days = "/api/v2/days?book=" + code + "&year=" + std::to_string(year) +
                           (lang.empty() ? "" : "&lang=" + lang);
  const api::Response r = api_->get(
      days + "&include=celebrations,readings,readings.morning,readings.evening,collect" + kTrimmed);
  if (r.status != 200) {
    out.error = r.body;
    return out;
  }
  // /days gives one service's readings (daily here) plus morning and evening: the eucharist's
  // come in a second answer of the same days, only their readings.
  const api::Response e = api_->get(days + kEucharist);
  if (e.status != 200) {
    out.error = e.body;
    return out;
  }
  out.data = data_array(r.body);
  out.eucharist = data_array(e.body);
  if (parse) out.days = parse_api_days(out.data, out.eucharist);
  return out;
}

}  // namespace kalendar::tools
