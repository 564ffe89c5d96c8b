// Live reload (server/app/reload.hpp, server/state_slot.hpp): states swapped under load never
// mix in one answer, in-process and over real HTTP; a broken book or a failed check keeps the
// old state serving and reports every problem at its file:line:column, counted in /metrics; a
// fixed book changes the answers and their ETags, and an unchanged one changes neither.
//
// The books are a scratch copy of books/loc_2015 (with the repository's rules/) that each test
// edits the way an operator would, then reloads.
#include "app/reload.hpp"

#include "api_fixture.hpp"
#include "api_stack.hpp"
#include "app/in_process.hpp"
#include "http_client.hpp"

#include "kalendar/engine.hpp"
#include "kalendar/text_pack.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

namespace kalendar {
namespace {

namespace fs = std::filesystem;
using api::ReloadOutcome;
using api::StateBuilder;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// An operator's books directory: a copy of loc_2015 that tests edit in place.
class BooksDir {
 public:
  BooksDir() {
    std::string pattern = (fs::temp_directory_path() / "kalendar-reload-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    root_ = pattern;
    fs::create_directories(root_ / "books");
    fs::copy(fs::path(KALENDAR_SOURCE_DIR) / "books/loc_2015", book(), fs::copy_options::recursive);
  }
  ~BooksDir() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  BooksDir(const BooksDir&) = delete;
  BooksDir& operator=(const BooksDir&) = delete;

  [[nodiscard]] fs::path book() const { return root_ / "books/loc_2015"; }

  // Replaces the one occurrence of `from` in the book's `file`; returns its 1-based line and
  // column, where a diagnostic about the new text must point.
  std::pair<int, int> edit(const std::string& file, const std::string& from,
                           const std::string& to) {
    std::string text = read_text(book() / file);
    const auto at = text.find(from);
    if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) {
      throw std::runtime_error("'" + from + "' is not in " + file + " exactly once");
    }
    text.replace(at, from.size(), to);
    std::ofstream(book() / file, std::ios::binary | std::ios::trunc) << text;
    const auto line_start = text.rfind('\n', at);
    const int line =
        1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    const int column =
        static_cast<int>(at - (line_start == std::string::npos ? 0 : line_start + 1));
    return {line, column + 1};
  }

  // What kalendar-server's SIGHUP builds, minus the Bibles and text packs.
  [[nodiscard]] StateBuilder builder() const {
    return [books = (root_ / "books").string()](DiagnosticList& diags) {
      const std::string rules = std::string(KALENDAR_SOURCE_DIR) + "/rules";
      std::shared_ptr<const Engine> engine = load_engine(rules, books, diags);
      return engine == nullptr ? nullptr
                               : api::make_app_state(std::move(engine), nullptr, nullptr, diags);
    };
  }

  [[nodiscard]] std::shared_ptr<const api::AppState> build() const {
    DiagnosticList diags;
    auto state = builder()(diags);
    if (state == nullptr) throw std::runtime_error("the scratch books do not load");
    return state;
  }

 private:
  fs::path root_;
};

// The book's data_version as the body states it ("" when absent).
std::string data_version_of(const std::string& body) {
  static constexpr std::string_view kMember = "\"data_version\":\"";
  const auto at = body.find(kMember);
  if (at == std::string::npos) return {};
  const auto begin = at + kMember.size();
  return body.substr(begin, body.find('"', begin) - begin);
}

// Answers that depend on the renamed Transfiguration (6 August) and on everything else.
const std::vector<std::string> kTargets = {
    "/api/v2/days/2026-08-06?book=loc_2015",
    "/api/v2/celebrations/5?book=loc_2015",
    "/api/v2/days/2025-11-30?book=loc_2015&include=readings",
    "/api/v2/years/2026/key-dates?book=loc_2015",
    "/api/v2/days?book=loc_2015&from=2026-08-01&to=2026-08-10",
};
constexpr const char* kOldName = "name: Transfiguração de Nosso Senhor Jesus Cristo,";
constexpr const char* kNewName = "name: Transfiguração do Senhor,";

struct Expected {
  std::string body;
  std::string etag;
};
// data_version -> target -> the answer a state with that data_version gives.
using ExpectedAnswers = std::map<std::string, std::map<std::string, Expected>>;

// Records every target's answer under `state`, from a dispatcher of its own (no cache).
void record_answers(std::shared_ptr<const api::AppState> state, ExpectedAnswers& out) {
  api::InProcessApi api(std::move(state));
  for (const auto& target : kTargets) {
    const api::Response r = api.get(target);
    ASSERT_EQ(r.status, 200) << target << "\n" << r.body;
    out[data_version_of(r.body)][target] = Expected{r.body, r.etag};
  }
}

// Compares one concurrent answer with the answer of the state it names; counts what it saw.
class AnswerJudge {
 public:
  explicit AnswerJudge(const ExpectedAnswers& expected) : expected_(expected) {}

