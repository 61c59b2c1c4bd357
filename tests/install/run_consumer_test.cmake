# Driven by ctest (cmake -P): install BUILD_DIR into WORK_DIR/prefix, configure and build the consumer
# against that prefix alone, run it on LEVEL, and check that it used the installed package.
foreach(var BUILD_DIR WORK_DIR CONSUMER_SOURCE LEVEL CXX_COMPILER GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer_test.cmake needs -D${var}=...")
  endif()
endforeach()

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${step} failed (${status}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(installed include/tilelab/analysis/game.hpp include/tilelab/io/level_io.hpp include/tilelab/kinds/table.hpp)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "cmake --install did not install ${installed}")
  endif()
endforeach()
# Only the runtime layers' headers (docs/architecture.md): not the kinds' own, the services' or the report's.
foreach(internal include/tilelab/match3/match3.hpp include/tilelab/pack/pack.hpp include/tilelab/analysis/aim.hpp
                 include/tilelab/pack/report.hpp include/tilelab/palette.hpp)
  if(EXISTS ${prefix}/${internal})
    message(FATAL_ERROR "cmake --install installed ${internal}, which is not a runtime header")
  endif()
endforeach()
# Every installed header compiles in the consumer, with the prefix alone: none includes a header
# that was not installed.
file(GLOB_RECURSE installed_headers RELATIVE ${prefix}/include ${prefix}/include/tilelab/*.hpp)
set(all_headers "// Every header cmake --install put under include/tilelab (run_consumer_test.cmake).\n")
foreach(header ${installed_headers})
  string(APPEND all_headers "#include <${header}>\n")
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
file(WRITE ${WORK_DIR}/all_headers.cpp "${all_headers}")

# Only the prefix is searched: no package registry, no source tree.
run("configuring the consumer" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE} -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DTILELAB_ALL_HEADERS=${WORK_DIR}/all_headers.cpp)
string(FIND "${last_output}" "tilelab package: ${prefix}/" found_at)
if(found_at EQUAL -1)
  message(FATAL_ERROR "the consumer did not find the installed package:\n${last_output}")
endif()
run("building the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run("running the consumer" ${WORK_DIR}/build/tilelab_consumer ${LEVEL})
message(STATUS "${last_output}")
if(NOT last_output MATCHES "played ")
  message(FATAL_ERROR "the consumer did not play a move:\n${last_output}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
