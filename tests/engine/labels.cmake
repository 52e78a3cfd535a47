# Run by CTest after the discovered-tests file: the engine tests tagged [integration] spawn real
# processes, so they get the integration label and a timeout; the others are unit tests on the fake.
# CTest reads this file under old policies: set today's for it alone.
cmake_policy(PUSH)
cmake_policy(VERSION 3.25)
if(oaq_engine_test_TESTS AND EXISTS "${oaq_engine_test_EXE}")
  execute_process(COMMAND "${oaq_engine_test_EXE}" "[integration]" --list-test-names-only
    OUTPUT_VARIABLE integration)
  string(REPLACE "\n" ";" integration "${integration}")
  foreach(test IN LISTS oaq_engine_test_TESTS)
    string(REGEX REPLACE "^oaq_engine_test: ?" "" name "${test}")
    if(name IN_LIST integration)
      set_tests_properties("${test}" PROPERTIES LABELS integration TIMEOUT 120)
    endif()
  endforeach()
endif()
cmake_policy(POP)
