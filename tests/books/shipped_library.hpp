// The shipped books and rules, loaded once per test binary; any diagnostic fails the test run.
#pragma once

#include "kalendar/engine.hpp"
#include "kalendar/library.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace kalendar::testing_books {

inline std::shared_ptr<const Library> shipped_library() {
  static const std::shared_ptr<const Library> library = [] {
    DiagnosticList diags;
    auto lib = load_library(
        LibrarySources::from_dirs(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books"),
        diags);
    for (const auto& d : diags.items()) ADD_FAILURE() << format_diagnostic(d);
    return lib;
  }();
  return library;
}

}  // namespace kalendar::testing_books
