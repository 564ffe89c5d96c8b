#include "app/in_process.hpp"

#include "handlers/routes.hpp"
#include "keys.hpp"

#include <stdexcept>

namespace kalendar::api {

InProcessApi::InProcessApi(std::shared_ptr<const AppState> app, std::size_t response_cache_bytes)
    : slot_(std::move(app)), logger_([](std::string_view) {}, false) {
  const auto issued = generate_api_key();
  if (!issued) throw std::runtime_error("the system's random source failed");
  key_ = issued->secret;
  KeyRecord record;
  record.id = 1;
  record.name = "in-process";
  record.digest = issued->digest;
  auth_ = std::make_unique<Authenticator>(
      [record] { return Result<std::vector<KeyRecord>>(std::vector<KeyRecord>{record}); },
      AuthOptions{.default_rate_per_minute = 0});
  (void)auth_->refresh();
  DispatcherOptions options;
  options.response_cache_bytes = response_cache_bytes;
  dispatcher_ = std::make_unique<Dispatcher>(
      options, DispatcherServices{*auth_, limiter_, metrics_, logger_});
  add_api_routes(*dispatcher_, slot_);
  dispatcher_->set_ready(true);
}

Response InProcessApi::get(std::string_view target) {
  return dispatcher_->dispatch(make_request(Method::get, target, {{"X-API-Key", key_}}));
}

}  // namespace kalendar::api
