// The envelope around every answer (meta, links) and the error document, and the whole table.
#include "json/resource_docs.hpp"

#include "api_error.hpp"
#include "params.hpp"

namespace kalendar::api {

void add_envelope_docs(std::vector<ObjectDoc>& out) {
  using namespace table_rows;
  const Shape text = Shape::string();
  out.push_back(
      {"Meta",
       "",
       "About the answer: which book, language, office and data it came from",
       {sometimes("code", text, false, "Prayer book code"),
        sometimes("lang", text, false, "Language of the answer (BCP 47)"),
        sometimes("service", Shape::one_of(kServicesWithAll), false, "Office"),
        sometimes("data_version", text, false, "Version of the books' data; changes with it"),
        sometimes("options", Shape::map_of(text, true), false,
                  "The book's calendar options in force, defaults included ({} without any; "
                  "null: a date option unset)"),
        sometimes("bible", text, false, "Bible version of attached text"),
        sometimes("bible_language", text, false, "Language of that version"),
        sometimes("bible_choice", text, false, "Why that version was chosen"),
        sometimes("texts", text, false, "Where collect bodies come from")}});
  out.push_back({"Links",
                 "",
                 "Links of a list",
                 {key("self", Shape::link(), "This page"),
                  key_or_null("next", Shape::link(), "The next page; null on the last")}});
  std::vector<std::string_view> codes;
  for (const ErrorInfo& e : all_error_infos()) codes.push_back(e.code);
  out.push_back({"Errors",
                 "",
                 "The error document: every problem of the request at once",
                 {key("errors", Shape::array(Shape::object("Error")), "The problems")}});
  out.push_back(
      {"Error",
       "",
       "One problem",
       {key("status", Shape::matching("^[1-5][0-9]{2}$"), "HTTP status, as a string"),
        key("code", Shape::one_of(codes), "Stable error code"),
        key("title", text, "Fixed English title of the code"),
        sometimes("detail", text, false, "What is wrong in this request"),
        sometimes("source", Shape::object("ErrorSource"), false, "What the problem is about")}});
  out.push_back({"ErrorSource",
                 "",
                 "Where in the request the problem is",
                 {key("parameter", text, "The query or path parameter")}});
}

const std::vector<ObjectDoc>& object_docs() {
  static const std::vector<ObjectDoc> docs = [] {
    std::vector<ObjectDoc> out;
    add_day_docs(out);
    add_explanation_docs(out);
    add_catalogue_docs(out);
    add_envelope_docs(out);
    return out;
  }();
  return docs;
}

const ObjectDoc* object_doc(std::string_view name) {
  for (const ObjectDoc& d : object_docs()) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

}  // namespace kalendar::api
