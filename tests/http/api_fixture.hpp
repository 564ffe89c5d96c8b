// The shared gtest fixture of the API tests: one ApiStack (api_stack.hpp) per test process,
// started on first use and torn down after the last test, and a keep-alive client per test.
//
// Example:
//   TEST_F(ApiTest, AdventSunday) {
//     const auto r = get("/api/v2/days/2025-11-30?book=loc_2015");
//     ASSERT_EQ(r.status, 200) << r.body;
//     EXPECT_EQ(Json(r.body).str("/data/season/slug"), "advent");
//   }
#pragma once

#include "api_stack.hpp"
#include "http_client.hpp"
#include "json_view.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kalendar::testing {

// The process-wide stack (created on first call).
ApiStack& shared_stack();

using Headers = std::vector<std::pair<std::string, std::string>>;

// The error codes, parameters and statuses of an error document, in order.
std::vector<std::string> error_codes(std::string_view body);
std::vector<std::string> error_parameters(std::string_view body);

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override { client_ = std::make_unique<TestClient>(stack().port()); }

  static ApiStack& stack() { return shared_stack(); }

  // GET `target` with key `key_name` ("" : no X-API-Key) and extra headers.
  HttpReply get(std::string_view target, std::string_view key_name = "all",
                const Headers& extra = {}) {
    return request("GET", target, key_name, extra);
  }
  HttpReply request(std::string_view method, std::string_view target,
                    std::string_view key_name = "all", const Headers& extra = {}) {
    Headers headers;
    if (!key_name.empty()) headers.emplace_back("X-API-Key", stack().key(key_name));
    for (const auto& h : extra) headers.push_back(h);
    return client_->request(method, target, headers);
  }

  std::unique_ptr<TestClient> client_;
};

}  // namespace kalendar::testing
