# Driven by ctest (cmake -P): install BUILD_DIR into WORK_DIR/prefix, configure and build the consumer
# against that prefix alone (as a C++17 project), run it on LEVEL and on a bundle of PACK, build it
# again with pkg-config, and check that an older standard meets one clear message.
foreach(var BUILD_DIR WORK_DIR CONSUMER_SOURCE LEVEL PACK VECTORS CXX_COMPILER GENERATOR MCS MONO)
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
  set(last_errors "${err}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(installed include/tilelab/analysis/game.hpp include/tilelab/io/level_io.hpp include/tilelab/kinds/table.hpp
                  lib/pkgconfig/tilelab.pc lib/pkgconfig/tilelab-core.pc lib/cmake/tilelab/tilelabConfig.cmake
                  include/tilelab.h lib/libtilelab.so share/tilelab/csharp/Tilelab.cs
                  share/tilelab/schema/level.schema.json share/tilelab/schema/bundle.schema.json
                  share/tilelab/schema/apply.schema.json share/tilelab/schema/analyze.schema.json)
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

# Only the prefix is searched: no package registry, no source tree. The consumer is a C++17
# project: the package says that tilelab requires C++20, and the targets that link tilelab::core
# build as C++20 (the headers' own check, board/cxx20.hpp, would stop an older standard).
run("configuring the consumer" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE} -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DTILELAB_ALL_HEADERS=${WORK_DIR}/all_headers.cpp -DCMAKE_CXX_STANDARD=17)
string(FIND "${last_output}" "tilelab package: ${prefix}/" found_at)
if(found_at EQUAL -1)
  message(FATAL_ERROR "the consumer did not find the installed package:\n${last_output}")
endif()
if(NOT last_errors MATCHES "tilelab requires C\\+\\+20: this project asks for C\\+\\+17")
  message(FATAL_ERROR "a C++17 consumer was not told that tilelab requires C++20:\n${last_errors}")
