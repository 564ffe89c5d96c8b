// Reading response bodies in tests by JSON pointer (simdjson DOM), so assertions name values:
//
//   Json j(reply.body);
//   EXPECT_EQ(j.str("/data/season/slug"), "advent");
//   EXPECT_EQ(j.num("/data/week"), 1);
//   EXPECT_TRUE(j.is_null("/data/celebration/id"));
//   EXPECT_EQ(j.size("/data"), 365U);
//   EXPECT_EQ(j.strings("/data", "slug"), (std::vector<std::string>{"advent", ...}));
//
// A missing member reads as "<missing>" (str), 0 with has() false (num), so a failed lookup
// shows up in the assertion message instead of crashing.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kalendar::testing {

class Json {
 public:
  explicit Json(std::string_view body) : parser_(std::make_unique<simdjson::dom::parser>()) {
    ok_ = parser_->parse(body.data(), body.size()).get(root_) == simdjson::SUCCESS;
  }

  // True when the body is one JSON document.
  [[nodiscard]] bool ok() const { return ok_; }
  [[nodiscard]] simdjson::dom::element root() const { return root_; }

  // The element at `pointer` ("" is the root); error when absent.
  [[nodiscard]] simdjson::simdjson_result<simdjson::dom::element> at(
      std::string_view pointer) const {
    if (!ok_) return simdjson::INCORRECT_TYPE;
    simdjson::dom::element root = root_;
    if (pointer.empty()) return root;
    return root.at_pointer(pointer);
  }
  [[nodiscard]] bool has(std::string_view pointer) const { return at(pointer).error() == 0; }
  [[nodiscard]] bool is_null(std::string_view pointer) const {
    auto e = at(pointer);
    return e.error() == 0 && e.value_unsafe().is_null();
  }
  // A string value; "<missing>", "<null>" or "<not a string>" otherwise.
  [[nodiscard]] std::string str(std::string_view pointer) const {
    auto e = at(pointer);
    if (e.error() != 0) return "<missing>";
    if (e.value_unsafe().is_null()) return "<null>";
    std::string_view s;
    if (e.get(s) != 0) return "<not a string>";
    return std::string(s);
  }
  // An integer value; -999999 when absent or not an integer.
  [[nodiscard]] std::int64_t num(std::string_view pointer) const {
    std::int64_t v = 0;
    if (at(pointer).get(v) != 0) return -999999;
    return v;
  }
  // A boolean; false when absent.
  [[nodiscard]] bool boolean(std::string_view pointer) const {
    bool v = false;
    if (at(pointer).get(v) != 0) return false;
    return v;
  }
  // Items of an array or members of an object; 0 when absent.
  [[nodiscard]] std::size_t size(std::string_view pointer) const {
    auto e = at(pointer);
    if (e.error() != 0) return 0;
    simdjson::dom::array a;
    if (e.get(a) == 0) return a.size();
    simdjson::dom::object o;
    if (e.get(o) == 0) return o.size();
    return 0;
  }
  // The member names of an object, in document order.
  [[nodiscard]] std::vector<std::string> keys(std::string_view pointer) const {
    std::vector<std::string> out;
    simdjson::dom::object o;
    if (at(pointer).get(o) != 0) return out;
    for (auto field : o) out.emplace_back(field.key);
    return out;
  }
  // `member` (a pointer relative to each item, without the leading '/') of every item of the
  // array at `pointer`, rendered as a string ("<null>" for null, digits for integers).
  [[nodiscard]] std::vector<std::string> strings(std::string_view pointer,
                                                 std::string_view member) const {
    std::vector<std::string> out;
    simdjson::dom::array a;
    if (at(pointer).get(a) != 0) return out;
    for (auto item : a) {
      auto e = item.at_pointer("/" + std::string(member));
      std::string_view s;
      std::int64_t n = 0;
      if (e.error() != 0) {
        out.emplace_back("<missing>");
      } else if (e.value_unsafe().is_null()) {
        out.emplace_back("<null>");
      } else if (e.get(s) == 0) {
        out.emplace_back(s);
      } else if (e.get(n) == 0) {
        out.push_back(std::to_string(n));
      } else {
        out.emplace_back(simdjson::minify(e.value_unsafe()));
      }
    }
    return out;
  }

 private:
  std::unique_ptr<simdjson::dom::parser> parser_;
  simdjson::dom::element root_{};
  bool ok_ = false;
};

}  // namespace kalendar::testing
