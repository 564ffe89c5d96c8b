// The 2026 year chart of every shipped book rendered by headless Chromium (Debian's `chromium`,
// installed by scripts/setup.sh): the screenshot is not blank, and the DOM the browser built
// holds every day of the year with the colour and title the JSON API gives for it (read here
// from kalendar-dump --json, the per-day API bodies, not the range the chart itself reads).
#include "dump_command.hpp"
#include "png_probe.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace kalendar::tools {
namespace {

namespace fs = std::filesystem;

const fs::path kBooks = fs::path(KALENDAR_SOURCE_DIR) / "books";

std::string dump(const std::vector<std::string>& args) {
  std::vector<std::string> all{"kalendar-dump", "--books", kBooks.string()};
  all.insert(all.end(), args.begin(), args.end());
  std::ostringstream out;
  std::ostringstream err;
  const int status = run_dump(all, out, err);
  EXPECT_EQ(status, 0) << err.str();
  return out.str();
}

std::string attribute_text(std::string s) {
  const std::pair<const char*, const char*> kEntities[] = {
      {"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto& [entity, text] : kEntities) {
    for (auto at = s.find(entity); at != std::string::npos; at = s.find(entity, at + 1)) {
      s.replace(at, std::string_view(entity).size(), text);
    }
  }
  return s;
}

// date -> "colour|title" as the API answers each day of the year.
std::map<std::string, std::string> api_days(const std::string& book) {
  std::map<std::string, std::string> days;
  std::istringstream lines(dump({"--json", book, "2026"}));
  for (std::string line; std::getline(lines, line);) {
    rapidjson::Document doc;
    doc.Parse(line.c_str());
    const auto& d = doc["data"];
    std::string title;
    if (d["celebration"].IsObject()) {
      title = d["celebration"]["name"].GetString();
    } else if (d["sunday_name"].IsString()) {
      title = d["sunday_name"].GetString();
    }
    days[d["date"].GetString()] = std::string(d["color"]["slug"].GetString()) + "|" + title;
  }
  return days;
}

struct Browser {
  std::string dom;
  bool ok = false;
};

// One bounded headless run: the DOM on stdout and a screenshot into `png`.
Browser render(const fs::path& html, const fs::path& png, const fs::path& profile) {
  const std::string command = "timeout 45 '" KALENDAR_CHROMIUM
                              "' --headless --no-sandbox --disable-gpu --disable-quic "
                              "--no-first-run --disable-background-networking "
                              "--disable-component-update --disable-sync --user-data-dir='" +
                              profile.string() + "' --window-size=1600,1400 --screenshot='" +
                              png.string() + "' --dump-dom 'file://" + html.string() +
                              "' 2>/dev/null";
  Browser b;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return b;
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    b.dom.append(buffer, n);
  b.ok = pclose(pipe) == 0;
  return b;
}

class TempDir {
 public:
  TempDir()
      : path_(fs::temp_directory_path() / ("kalendar-chart-test-" + std::to_string(getpid()))) {
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(ChartInChromium, EveryShippedBookRendersItsYearAsTheApiAnswersIt) {
  if (std::string_view(KALENDAR_CHROMIUM).empty()) {
    GTEST_SKIP() << "chromium is not installed (scripts/setup.sh installs it)";
  }
  std::vector<std::string> books;
  for (const auto& entry : fs::directory_iterator(kBooks)) {
    if (fs::exists(entry.path() / "book.yaml")) books.push_back(entry.path().filename().string());
  }
  ASSERT_GE(books.size(), 5U);
  TempDir tmp;
  const std::regex cell(
      "<td class=\"day[^\"]*\" data-date=\"([0-9-]+)\" data-color=\"([^\"]*)\" "
      "data-title=\"([^\"]*)\"");
  for (const auto& book : books) {
    SCOPED_TRACE(book);
    const fs::path html = tmp.path() / (book + ".html");
    const fs::path png = tmp.path() / (book + ".png");
    std::ofstream(html) << dump({"--html", book, "2026"});
    const Browser b = render(html, png, tmp.path() / ("profile-" + book));
    ASSERT_TRUE(b.ok) << "chromium failed or timed out";

    std::map<std::string, std::string> shown;
    for (auto it = std::sregex_iterator(b.dom.begin(), b.dom.end(), cell);
         it != std::sregex_iterator(); ++it) {
      shown[(*it)[1]] = (*it)[2].str() + "|" + attribute_text((*it)[3]);
    }
    const auto expected = api_days(book);
    ASSERT_EQ(expected.size(), 365U);
    EXPECT_EQ(shown.size(), 365U);
    EXPECT_EQ(shown, expected);

    const PngImage img = read_png(png.string());
    ASSERT_GT(img.width, 0U);
    std::size_t non_white = 0;
    std::set<std::uint32_t> colours;
    for (std::uint32_t y = 0; y < img.height; y += 2) {
      for (std::uint32_t x = 0; x < img.width; x += 2) {
        const std::uint32_t p = img.pixel(x, y);
        non_white += p != 0xFFFFFF;
        colours.insert(p);
      }
    }
    const std::size_t sampled = std::size_t{(img.width + 1) / 2} * ((img.height + 1) / 2);
    EXPECT_GT(non_white * 10, sampled) << "under a tenth of the screenshot is drawn";
    EXPECT_GT(colours.size(), 20U) << "the screenshot is nearly uniform";
  }
}

}  // namespace
}  // namespace kalendar::tools