  void judge(const std::string& target, int status, const std::string& body,
             const std::string& etag) {
    const std::string version = data_version_of(body);
    const auto state = expected_.find(version);
    std::string problem;
    if (status != 200) {
      problem = "status " + std::to_string(status) + ": " + body;
    } else if (state == expected_.end()) {
      problem = "unknown data_version '" + version + "'";
    } else if (state->second.at(target).body != body) {
      problem = "body differs from data_version " + version + "'s own answer";
    } else if (state->second.at(target).etag != etag) {
      problem = "ETag differs from data_version " + version + "'s own answer";
    }
    const std::lock_guard lock(mutex_);
    ++answers_;
    if (problem.empty()) {
      ++seen_[version];
    } else if (problems_.size() < 5) {
      problems_.push_back(target + ": " + problem);
    }
  }

  void expect_clean(std::size_t versions) const {
    const std::lock_guard lock(mutex_);
    for (const auto& p : problems_) ADD_FAILURE() << p;
    EXPECT_EQ(seen_.size(), versions) << answers_ << " answers";
    for (const auto& [version, count] : seen_)
      std::cout << version << ": " << count << " answers\n";
  }

 private:
  const ExpectedAnswers& expected_;
  mutable std::mutex mutex_;
  std::size_t answers_ = 0;
  std::map<std::string, std::size_t> seen_;
  std::vector<std::string> problems_;
};

// Reloads alternately from `dirs` (each a real build and check), `reloads` times.
void reload_alternately(api::StateSlot& slot, const std::vector<const BooksDir*>& dirs,
                        int reloads) {
  for (int i = 0; i < reloads; ++i) {
    const ReloadOutcome r =
        reload_state(slot, dirs[static_cast<std::size_t>(i) % dirs.size()]->builder());
    EXPECT_TRUE(r.swapped) << (r.problems.empty() ? "" : format_diagnostic(r.problems[0]));
  }
}

// A logger and metrics as kalendar-server has them, keeping the log lines.
struct Operations {
  std::mutex mutex;
  std::vector<std::string> lines;
  api::Logger logger{[this](std::string_view line) {
                       const std::lock_guard lock(mutex);
                       lines.emplace_back(line);
                     },
                     false};
  api::Metrics metrics;

