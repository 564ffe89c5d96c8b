// What the API explains to users cites only what they can look up: no explanation of a day of
// 2026, in any shipped book and for any service, carries an editor's open question ("[confirm")
// or cites our internal notes ("domain notes", "notes §"). kalendar-check already rejects such a
// `source:` when a book loads; this test reads the answers themselves, through the same
// in-process API kalendar-dump uses, so that no other path (a name, a label, a new field) can
// bring one back. Open questions live in books/README.md ("Unverified").
#include "app/app_state.hpp"
#include "app/in_process.hpp"

#include "kalendar/engine.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

namespace kalendar {
namespace {

// "§" may reach the body raw or escaped, depending on the JSON writer's settings.
constexpr std::array<std::string_view, 4> kForbidden = {"[confirm", "domain notes", "notes \u00a7",
                                                        "notes \\u00a7"};
constexpr std::array<std::string_view, 4> kServices = {"daily", "eucharist", "morning", "evening"};

std::shared_ptr<const api::AppState> shipped_app() {
  DiagnosticList diags;
  auto engine = load_engine(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books", diags);
  auto app = engine == nullptr ? nullptr : api::make_app_state(engine, nullptr, nullptr, diags);
  for (const auto& d : diags.items()) ADD_FAILURE() << format_diagnostic(d);
  return app;
}

TEST(Citations, NoExplanationOf2026CitesAnOpenQuestionOrOurNotes) {
  const auto app = shipped_app();
  ASSERT_NE(app, nullptr);
  api::InProcessApi api(app);
  int answers = 0;
  int failures = 0;
  for (const auto& book : app->engine->books()) {
    const Days first{CivilDate{date::year{2026} / 1 / 1}};
    const Days last{CivilDate{date::year{2026} / 12 / 31}};
    for (Days d = first; d <= last && failures < 20; d += date::days{1}) {
      for (const std::string_view service : kServices) {
        const std::string target = "/api/v2/liturgical-explanations/" + format_iso_date(d) +
                                   "?book=" + book->code + "&service=" + std::string(service);
        const api::Response r = api.get(target);
        ASSERT_EQ(r.status, 200) << target << "\n" << r.body;
        // Every explanation lists the sources it cites; without the list this test reads nothing.
        ASSERT_NE(r.body.find("\"sources\""), std::string::npos) << target;
        ++answers;
        for (const std::string_view bad : kForbidden) {
          const auto at = r.body.find(bad);
          if (at == std::string::npos) continue;
          ++failures;
          ADD_FAILURE() << target << " shows \"" << bad << "\": ..."
                        << r.body.substr(at < 120 ? 0 : at - 120, 240) << "...";
        }
      }
    }
  }
  EXPECT_EQ(answers, 365 * 4 * static_cast<int>(app->engine->books().size()));
}

}  // namespace
}  // namespace kalendar
