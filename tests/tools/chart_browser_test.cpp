// The 2026 year chart of every shipped book rendered by headless Chromium (Debian's `chromium`,
// installed by scripts/setup.sh): the screenshot is not blank, and the DOM the browser built
// holds every day of the year with the colour and title the JSON API gives for it (read here
// from the per-day API bodies, not the range the chart itself reads). The page is the one
// `kalendar-dump --html BOOK 2026` writes (one compile of the books serves every book here).
#include "api_days.hpp"
#include "dump_command.hpp"
#include "png_probe.hpp"
#include "year_chart.hpp"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <algorithm>
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

// date -> "colour|title" as GET /api/v2/days/{date} answers each day of 2026 (one request per
// day: not the range request the chart itself reads).
std::map<std::string, std::string> api_days(const ApiTree& tree, const std::string& book) {
  std::map<std::string, std::string> days;
  for (int month = 1; month <= 12; ++month) {
    for (int day = 1; day <= 31; ++day) {
      char date[11];
      std::snprintf(date, sizeof date, "2026-%02d-%02d", month, day);
      int status = 0;
      const std::string body =
          tree.get("/api/v2/days/" + std::string(date) + "?book=" + book, status);
      if (status == 400) continue;  // 30 February and the like
      EXPECT_EQ(status, 200) << body;
      rapidjson::Document doc;
      doc.Parse(body.c_str());
      const auto& d = doc["data"];
      std::string title;
      if (d["celebration"].IsObject()) {
        title = d["celebration"]["name"].GetString();
      } else if (d["sunday_name"].IsString()) {
        title = d["sunday_name"].GetString();
      }
      // A book without colours (palette: []) answers "color": null; its chart has none either.
      const std::string colour = d["color"].IsObject() ? d["color"]["slug"].GetString() : "";
      days[d["date"].GetString()] = colour + "|" + title;
    }
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
  DiagnosticList diags;
  const auto tree = ApiTree::load(kBooks.string(), (kBooks / ".." / "rules").string(), diags);
  ASSERT_NE(tree, nullptr);
  TempDir tmp;
  const std::regex cell(
      "<td class=\"day[^\"]*\" data-date=\"([0-9-]+)\" data-color=\"([^\"]*)\" "
      "data-title=\"([^\"]*)\"");
  for (const auto& book : books) {
    SCOPED_TRACE(book);
    const fs::path html = tmp.path() / (book + ".html");
    const fs::path png = tmp.path() / (book + ".png");
    const ApiBook* about = tree->find(book);
    ASSERT_NE(about, nullptr);
    std::ofstream(html) << render_year_chart({*about, 2026, tree->year(book, 2026).days, {}, {}});
    const Browser b = render(html, png, tmp.path() / ("profile-" + book));
    ASSERT_TRUE(b.ok) << "chromium failed or timed out";

    std::map<std::string, std::string> shown;
    for (auto it = std::sregex_iterator(b.dom.begin(), b.dom.end(), cell);
         it != std::sregex_iterator(); ++it) {
      shown[(*it)[1]] = (*it)[2].str() + "|" + attribute_text((*it)[3]);
    }
    const auto expected = api_days(*tree, book);
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
    // A book without colours (palette: []) leaves its day cells white: only text and rules.
    const bool coloured = std::any_of(expected.begin(), expected.end(),
                                      [](const auto& e) { return e.second.front() != '|'; });
    const std::size_t share = coloured ? 10 : 20;
    EXPECT_GT(non_white * share, sampled) << "under 1/" << share << " of the screenshot is drawn";
    EXPECT_GT(colours.size(), 20U) << "the screenshot is nearly uniform";
  }
}

TEST(ChartInChromium, PrintsOnOneLandscapePage) {
  if (std::string_view(KALENDAR_CHROMIUM).empty()) {
    GTEST_SKIP() << "chromium is not installed (scripts/setup.sh installs it)";
  }
  TempDir tmp;
  const fs::path html = tmp.path() / "chart.html";
  const fs::path pdf = tmp.path() / "chart.pdf";
  std::ofstream(html) << dump({"--html", "loc_2015", "2026"});
  const std::string command = "timeout 45 '" KALENDAR_CHROMIUM
                              "' --headless --no-sandbox --disable-gpu --disable-quic "
                              "--no-first-run --disable-background-networking "
                              "--disable-component-update --disable-sync --user-data-dir='" +
                              (tmp.path() / "profile").string() +
                              "' --no-pdf-header-footer --print-to-pdf='" + pdf.string() +
                              "' 'file://" + html.string() + "' >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::ifstream in(pdf, std::ios::binary);
  std::ostringstream read;
  read << in.rdbuf();
  const std::string bytes = read.str();
  const std::regex page("/Type\\s*/Page[^s]");
  EXPECT_EQ(
      std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page), std::sregex_iterator()),
      1);
  // Landscape: the media box is wider than it is tall (Letter or A4, whichever is the default).
  std::smatch box;
  ASSERT_TRUE(std::regex_search(bytes, box, std::regex("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]")));
  EXPECT_GT(std::stod(box[1]), std::stod(box[2]));
}

}  // namespace
}  // namespace kalendar::tools
