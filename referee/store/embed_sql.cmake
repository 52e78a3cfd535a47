# cmake -DOUTPUT=<header> -DSOURCES="<a.sql;b.sql;...>" -P embed_sql.cmake
# Turns each numbered migration (db/NNN_<what>.sql) into a C++ raw string in one generated header,
# so the oaq binary carries its schema and never looks for files at run time. Fails the build when
# the numbers are not 1, 2, 3, ... without gaps or repeats.
list(SORT SOURCES)
set(entries "")
set(expected 1)
foreach(source ${SOURCES})
  get_filename_component(file ${source} NAME)
  if(NOT file MATCHES "^([0-9][0-9][0-9])_[a-z0-9_]+\\.sql$")
    message(FATAL_ERROR "${file}: migrations are named NNN_<lower_snake_case>.sql")
  endif()
  math(EXPR version "${CMAKE_MATCH_1}")
  if(NOT version EQUAL expected)
    message(FATAL_ERROR "${file}: expected migration number ${expected}, found ${version}")
  endif()
  file(READ ${source} sql)
  if(sql MATCHES "\\)oaqsql\"")
    message(FATAL_ERROR "${file}: contains the raw-string delimiter )oaqsql\"")
  endif()
  string(APPEND entries "    {${version}, \"${file}\", R\"oaqsql(${sql})oaqsql\"},\n")
  math(EXPR expected "${expected} + 1")
endforeach()
if(expected EQUAL 1)
  message(FATAL_ERROR "no migrations found")
endif()
set(content "// Generated from db/*.sql by referee/store/embed_sql.cmake at build time. Do not edit.
#pragma once

#include <string_view>

namespace oaq::store::generated {

struct EmbeddedMigration {
    int version;
    std::string_view file;
    std::string_view sql;
};

inline constexpr EmbeddedMigration kMigrations[] = {
${entries}};

}  // namespace oaq::store::generated
")
# Rewrite only on change, so an unrelated reconfigure does not rebuild the store.
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE ${OUTPUT} "${content}")
