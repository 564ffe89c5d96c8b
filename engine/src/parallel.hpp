// Runs independent pieces of start-up work (reading YAML files, compiling books) on every core.
//
// Example:
//   detail::run_in_parallel(files.size(), [&](std::size_t i) { trees[i] = parse(files[i]); });
#pragma once

#include <cstddef>
#include <functional>

namespace kalendar::detail {

// Calls work(0..count-1), each index once, on up to hardware_concurrency threads (the calling
// thread included). An exception thrown by a call is rethrown here once all threads finished.
void run_in_parallel(std::size_t count, const std::function<void(std::size_t)>& work);

}  // namespace kalendar::detail
