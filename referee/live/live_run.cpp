#include "live/live_run.hpp"

#include "common/error.hpp"
#include "common/json.hpp"
#include "live/page.hpp"

namespace oaq::live {

LiveRun::LiveRun(const std::string& listen, std::string kind, ServerOptions options)
    : observer_(feed_, std::move(kind)) {
    auto address = parse_listen_address(listen);
    if (!address) throw OaqError("--live " + address.error().message);
    options.address = address->address;
    options.port = address->port;
    server_ = std::make_unique<Server>(feed_, live_page(), options);
}

std::string LiveRun::announcement() const {
    std::string out;
    if (!is_loopback(server_->address()))
        out += "warning: the live page listens on " + server_->address() +
               ", not on a loopback address: every machine that can reach this one can watch "
               "the run\n";
    return out + "live page: " + server_->url() + "\n";
}

std::string LiveRun::announcement_json() const {
    Json j;
    j.field("type", "live").field("url", server_->url()).field("address", server_->address());
    return j.field("port", server_->port()).str();
}

}  // namespace oaq::live
