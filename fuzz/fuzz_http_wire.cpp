// The HTTP request reader on arbitrary bytes, fed in slices whose sizes come from the input:
// never crashes, always ends in a request, an error or need_more, and writes a response for
// each event.
#include "http_wire.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t slice = 1 + data[0] % 64;
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  kalendar::http::RequestReader reader(kalendar::http::WireLimits{
      .max_head_bytes = 2048, .max_body_bytes = 256, .max_header_count = 20});
  while (!rest.empty()) {
    reader.feed(rest.substr(0, slice));
    rest.remove_prefix(std::min(slice, rest.size()));
    for (int i = 0; i < 64; ++i) {
      const kalendar::http::WireEvent event = reader.next();
      if (event.kind == kalendar::http::WireEvent::need_more) break;
      if (event.kind == kalendar::http::WireEvent::got_error) {
        [[maybe_unused]] const auto bytes = kalendar::http::write_error_response(event.failure);
        return 0;
      }
      kalendar::api::Response response;
      response.body = event.request.raw_path + "?" + event.request.raw_query;
      [[maybe_unused]] const auto bytes =
          kalendar::http::write_response(response, event.keep_alive, event.version);
    }
  }
  return 0;
}