endif()
run("building the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run("running the consumer" ${WORK_DIR}/build/tilelab_consumer ${LEVEL})
message(STATUS "${last_output}")
if(NOT last_output MATCHES "played ")
  message(FATAL_ERROR "the consumer did not play a move:\n${last_output}")
endif()
run("running the C consumer built with tilelab::c" ${WORK_DIR}/build/tilelab_c_consumer ${LEVEL} 0,4:1,4)
if(NOT last_output MATCHES "events 0 \\[" OR NOT last_output MATCHES "copy same")
  message(FATAL_ERROR "the C consumer (tilelab::c) did not play the move:\n${last_output}")
endif()

# A bundle written by the installed CLI loads through load_bundle, every level of it.
run("exporting the demo pack" ${prefix}/bin/tilelab pack export ${PACK} -o ${WORK_DIR}/demo.bundle.json
    --runs 20 --bot greedy --no-cache)
run("loading the bundle" ${WORK_DIR}/build/tilelab_consumer --bundle ${WORK_DIR}/demo.bundle.json)
message(STATUS "${last_output}")
if(NOT last_output MATCHES "bundle 'Demo': [0-9]+ levels, [0-9]+ summaries")
  message(FATAL_ERROR "the consumer did not load the bundle:\n${last_output}")
endif()

# Without CMake: pkg-config gives the flags and libraries (C++20 included).
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
execute_process(COMMAND pkg-config --cflags --libs tilelab-core RESULT_VARIABLE status OUTPUT_VARIABLE flags
                ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT status EQUAL 0 OR NOT flags MATCHES "-std=c\\+\\+20" OR NOT flags MATCHES "-ltilelab_core")
  message(FATAL_ERROR "pkg-config tilelab-core: ${status} '${flags}' ${err}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run("building with pkg-config" ${CXX_COMPILER} -O1 ${CONSUMER_SOURCE}/main.cpp -o ${WORK_DIR}/pc_consumer ${flags})
run("running the pkg-config build" ${WORK_DIR}/pc_consumer ${LEVEL})
if(NOT last_output MATCHES "played ")
  message(FATAL_ERROR "the pkg-config build did not play a move:\n${last_output}")
endif()
# An older standard meets one clear message, not errors deep in a template.
file(WRITE ${WORK_DIR}/cxx17.cpp "#include <tilelab/kinds/table.hpp>\nint main() { return 0; }\n")
execute_process(COMMAND ${CXX_COMPILER} -std=c++17 -fsyntax-only -I${prefix}/include ${WORK_DIR}/cxx17.cpp
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
# The #error, then the compile ends (the missing include board/cxx20.hpp names is fatal).
string(REGEX MATCHALL "error:" errors "${err}")
list(LENGTH errors error_count)
string(REGEX MATCH "error:[^\n]*" first_error "${err}")
if(status EQUAL 0 OR NOT first_error MATCHES "tilelab requires C\\+\\+20" OR error_count GREATER 2)
  message(FATAL_ERROR "compiled as C++17, a tilelab header gave (${status}, ${error_count} errors):\n${err}")
endif()

# The C API: a C program built with `pkg-config tilelab` against the installed tilelab.h and
# libtilelab.so alone plays every play vector (runtime_vectors.py compares it with the vectors and with
# the installed CLI's `apply --json`).
execute_process(COMMAND pkg-config --cflags --libs tilelab RESULT_VARIABLE status OUTPUT_VARIABLE cflags
                ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT status EQUAL 0 OR NOT cflags MATCHES "-ltilelab( |$)")
  message(FATAL_ERROR "pkg-config tilelab: ${status} '${cflags}' ${err}")
endif()
separate_arguments(cflags UNIX_COMMAND "${cflags}")
run("building the C consumer" cc -std=c99 -Wall -Wextra -Werror ${CONSUMER_SOURCE}/../c_consumer/main.c -o ${WORK_DIR}/c_consumer ${cflags})
set(ENV{LD_LIBRARY_PATH} ${prefix}/lib)
set(python python3)
if(EXISTS /usr/bin/python3)
  set(python /usr/bin/python3)  # Debian's: a version manager's shim starts many times slower
endif()
run("playing the vectors through the C API" ${python} ${CONSUMER_SOURCE}/../runtime_vectors.py ${WORK_DIR}/c_consumer
    ${prefix}/bin/tilelab ${VECTORS} ${WORK_DIR} "C API" ${CONSUMER_SOURCE}/../../../levels/samples)
message(STATUS "${last_output}")

# C#: the installed P/Invoke binding (share/tilelab/csharp/Tilelab.cs), as a Unity project holds it,
# compiled with Mono's mcs and run under mono on every play vector, as the C consumer was.
if(MCS AND MONO)
  run("compiling the C# consumer" ${MCS} -nologo -warnaserror -out:${WORK_DIR}/consumer.exe
      ${prefix}/share/tilelab/csharp/Tilelab.cs ${CONSUMER_SOURCE}/../csharp_consumer/Consumer.cs)
  run("playing the vectors through C#" ${python} ${CONSUMER_SOURCE}/../runtime_vectors.py "${MONO} ${WORK_DIR}/consumer.exe"
      ${prefix}/bin/tilelab ${VECTORS} ${WORK_DIR} "C# (Mono)" ${CONSUMER_SOURCE}/../../../levels/samples)
  message(STATUS "${last_output}")
else()
  message(FATAL_ERROR "no mcs or mono (scripts/setup.sh installs mono-mcs and mono-runtime): the C# binding is not tested")
endif()
# The installed JSON Schemas on their own: valid, their references resolved from the installed folder
# alone (no registry, no network), the sample level and the demo bundle exported above validated
# (check_folder.py).
run("checking the installed schemas" ${python} ${CONSUMER_SOURCE}/../../schema/check_folder.py
    ${prefix}/share/tilelab/schema ${LEVEL} ${WORK_DIR}/demo.bundle.json)
message(STATUS "${last_output}")

# libtilelab.so exports the C API alone.
execute_process(COMMAND nm -D --defined-only ${prefix}/lib/libtilelab.so OUTPUT_VARIABLE symbols)
string(REGEX MATCHALL " T [^\n]+" exported "${symbols}")
foreach(symbol IN LISTS exported)
  if(NOT symbol MATCHES "^ T tl_")
    message(FATAL_ERROR "libtilelab.so exports${symbol}, which is not the C API's")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
