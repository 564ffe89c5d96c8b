// Engine and request-path benchmarks: compiling books, resolving a whole year, looking up a
// cached day, a 366-day range, the catalogue search, and a full in-process GET through the
// dispatcher (parameters, auth, engine, JSON, ETag) without sockets.
//   build/bench/kalendar_bench --benchmark_min_time=1
#include "app/app_state.hpp"
#include "app/in_process.hpp"

#include "kalendar/engine.hpp"
#include "kalendar/library.hpp"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

namespace {

using namespace kalendar;

std::shared_ptr<const Library> library() {
  static const std::shared_ptr<const Library> lib = [] {
    DiagnosticList diags;
    return load_library(
        LibrarySources::from_dirs(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books"),
        diags);
  }();
  return lib;
}

void BM_CompileAllBooks(benchmark::State& state) {
  for (auto _ : state) {
    DiagnosticList diags;
    auto lib = load_library(
        LibrarySources::from_dirs(KALENDAR_SOURCE_DIR "/rules", KALENDAR_SOURCE_DIR "/books"),
        diags);
    benchmark::DoNotOptimize(lib);
  }
}
BENCHMARK(BM_CompileAllBooks)->Unit(benchmark::kMillisecond);

// A whole liturgical year resolved from scratch, for every book: the years walk 3000..4000, far
// more than the book's bounded cache keeps (kPlanCacheCapacity), so each iteration runs the
// full plan (seasons, candidates, precedence, transfers, colours, fasts).
void BM_ResolveWholeYear(benchmark::State& state, std::string code) {
  const CompiledBook* book = library()->find(code);
  int year = 3000;
  for (auto _ : state) {
    auto plan = book->year_plan(year);
    benchmark::DoNotOptimize(plan);
    year = year == 4000 ? 3000 : year + 1;
  }
}

// One day of a year nobody asked for before (2300..4000, never in the cache): a plan built
// and the day read from it.
void BM_DayOfAnUncachedYear(benchmark::State& state, std::string code) {
  const Engine engine(library());
  int year = 2300;
  for (auto _ : state) {
    auto day = engine.day(code, CivilDate{date::year{year} / 6 / 15});
    benchmark::DoNotOptimize(day);
    year = year == 4000 ? 2300 : year + 1;
  }
}

const bool kPerBookBenchmarksRegistered = [] {
  for (const auto& book : library()->books()) {
    const std::string code = book->code;
    benchmark::RegisterBenchmark(("BM_ResolveWholeYear/" + code).c_str(), BM_ResolveWholeYear, code)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("BM_DayOfAnUncachedYear/loc_2015", BM_DayOfAnUncachedYear,
                               std::string("loc_2015"))
      ->Unit(benchmark::kMicrosecond);
  return true;
}();

void BM_CachedDay(benchmark::State& state) {
  const Engine engine(library());
  Days d{date::year{2026} / 1 / 1};
  for (auto _ : state) {
    auto day = engine.day("loc_2015", to_civil(d));
    benchmark::DoNotOptimize(day);
    d += date::days{1};
    if (d > Days{date::year{2026} / 12 / 31}) d = Days{date::year{2026} / 1 / 1};
  }
}
BENCHMARK(BM_CachedDay);

void BM_Range366(benchmark::State& state) {
  const Engine engine(library());
  for (auto _ : state) {
    auto days = engine.range("loc_2015", CivilDate{date::year{2024} / 1 / 1},
                             CivilDate{date::year{2024} / 12 / 31});
    benchmark::DoNotOptimize(days);
  }
}
BENCHMARK(BM_Range366)->Unit(benchmark::kMicrosecond);

// The whole request path in-process (server/app/in_process.hpp), without sockets.
api::InProcessApi& in_process(bool cached) {
  static auto app = [] {
    DiagnosticList diags;
    return api::make_app_state(std::make_shared<const Engine>(library()), nullptr, nullptr, diags);
  }();
  static api::InProcessApi uncached(app, 0);
  static api::InProcessApi with_cache(app, 8U << 20U);
  return cached ? with_cache : uncached;
}

// Every request computed afresh (the response cache off): the handler's full cost.
void BM_DispatchGet(benchmark::State& state, const char* target) {
  api::InProcessApi& server = in_process(false);
  const api::Request request =
      api::make_request(api::Method::get, target, {{"X-API-Key", server.key()}});
  std::size_t bytes = 0;
  for (auto _ : state) {
    api::Response r = server.dispatcher().dispatch(request);
    bytes = r.body.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["body_bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(BM_DispatchGet, day, "/api/v2/days/2025-11-30?book=loc_2015");
BENCHMARK_CAPTURE(BM_DispatchGet, day_with_readings_and_collect,
                  "/api/v2/days/2025-11-30?book=loc_2015&include=readings,collect,celebrations");
BENCHMARK_CAPTURE(BM_DispatchGet, explanation,
                  "/api/v2/liturgical-explanations/2025-11-30?book=loc_2015");
BENCHMARK_CAPTURE(BM_DispatchGet, year_of_days, "/api/v2/days?book=loc_2015&year=2026")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DispatchGet, year_2350, "/api/v2/days?book=loc_2015&year=2350")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_DispatchGet, catalogue_search, "/api/v2/celebrations?book=loc_2015&q=jose")
    ->Unit(benchmark::kMicrosecond);

// A whole year of days of years never asked before (2300..4000 in turn, the response cache
// off): plans built, days serialised; what the first client asking for such a year waits for.
void BM_DispatchUncachedYear(benchmark::State& state) {
  api::InProcessApi& server = in_process(false);
  std::vector<api::Request> requests;
  for (int year = 2300; year <= 4000; ++year) {
    requests.push_back(api::make_request(api::Method::get,
                                         "/api/v2/days?book=loc_2015&year=" + std::to_string(year),
                                         {{"X-API-Key", server.key()}}));
  }
  std::size_t next = 0;
  for (auto _ : state) {
    api::Response r = server.dispatcher().dispatch(requests[next]);
    benchmark::DoNotOptimize(r);
    next = (next + 1) % requests.size();
  }
}
BENCHMARK(BM_DispatchUncachedYear)->Unit(benchmark::kMicrosecond);

// The same request repeated with the per-thread response cache on (the server's default).
void BM_DispatchGetCached(benchmark::State& state, const char* target) {
  api::InProcessApi& server = in_process(true);
  const api::Request request =
      api::make_request(api::Method::get, target, {{"X-API-Key", server.key()}});
  for (auto _ : state) {
    api::Response r = server.dispatcher().dispatch(request);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK_CAPTURE(BM_DispatchGetCached, day, "/api/v2/days/2025-11-30?book=loc_2015");

}  // namespace
