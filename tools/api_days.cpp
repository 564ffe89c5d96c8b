#include "api_days.hpp"

#include "app/app_state.hpp"
#include "app/in_process.hpp"

#include "kalendar/library.hpp"

#include <rapidjson/document.h>

#include <stdexcept>

namespace kalendar::tools {
namespace {

using Value = rapidjson::Value;

// Only what ApiDay reads: the bodies of 300 years are a third smaller, the diff a third faster.
constexpr const char* kTrimmed =
    "&fields[day]=date,weekday,season,sub_season,week,week_label,sunday_name,color,fast,"
    "celebration&fields[reading]=service,part,slot,reference,track&fields[collect]=title";

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
  const Value& readings = member(d, "readings");
  if (readings.IsArray()) {
    for (const auto& r : readings.GetArray()) {
      const std::string part = str(r, "part");
      const std::string office = str(r, "service") + (part.empty() ? "" : "/" + part);
      if (day.readings.empty() || day.readings.back().first != office) {
        day.readings.emplace_back(office, std::vector<std::string>{});
      }
      const std::string track = str(r, "track");
      day.readings.back().second.push_back(
          str(r, "slot") + (track.empty() ? "" : " (" + track + ")") + " " + str(r, "reference"));
    }
  }
  const Value& collects = member(d, "collect");
  if (collects.IsArray()) {
    for (const auto& c : collects.GetArray()) day.collects.push_back(str(c, "title"));
  }
  return day;
}

}  // namespace

std::vector<ApiDay> parse_api_days(const std::string& data_json) {
  rapidjson::Document doc;
  doc.Parse(data_json.c_str(), data_json.size());
  if (doc.HasParseError() || !doc.IsArray()) {
    throw std::runtime_error("the API answered a days body that is not a JSON array");
  }
  std::vector<ApiDay> days;
  days.reserve(doc.Size());
  for (const auto& d : doc.GetArray()) days.push_back(read_day(d));
  return days;
}

ApiDay parse_api_day(std::string_view day_json) {
  rapidjson::Document doc;
  doc.Parse(day_json.data(), day_json.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    throw std::runtime_error("the API answered a day that is not a JSON object");
  }
  return read_day(doc);
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
  auto library = load_library(LibrarySources::from_dirs(rules_dir, books_dir), diags);
  if (diags.has_errors()) return nullptr;
  auto app = api::make_app_state(library, nullptr, nullptr, diags);
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
  const api::Response r =
      api_->get("/api/v2/days?book=" + code + "&year=" + std::to_string(year) +
                "&include=celebrations,readings,readings.morning,readings.evening,collect" +
                kTrimmed + (lang.empty() ? "" : "&lang=" + lang));
  if (r.status != 200) {
    out.error = r.body;
    return out;
  }
  // The envelope is {"data":[...],"links":{...},"meta":{...}}; meta differs between trees
  // (data_version) even when every day is the same.
  const auto links = r.body.rfind(",\"links\":");
  const std::size_t start = r.body.find('[');
  if (links == std::string::npos || start == std::string::npos || start > links) {
    throw std::runtime_error("the API answered an unexpected days envelope");
  }
  out.data = r.body.substr(start, links - start);
  if (parse) out.days = parse_api_days(out.data);
  return out;
}

}  // namespace kalendar::tools
