# oaq_library(<name> [INTERFACE] <sources>...): the library oaq_<name> for the folder referee/<name>.
#
# Layering the build enforces: sources include each other as "<layer>/<file>.hpp", and a target
# sees a layer's headers only through that layer's own include directory, a folder of one link
# (build/layers/<name>/<name> -> referee/<name>). A target therefore reaches exactly the headers of
# itself and of the libraries it links: an include that goes the wrong way (store including
# engine, rules including protocol) fails to compile instead of working by accident.
function(oaq_library name)
  set(stage ${CMAKE_BINARY_DIR}/layers/${name})
  file(MAKE_DIRECTORY ${stage})
  if(NOT EXISTS ${stage}/${name})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/referee/${name} ${stage}/${name} SYMBOLIC)
  endif()
  if(ARGV1 STREQUAL "INTERFACE")
    add_library(oaq_${name} INTERFACE)
    target_include_directories(oaq_${name} INTERFACE $<BUILD_INTERFACE:${stage}>
                                                          $<INSTALL_INTERFACE:include/oaq>)
  else()
    add_library(oaq_${name} STATIC ${ARGN})
    target_include_directories(oaq_${name} PUBLIC $<BUILD_INTERFACE:${stage}>
                                                      $<INSTALL_INTERFACE:include/oaq>)
    oaq_warnings(oaq_${name})
  endif()
endfunction()
