# oaq_add_subdirectories(): adds every direct subfolder of the current source folder that has a
# CMakeLists.txt, in name order (tests/ and bench/ hold one folder per library or benchmark).
function(oaq_add_subdirectories)
  file(GLOB children RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*)
  list(SORT children)
  foreach(dir ${children})
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/CMakeLists.txt)
      add_subdirectory(${dir})
    endif()
  endforeach()
endfunction()
