// The live page: one HTML document with everything inlined (the report's style sheet and board,
// live.css and live.js, embedded in the binary at build time), so it works with no internet
// access and no file is read to serve it. It holds no data: the script reads the events.
#pragma once

#include <string>

namespace oaq::live {

std::string live_page();

}  // namespace oaq::live
