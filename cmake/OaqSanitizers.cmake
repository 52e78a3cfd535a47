# OAQ_SANITIZE=address,undefined (or thread) builds every target with those sanitizers.
set(OAQ_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined or thread")
if(OAQ_SANITIZE)
  add_compile_options(-fsanitize=${OAQ_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${OAQ_SANITIZE})
endif()
