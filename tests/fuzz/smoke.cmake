# The fuzz smokes of the test run: each target of a TILELAB_FUZZ build tree (scripts/test.sh makes
# build-san) runs for TILELAB_FUZZ_SECONDS as one ctest test, failing on any finding; every input
# they ever found is replayed besides by the ordinary test of tests/data/fuzz (docs/testing.md).
set(TILELAB_FUZZ_SECONDS 20 CACHE STRING "Seconds each fuzz target runs in the test run")
foreach(name reader play)
  add_test(NAME "fuzz: ${name} (${TILELAB_FUZZ_SECONDS} s)"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh ${TILELAB_FUZZ_BUILD_DIR}/bin/fuzz_${name}
                   ${TILELAB_FUZZ_SECONDS} ${PROJECT_BINARY_DIR}/fuzz/${name})
  set_tests_properties("fuzz: ${name} (${TILELAB_FUZZ_SECONDS} s)" PROPERTIES TIMEOUT 600 COST 20)
endforeach()
