// Reads the pixels of an 8-bit RGB or RGBA PNG (what Chromium's --screenshot writes), so a test
// can tell a rendered page from a blank one. Not a general PNG reader: no palettes, no
// interlacing, no 16-bit channels (those throw).
//
// Example:
//   PngImage img = read_png("shot.png");
//   std::uint32_t top_left = img.pixel(0, 0);   // 0xRRGGBB
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>
#include <zlib.h>

namespace kalendar::tools {

struct PngImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t channels = 0;     // 3 or 4
  std::vector<std::uint8_t> rgb;  // rows of width*channels bytes, filters undone

  [[nodiscard]] std::uint32_t pixel(std::uint32_t x, std::uint32_t y) const {
    const std::size_t at = (std::size_t{y} * width + x) * channels;
    return (std::uint32_t{rgb[at]} << 16) | (std::uint32_t{rgb[at + 1]} << 8) | rgb[at + 2];
  }
};

inline std::uint32_t png_be32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return (std::uint32_t{b[at]} << 24) | (std::uint32_t{b[at + 1]} << 16) |
         (std::uint32_t{b[at + 2]} << 8) | b[at + 3];
}

inline PngImage read_png(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)),
                                       std::istreambuf_iterator<char>());
  if (file.size() < 33 || file[1] != 'P' || file[2] != 'N' || file[3] != 'G') {
    throw std::runtime_error(path + ": not a PNG file");
  }
  PngImage img;
  std::vector<std::uint8_t> compressed;
  for (std::size_t at = 8; at + 8 <= file.size();) {
    const std::uint32_t length = png_be32(file, at);
    const std::string type(file.begin() + static_cast<long>(at) + 4,
                           file.begin() + static_cast<long>(at) + 8);
    if (at + 12 + length > file.size()) throw std::runtime_error(path + ": truncated chunk");
    const auto data = file.begin() + static_cast<long>(at) + 8;
    if (type == "IHDR") {
      img.width = png_be32(file, at + 8);
      img.height = png_be32(file, at + 12);
      const std::uint8_t depth = file[at + 16];
      const std::uint8_t colour_type = file[at + 17];
      if (depth != 8 || (colour_type != 2 && colour_type != 6) || file[at + 20] != 0) {
        throw std::runtime_error(path + ": only 8-bit RGB(A), non-interlaced PNG is read");
      }
      img.channels = colour_type == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), data, data + length);
    }
    at += 12 + length;
  }
  const std::size_t stride = std::size_t{img.width} * img.channels;
  std::vector<std::uint8_t> raw((stride + 1) * img.height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, compressed.data(), compressed.size()) != Z_OK ||
      raw_size != raw.size()) {
    throw std::runtime_error(path + ": bad image data");
  }
  // Undo the per-row filters (PNG specification, section 9).
  img.rgb.assign(stride * img.height, 0);
  for (std::size_t y = 0; y < img.height; ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* src = &raw[y * (stride + 1) + 1];
    std::uint8_t* row = &img.rgb[y * stride];
    const std::uint8_t* up = y > 0 ? &img.rgb[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= img.channels ? row[x - img.channels] : 0;
      const int b = up != nullptr ? up[x] : 0;
      const int c = (up != nullptr && x >= img.channels) ? up[x - img.channels] : 0;
      int predicted = 0;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) / 2;
          break;
        case 4: {
          const int p = a + b - c;
          const int pa = std::abs(p - a);
          const int pb = std::abs(p - b);
          const int pc = std::abs(p - c);
          predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
          break;
        }
        default:
          throw std::runtime_error(path + ": unknown row filter");
      }
      row[x] = static_cast<std::uint8_t>(src[x] + predicted);
    }
  }
  return img;
}

}  // namespace kalendar::tools
