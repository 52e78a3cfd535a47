# Run by CTest after the discovered-tests file: every engine test spawns processes.
if(oaq_engine_test_TESTS)
  set_tests_properties(${oaq_engine_test_TESTS} PROPERTIES LABELS integration TIMEOUT 120)
endif()
