# kalendar_set_warnings(target): the project's warning set, applied per target so that third-party
# headers (included as SYSTEM through imported targets) stay quiet.
function(kalendar_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
    -Wnon-virtual-dtor -Woverloaded-virtual -Wcast-qual -Wformat=2 -Wimplicit-fallthrough
    -Wundef -Wnull-dereference
    $<$<CXX_COMPILER_ID:GNU>:-Wduplicated-cond -Wlogical-op>)
  if(KALENDAR_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
