// A fresh scratch folder per test, under the build tree (never the working directory).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace kalendar::testing {

// Example: ScratchDir dir; dir.path() / "cache" is empty and removed when `dir` goes away.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::path(KALENDAR_TEST_SCRATCH_DIR) /
            (std::string(info->test_suite_name()) + "." + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace kalendar::testing
