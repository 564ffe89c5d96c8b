#include "api_fixture.hpp"

namespace kalendar::testing {

namespace {

ApiStack* g_stack = nullptr;

// Deletes the shared stack after the last test (gtest owns and deletes the environment).
class StackEnvironment : public ::testing::Environment {
 public:
  void TearDown() override {
    delete g_stack;
    g_stack = nullptr;
  }
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new StackEnvironment);

std::vector<std::string> error_member(std::string_view body, std::string_view member) {
  Json j(body);
  if (!j.ok()) return {"<not json>"};
  return j.strings("/errors", member);
}

}  // namespace

ApiStack& shared_stack() {
  if (g_stack == nullptr) g_stack = new ApiStack();
  return *g_stack;
}

std::vector<std::string> error_codes(std::string_view body) { return error_member(body, "code"); }

std::vector<std::string> error_parameters(std::string_view body) {
  auto out = error_member(body, "source/parameter");
  for (auto& p : out) {
    if (p == "<missing>") p.clear();
  }
  return out;
}

}  // namespace kalendar::testing
