# oaq_warnings(target): our own targets compile with strict warnings treated as errors.
# Third-party headers come in as SYSTEM includes, so their warnings never fail our build.
option(OAQ_WERROR "Treat warnings as errors in oaq targets" ON)
function(oaq_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wdouble-promotion
    -Wformat=2 -Wimplicit-fallthrough
    # GCC 12 reports false -Wrestrict positives inside libstdc++ string concatenation (PR105329).
    -Wno-restrict)
  if(OAQ_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
