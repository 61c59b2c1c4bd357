# The fuzz smokes of the test run: each target of a TILELAB_FUZZ build tree (scripts/test.sh makes
# build-san) runs for TILELAB_FUZZ_SECONDS as one ctest test, failing on any finding; every input
# they ever found is replayed besides by the ordinary test of tests/data/fuzz (docs/testing.md).
# Four targets at 5 s each keep the test run under its 12 minutes (docs/testing.md).
set(TILELAB_FUZZ_SECONDS 5 CACHE STRING "Seconds each fuzz target runs in the test run")
# A tree whose cache holds an earlier default (20 s for two targets, 10 s for four) moves to 5 once.
if((TILELAB_FUZZ_SECONDS STREQUAL "20" OR TILELAB_FUZZ_SECONDS STREQUAL "10") AND NOT TILELAB_FUZZ_SECONDS_5)
  set(TILELAB_FUZZ_SECONDS 5 CACHE STRING "Seconds each fuzz target runs in the test run" FORCE)
endif()
set(TILELAB_FUZZ_SECONDS_5 ON CACHE INTERNAL "TILELAB_FUZZ_SECONDS was moved to the 5 s default")
foreach(name reader play merge calibration)
  add_test(NAME "fuzz: ${name} (${TILELAB_FUZZ_SECONDS} s)"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh ${TILELAB_FUZZ_BUILD_DIR}/bin/fuzz_${name}
                   ${TILELAB_FUZZ_SECONDS} ${PROJECT_BINARY_DIR}/fuzz/${name})
  set_tests_properties("fuzz: ${name} (${TILELAB_FUZZ_SECONDS} s)" PROPERTIES TIMEOUT 600 COST ${TILELAB_FUZZ_SECONDS})
endforeach()