  [[nodiscard]] bool logged(const std::string& text) {
    const std::lock_guard lock(mutex);
    for (const auto& l : lines) {
      if (l.find(text) != std::string::npos) return true;
    }
    return false;
  }
};

// A state can be shared between threads and swapped whole only because no book in it can
// change: a CompiledBook is made by compile() alone, as a shared const object.
static_assert(!std::is_default_constructible_v<CompiledBook>);
static_assert(!std::is_constructible_v<CompiledBook, BookDefinition>);
static_assert(!std::is_copy_constructible_v<CompiledBook>);
static_assert(!std::is_copy_assignable_v<CompiledBook>);
static_assert(std::is_same_v<decltype(CompiledBook::compile(BookDefinition{})),
                             std::shared_ptr<const CompiledBook>>);

TEST(Reload, APinnedStateLivesUntilItsLastRequestLetsGo) {
  BooksDir dir;
  auto first = dir.build();
  const std::weak_ptr<const api::AppState> first_alive = first;
  api::StateSlot slot(std::move(first));
  api::PinnedState pinned = slot.pin();
  EXPECT_EQ(pinned.generation, 1U);
  EXPECT_EQ(slot.swap(dir.build()), 2U);
  EXPECT_EQ(slot.pin().generation, 2U);
  EXPECT_NE(slot.pin().state, pinned.state);
  EXPECT_FALSE(first_alive.expired()) << "a request still holds the first state";
  pinned = {};
  EXPECT_TRUE(first_alive.expired()) << "the first state outlived its last pin";
}

TEST(Reload, ADayKeepsItsBookAliveAfterItsStateIsGone) {
  BooksDir dir;
  auto state = dir.build();
  auto day = state->engine->day("loc_2015", CivilDate{date::year{2025} / 11 / 30});
  ASSERT_TRUE(day.ok());
  const std::weak_ptr<const api::AppState> state_alive = state;
  state.reset();  // the library, the engine and the slot's reference: all gone
  EXPECT_TRUE(state_alive.expired());
  // Under ASan a raw pointer to the book would be a use after free here.
  EXPECT_EQ(day->book().code, "loc_2015");
  EXPECT_EQ(day->season_key(), "advent");
  EXPECT_EQ(day->sunday_cycle(), "A");
}

TEST(Reload, ABrokenBookKeepsTheOldStateServingAndReportsEveryProblem) {
  BooksDir dir;
  api::InProcessApi api(dir.build(), 1U << 20U);
  const api::Response before = api.get(kTargets[0]);
  ASSERT_EQ(before.status, 200);

  // Two errors at once: both must be reported, each where it is.
  const auto [line1, col1] = dir.edit("calendar.yaml", "colour: white, date: {month: 8, day: 6}",
                                      "colour: whyte, date: {month: 8, day: 6}");
  const auto [line2, col2] = dir.edit("calendar.yaml", "colour: red, date: {month: 11, day: 30}",
                                      "colour: rouge, date: {month: 11, day: 30}");
  Operations ops;
  const ReloadOutcome r =
      api::reload_and_report(api.state_slot(), dir.builder(), ops.logger, ops.metrics);
  EXPECT_FALSE(r.swapped);
  EXPECT_EQ(r.generation, 1U);
  const std::string file = (dir.book() / "calendar.yaml").string();
  for (const auto& [line, col, word] :
       {std::tuple{line1, col1 + 8, "whyte"}, std::tuple{line2, col2 + 8, "rouge"}}) {
    SCOPED_TRACE(word);
    const std::string at = file + ":" + std::to_string(line) + ":" + std::to_string(col) + ":";
    bool reported = false;
    for (const auto& d : r.problems) {
      if (format_diagnostic(d).rfind(at + " error:", 0) == 0 &&
          d.message.find(word) != std::string::npos) {
        reported = true;
      }
    }
    EXPECT_TRUE(reported) << "no error at " << at;
    EXPECT_TRUE(ops.logged(at)) << "not logged: " << at;
  }
  EXPECT_TRUE(ops.logged("event=reload_refused"));
  const std::string metrics = ops.metrics.exposition();
  EXPECT_NE(metrics.find("kalendar_reloads_total{result=\"failed\"} 1\n"), std::string::npos);
  EXPECT_NE(metrics.find("kalendar_reloads_total{result=\"ok\"} 0\n"), std::string::npos);
  EXPECT_NE(metrics.find("kalendar_data_generation 1\n"), std::string::npos);

  const api::Response after = api.get(kTargets[0]);
  EXPECT_EQ(after.status, 200);
  EXPECT_EQ(after.body, before.body);
  EXPECT_EQ(after.etag, before.etag);
}

TEST(Reload, AFailedCheckKeepsTheOldStateServing) {
  BooksDir dir;
  api::InProcessApi api(dir.build());
  const api::Response before = api.get(kTargets[2]);
  // Compiles, but checks.yaml says Andrew is transferred from Advent Sunday 2025 to 1 December.
  dir.edit("calendar.yaml",
           "key: andrew, name: André, type: festival, colour: red, date: {month: 11, day: 30}",
           "key: andrew, name: André, type: festival, colour: red, date: {month: 11, day: 29}");
  const ReloadOutcome r = api::reload_state(api.state_slot(), dir.builder());
  EXPECT_FALSE(r.swapped);
  EXPECT_EQ(r.generation, 1U);
  EXPECT_GT(r.checks, 100U);
  bool check_failed = false;
  for (const auto& d : r.problems) {
    if (d.loc.file.find("checks.yaml") != std::string::npos && d.loc.line > 0 &&
        d.message.find("andrew") != std::string::npos) {
      check_failed = true;
    }
  }
  EXPECT_TRUE(check_failed) << r.problems.size() << " problems";
  EXPECT_EQ(api.get(kTargets[2]).body, before.body);
}

TEST(Reload, AFixedBookChangesTheAnswersAndTheirETagsAndAnUnchangedOneNeither) {
  BooksDir dir;
  api::InProcessApi api(dir.build(), 1U << 20U);  // with the response cache
  const api::Response old_day = api.get(kTargets[0]);
  ASSERT_NE(old_day.body.find("Transfiguração de Nosso Senhor Jesus Cristo"), std::string::npos);

  dir.edit("calendar.yaml", kOldName, kNewName);
  Operations ops;
  ReloadOutcome r =
      api::reload_and_report(api.state_slot(), dir.builder(), ops.logger, ops.metrics);
  ASSERT_TRUE(r.swapped) << (r.problems.empty() ? "" : format_diagnostic(r.problems[0]));
  EXPECT_EQ(r.generation, 2U);
  EXPECT_EQ(r.books, 1U);
  EXPECT_TRUE(ops.logged("event=reload_done"));
  EXPECT_NE(ops.metrics.exposition().find("kalendar_data_generation 2\n"), std::string::npos);

  const api::Response new_day = api.get(kTargets[0]);
  EXPECT_NE(new_day.body.find("Transfiguração do Senhor\""), std::string::npos) << new_day.body;
  EXPECT_NE(data_version_of(new_day.body), data_version_of(old_day.body));
  EXPECT_NE(new_day.etag, old_day.etag);
  auto revalidated = api.dispatcher().dispatch(api::make_request(
      api::Method::get, kTargets[0], {{"X-API-Key", api.key()}, {"If-None-Match", old_day.etag}}));
  EXPECT_EQ(revalidated.status, 200) << "an old ETag must not validate a changed answer";

  // Reloading the same files again: a new state, the same answers, the same ETags.
  r = api::reload_state(api.state_slot(), dir.builder());
  ASSERT_TRUE(r.swapped);
  EXPECT_EQ(r.generation, 3U);
  revalidated = api.dispatcher().dispatch(api::make_request(
      api::Method::get, kTargets[0], {{"X-API-Key", api.key()}, {"If-None-Match", new_day.etag}}));
  EXPECT_EQ(revalidated.status, 304);
  EXPECT_EQ(api.get(kTargets[0]).body, new_day.body);
}

// Issue 7: data_version covered only the book files, so a reload that changed an operator's text
// pack changed the collect's body but not the data_version the body states.
TEST(Reload, AChangedTextPackChangesDataVersionAndETagAndAnUnchangedOneNeither) {
  BooksDir dir;
  const fs::path texts = dir.book().parent_path().parent_path() / "texts";
  fs::create_directories(texts / "loc_2015");
  fs::copy_file(fs::path(KALENDAR_SOURCE_DIR) / "tests/http/fixtures/texts/loc_2015/pt-BR.yaml",
                texts / "loc_2015/pt-BR.yaml");
  // What kalendar-server's SIGHUP builds, with the text packs (and no Bibles).
  const StateBuilder with_packs = [&dir, &texts](DiagnosticList& diags) {
    const std::string rules = std::string(KALENDAR_SOURCE_DIR) + "/rules";
    std::shared_ptr<const Engine> engine =
        load_engine(rules, dir.book().parent_path().string(), diags);
    if (engine == nullptr) return std::shared_ptr<const api::AppState>();
    auto packs = load_text_packs(texts.string(), engine->books(), diags);
    return std::shared_ptr<const api::AppState>(
        api::make_app_state(std::move(engine), nullptr, std::move(packs), diags));
  };
  DiagnosticList diags;
  api::InProcessApi api(with_packs(diags), 1U << 20U);  // with the response cache
  ASSERT_FALSE(diags.has_errors());
  const std::string collects = "/api/v2/collects/2025-11-30?book=loc_2015&include=text";
  const std::string day = "/api/v2/days/2025-11-30?book=loc_2015";
  const api::Response old_collects = api.get(collects);
  const api::Response old_day = api.get(day);
  ASSERT_EQ(old_collects.status, 200) << old_collects.body;
  ASSERT_NE(old_collects.body.find("Coleta de teste para advent_1."), std::string::npos);
  const std::string old_version = data_version_of(old_collects.body);
  ASSERT_EQ(old_version.size(), 16U);

  // The same files again: the same data_version and ETags (a client's cache stays valid).
  ASSERT_TRUE(api::reload_state(api.state_slot(), with_packs).swapped);
  const api::Response same = api.get(collects);
  EXPECT_EQ(data_version_of(same.body), old_version);
  EXPECT_EQ(same.etag, old_collects.etag);
  EXPECT_EQ(api.get(day).etag, old_day.etag);

  // The operator corrects one collect's text: the answers say so, and old ETags stop matching.
  std::string pack = read_text(texts / "loc_2015/pt-BR.yaml");
  const std::string from = "Coleta de teste para advent_1.";
  pack.replace(pack.find(from), from.size(), "Coleta de teste corrigida para advent_1.");
  std::ofstream(texts / "loc_2015/pt-BR.yaml", std::ios::binary | std::ios::trunc) << pack;
  ASSERT_TRUE(api::reload_state(api.state_slot(), with_packs).swapped);
  const api::Response changed = api.get(collects);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_NE(changed.body.find("Coleta de teste corrigida para advent_1."), std::string::npos);
  EXPECT_NE(data_version_of(changed.body), old_version);
  EXPECT_EQ(data_version_of(changed.body).size(), 16U);
  EXPECT_NE(changed.etag, old_collects.etag);
  const auto revalidated = api.dispatcher().dispatch(
      api::make_request(api::Method::get, collects,
                        {{"X-API-Key", api.key()}, {"If-None-Match", old_collects.etag}}));
  EXPECT_EQ(revalidated.status, 200) << "an old ETag must not validate a changed answer";
  // Every answer of the book states the new data_version (its packs are part of what it serves).
  EXPECT_EQ(data_version_of(api.get(day).body), data_version_of(changed.body));
}

// The state's data_version covers the Bible store too: a different set of modules is another
// version, the same modules loaded twice the same one.
TEST(Reload, DataVersionFollowsTheBibleStore) {
  BooksDir dir;
  DiagnosticList diags;
  const auto engine = load_engine(std::string(KALENDAR_SOURCE_DIR) + "/rules",
                                  dir.book().parent_path().string(), diags);
  ASSERT_NE(engine, nullptr);
  const auto bibles = testing::shared_stack().app().bibles;  // the tiny test modules
  ASSERT_NE(bibles, nullptr);
  const auto without = api::make_app_state(engine, nullptr, nullptr, diags);
  const auto with = api::make_app_state(engine, bibles, nullptr, diags);
  const auto again = api::make_app_state(engine, bibles, nullptr, diags);
  ASSERT_TRUE(without && with && again);
  EXPECT_NE(with->data_version, without->data_version);
  EXPECT_EQ(with->data_version, again->data_version);
  const CompiledBook& book = **engine->find_book("loc_2015");
  EXPECT_NE(with->data_version_of(book), without->data_version_of(book));
  EXPECT_EQ(with->data_version_of(book), again->data_version_of(book));
  EXPECT_NE(with->data_version_of(book), book.data_version);  // more than the book's files
}

TEST(Reload, ConcurrentRequestsOverSeveralStatesNeverMixTwoStatesInOneAnswer) {
  BooksDir first;
  BooksDir renamed;
  renamed.edit("calendar.yaml", kOldName, kNewName);
  ExpectedAnswers expected;
  record_answers(first.build(), expected);
  record_answers(renamed.build(), expected);
  ASSERT_EQ(expected.size(), 2U);

  api::InProcessApi api(first.build(), 1U << 20U);
  AnswerJudge judge(expected);
  std::atomic<bool> reloading{true};
  std::vector<std::thread> clients;
  for (int c = 0; c < 4; ++c) {
    clients.emplace_back([&, c] {
      for (std::size_t i = static_cast<std::size_t>(c); reloading.load() || i < 40; ++i) {
        const std::string& target = kTargets[i % kTargets.size()];
        const api::Response r = api.get(target);
        judge.judge(target, r.status, r.body, r.etag);
      }
    });
  }
  reload_alternately(api.state_slot(), {&renamed, &first}, 6);
  reloading = false;
  for (auto& t : clients) t.join();
  EXPECT_EQ(api.state_slot().pin().generation, 7U);
  judge.expect_clean(2);
}

TEST(Reload, ConcurrentRequestsOverRealHttpNeverMixTwoStatesInOneAnswer) {
  BooksDir first;
  BooksDir renamed;
  renamed.edit("calendar.yaml", kOldName, kNewName);
  ExpectedAnswers expected;
  testing::ApiStack stack(testing::StackOptions{.bibles = false});
  // The stack's own dispatcher answers each state first, one at a time.
  for (const BooksDir* dir : {&first, &renamed}) {
    stack.state_slot().swap(dir->build());
    for (const auto& target : kTargets) {
      const api::Response r = stack.dispatch(target);
      ASSERT_EQ(r.status, 200) << target;
      expected[data_version_of(r.body)][target] = Expected{r.body, r.etag};
    }
  }
  ASSERT_EQ(expected.size(), 2U);

  AnswerJudge judge(expected);
  std::atomic<bool> reloading{true};
  std::vector<std::thread> clients;
  for (int c = 0; c < 3; ++c) {
    clients.emplace_back([&, c] {
      testing::TestClient client(stack.port());
      for (std::size_t i = static_cast<std::size_t>(c); reloading.load() || i < 30; ++i) {
        const std::string& target = kTargets[i % kTargets.size()];
        const testing::HttpReply r =
            client.request("GET", target, {{"X-API-Key", stack.key("all")}});
        judge.judge(target, r.status, r.body, r.header("etag"));
      }
    });
  }
  reload_alternately(stack.state_slot(), {&first, &renamed}, 4);
  reloading = false;
  for (auto& t : clients) t.join();
  judge.expect_clean(2);
  EXPECT_TRUE(stack.error_lines().empty());
}

}  // namespace
}  // namespace kalendar
