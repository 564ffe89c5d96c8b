// The whole API in-process over the shipped books: the input is a request target (and the
// first byte a method). Every answer must be a status below 500 (the dispatcher never throws;
// a 500 means a handler failed on client input).
#include "app/app_state.hpp"
#include "app/in_process.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

kalendar::api::InProcessApi* api = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  kalendar::DiagnosticList diags;
  auto app = kalendar::api::load_app_state(
      kalendar::api::AppPaths{.rules_dir = KALENDAR_SOURCE_DIR "/rules",
                              .books_dir = KALENDAR_SOURCE_DIR "/books",
                              .sword_path = ""},
      diags, [](std::string_view) {});
  if (app == nullptr) {
    std::fprintf(stderr, "fuzz_dispatch: the shipped books do not load\n");
    std::abort();
  }
  api = new kalendar::api::InProcessApi(std::move(app));
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  static constexpr kalendar::api::Method kMethods[] = {
      kalendar::api::Method::get, kalendar::api::Method::head, kalendar::api::Method::options,
      kalendar::api::Method::post};
  std::string target = "/api/v2/";
  target.append(reinterpret_cast<const char*>(data + 1), size - 1);
  kalendar::api::Request request =
      kalendar::api::make_request(kMethods[data[0] % 4], target, {{"X-API-Key", api->key()}});
  const kalendar::api::Response response = api->dispatcher().dispatch(request);
  if (response.status >= 500 && response.status != 503) {
    std::fprintf(stderr, "fuzz_dispatch: %d for %s\n%s\n", response.status, target.c_str(),
                 response.body.c_str());
    std::abort();
  }
  return 0;
}
