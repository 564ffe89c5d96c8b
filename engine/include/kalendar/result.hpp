// Errors as values. Everything below the HTTP layer reports failure through these types instead of
// throwing: `Result<T>` for one operation, `Diagnostic` for a problem at a place in a source file.
//
// Example:
//   Result<int> parse_week(std::string_view s);
//   auto r = parse_week("x");
//   if (!r) std::cerr << r.error().message;   // r.error().code == "invalid_number"
#pragma once

#include <cassert>
#include <cstddef>
#include <iterator>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace kalendar {

// A failure: a stable machine code (snake_case) plus a human message.
// Example: Error{"unknown_book", "no prayer book with code 'xx'"}.
struct Error {
  std::string code;
  std::string message;
};

// Either a T or an Error. Small on purpose: std::expected needs C++23 (not in GCC 12 / Clang 14).
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : state_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  [[nodiscard]] bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  [[nodiscard]] const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  [[nodiscard]] T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  [[nodiscard]] const Error& error() const {
    assert(!ok());
    return std::get<1>(state_);
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Error> state_;
};

// A place in a source file, 1-based like every editor (yaml-cpp's marks are 0-based: add 1).
// Example: SourceLoc{"books/loc_2015/calendar.yaml", 12, 5}.
struct SourceLoc {
  std::string file;
  int line = 0;
  int column = 0;
};

enum class Severity { error, warning };

// One problem found while loading or checking a book, printed as `file:line:column: error: msg`.
struct Diagnostic {
  Severity severity = Severity::error;
  SourceLoc loc;
  std::string message;
};

// Every problem of a load, in the order found. Loaders keep going after an error so that a
// liturgist sees all of them at once.
class DiagnosticList {
 public:
  void error(SourceLoc loc, std::string message) {
    items_.push_back({Severity::error, std::move(loc), std::move(message)});
  }
  void warning(SourceLoc loc, std::string message) {
    items_.push_back({Severity::warning, std::move(loc), std::move(message)});
  }
  // Removes the items from index `first` on and returns them (regrouping per book after a
  // parallel load). Example: auto mine = diags.take_from(size_before);
  DiagnosticList take_from(std::size_t first) {
    DiagnosticList out;
    if (first >= items_.size()) return out;
    const auto from = items_.begin() + static_cast<std::ptrdiff_t>(first);
    out.items_.assign(std::make_move_iterator(from), std::make_move_iterator(items_.end()));
    items_.erase(from, items_.end());
    return out;
  }
  void append(const DiagnosticList& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
  }
  [[nodiscard]] bool has_errors() const {
    for (const auto& d : items_) {
      if (d.severity == Severity::error) return true;
    }
    return false;
  }
  [[nodiscard]] const std::vector<Diagnostic>& items() const { return items_; }
  [[nodiscard]] bool empty() const { return items_.empty(); }

 private:
  std::vector<Diagnostic> items_;
};

// `file:line:column: error: message` (no column or line when unknown).
std::string format_diagnostic(const Diagnostic& d);

}  // namespace kalendar
