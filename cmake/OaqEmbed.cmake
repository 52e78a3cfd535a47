# oaq_embed(<header> NAMESPACE <ns> FILES <file>... [MIGRATIONS])
#
# Compiles text files into a library: at build time cmake/embed_files.cmake writes <header> with
# every file as a C++ raw string, in the order given:
#   namespace <ns> {
#   struct EmbeddedFile { std::string_view name; std::string_view text; };
#   inline constexpr EmbeddedFile kFiles[] = {{"page.js", R"oaqembed(...)oaqembed"}, ...};
#   }
# so the oaq binary carries them and never looks for files at run time. The header is rewritten
# only when its content changes. MIGRATIONS also checks that the files are numbered database
# migrations (NNN_<lower_snake_case>.sql, numbered 1, 2, 3, ... without gaps or repeats).
# Add <header> to the library's sources and its folder to the include path.
set(OAQ_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_files.cmake)

function(oaq_embed header)
  cmake_parse_arguments(ARG "MIGRATIONS" "NAMESPACE" "FILES" ${ARGN})
  if(NOT ARG_NAMESPACE OR NOT ARG_FILES)
    message(FATAL_ERROR "oaq_embed(${header}): NAMESPACE and FILES are required")
  endif()
  set(check "")
  if(ARG_MIGRATIONS)
    set(check "-DMIGRATIONS=1")
  endif()
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} "-DOUTPUT=${header}" "-DNAMESPACE=${ARG_NAMESPACE}"
            "-DSOURCES=${ARG_FILES}" ${check} -P ${OAQ_EMBED_SCRIPT}
    DEPENDS ${ARG_FILES} ${OAQ_EMBED_SCRIPT}
    COMMENT "Embedding ${ARG_NAMESPACE}"
    VERBATIM)
endfunction()
