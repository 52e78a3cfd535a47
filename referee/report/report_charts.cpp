// The report's two SVG charts, drawn in C++ so they read without the page's script.
#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "report/report_parts.hpp"
#include "report/report_words.hpp"

namespace oaq::report {

namespace {

using tournament::RatingStatus;

constexpr const char* kPalette[] = {"#0969da", "#cf222e", "#1a7f37", "#8250df", "#bc4c00",
                                    "#1b7c83", "#bf3989", "#4d2d00", "#57606a", "#0550ae"};

double nice_step(double span, double ticks) {
    for (double step : {1.0, 2.0, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0,
                        2000.0, 5000.0, 10000.0}) {
        if (span / step <= ticks) return step;
    }
    return 20000.0;
}

std::string colour(std::size_t i) {
    return kPalette[i % (sizeof kPalette / sizeof kPalette[0])];
}

}  // namespace

// Horizontal chart: one row per engine, a dot at the rating and whiskers over the 95% interval.
std::string rating_chart_svg(const ReportData& d) {
    double lo = 0, hi = 0;
    for (const auto& l : d.standings) {
        if (!tournament::is_rated(l.rating)) continue;
        lo = std::min(lo, l.rating.rating - l.rating.error);
        hi = std::max(hi, l.rating.rating + l.rating.error);
    }
    const double step = std::max(10.0, nice_step(std::max(hi - lo, 1.0), 8));
    lo = std::floor(lo / step) * step;
    hi = std::ceil(hi / step) * step;
    if (hi - lo < step) hi = lo + step;
    const int left = 150, right = 190, width = 820, row = 30, top = 14;
    const int plot = width - left - right;
    const int rows = static_cast<int>(d.standings.size());
    const int height = top + row * rows + 30;
    auto x = [&](double elo) { return left + (elo - lo) / (hi - lo) * plot; };
    std::string out = fmt::format(
        "<svg class=\"chart\" id=\"rating-chart\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
        "height=\"{1}\" role=\"img\" aria-label=\"ratings with 95% intervals\">\n",
        width, height);
    const int axis_y = top + row * rows + 4;
    for (double v = lo; v <= hi + 1e-9; v += step) {
        out += fmt::format(
            "<line class=\"{}\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/>"
            "<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:+.0f}</text>\n",
            std::abs(v) < 1e-9 ? "zero" : "gridline", x(v), x(v), top - 6, axis_y, x(v),
            axis_y + 16, v == 0.0 ? 0.0 : v);
    }
    for (std::size_t i = 0; i < d.standings.size(); ++i) {
        const auto& l = d.standings[i];
        const auto& r = l.rating;
        const int y = top + row * static_cast<int>(i) + row / 2;
        out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}. {}</text>\n", left - 10,
                           y + 4, l.rank, html_escape(l.engine));
        const auto phrase = html_escape(rating_phrase(r));
        if (!tournament::is_rated(r)) {
            out += fmt::format("<text class=\"value unrated\" x=\"{}\" y=\"{}\">{}</text>\n",
                               width - right + 12, y + 4, phrase);
            continue;
        }
        const double a = x(r.rating - r.error), b = x(r.rating + r.error);
        out += fmt::format(
            "<g class=\"bar{}\"><title>{}: {}</title>"
            "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"10\" rx=\"5\"/>"
            "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/><line x1=\"{:.1f}\" "
            "x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/>"
            "<circle cx=\"{:.1f}\" cy=\"{}\" r=\"6\"/></g>"
            "<text class=\"value\" x=\"{}\" y=\"{}\">{}</text>\n",
            r.status == RatingStatus::Disconnected ? " disconnected" : "", html_escape(l.engine),
            phrase, a, y - 5, std::max(b - a, 1.0), a, a, y - 8, y + 8, b, b, y - 8, y + 8,
            x(r.rating), y, width - right + 12, y + 4, phrase);
    }
    return out + "</svg>\n";
}

namespace {

struct Frame {
    int left = 56, right = 150, top = 14, bottom = 34, width = 820, height = 300;
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    double x(double v) const { return left + (v - x0) / (x1 - x0) * (width - left - right); }
    double y(double v) const { return top + (y1 - v) / (y1 - y0) * (height - top - bottom); }
};

Frame history_frame(const ReportData& d) {
    Frame f;
    double lo = 0, hi = 0;
    for (const auto& p : d.rating_history)
        for (const auto& r : p.ratings)
            if (r) {
                lo = std::min(lo, *r);
                hi = std::max(hi, *r);
            }
    const double step = nice_step(std::max(hi - lo, 10.0), 6);
    f.y0 = std::floor(lo / step) * step;
    f.y1 = std::max(std::ceil(hi / step) * step, f.y0 + step);
    f.x1 = static_cast<double>(std::max<std::int64_t>(1, d.rating_history.back().games));
    return f;
}

std::string history_axes(const Frame& f) {
    std::string out;
    const double ystep = nice_step(f.y1 - f.y0, 6);
    for (double v = f.y0; v <= f.y1 + 1e-9; v += ystep) {
        out += fmt::format(
            "<line class=\"{}\" x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>"
            "<text class=\"tick y\" x=\"{}\" y=\"{:.1f}\">{:+.0f}</text>\n",
            std::abs(v) < 1e-9 ? "zero" : "gridline", f.left, f.width - f.right, f.y(v), f.y(v),
            f.left - 6, f.y(v) + 4, v == 0.0 ? 0.0 : v);
    }
    const double xstep = std::max(1.0, nice_step(f.x1, 8));
    for (double v = 0; v <= f.x1 + 1e-9; v += xstep) {
        out += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:.0f}</text>\n", f.x(v),
                           f.height - f.bottom + 16, v);
    }
    return out + fmt::format("<text class=\"axis\" x=\"{}\" y=\"{}\">games</text>\n",
                             f.width - f.right, f.height - 4);
}

}  // namespace

// One line per engine: its rating after the first n stored games; a gap where it had none.
std::string history_chart_svg(const ReportData& d) {
    const bool any_rating =
        std::any_of(d.rating_history.begin(), d.rating_history.end(), [](const RatingPoint& p) {
            return std::any_of(p.ratings.begin(), p.ratings.end(),
                               [](const auto& r) { return r.has_value(); });
        });
    if (!any_rating)
        return "<p class=\"note\" id=\"history-none\">No engine has had a finite rating yet "
               "(each won or lost every game so far).</p>\n";
    const Frame f = history_frame(d);
    std::string out = fmt::format(
        "<svg class=\"chart\" id=\"history-chart\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
        "height=\"{1}\" role=\"img\" aria-label=\"ratings after each stretch of games\">\n",
        f.width, f.height);
    out += history_axes(f);
    for (std::size_t e = 0; e < d.engines.size(); ++e) {
        std::vector<std::pair<double, double>> run;  // points without a gap
        auto flush = [&] {
            std::string points;
            for (const auto& [px, py] : run)
                points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", px, py);
            if (run.size() > 1)
                out += fmt::format("<polyline points=\"{}\" stroke=\"{}\"/>", points, colour(e));
            else if (run.size() == 1)
                out += fmt::format("<circle r=\"2.5\" cx=\"{:.1f}\" cy=\"{:.1f}\" fill=\"{}\"/>",
                                   run[0].first, run[0].second, colour(e));
            run.clear();
        };
        out += fmt::format("<g class=\"series\" data-engine=\"{}\"><title>{}</title>",
                           html_escape(d.engines[e]), html_escape(d.engines[e]));
        for (const auto& p : d.rating_history) {
            if (p.ratings[e])
                run.emplace_back(f.x(static_cast<double>(p.games)), f.y(*p.ratings[e]));
            else
                flush();
        }
        flush();
        out += fmt::format(
            "</g><rect class=\"key\" x=\"{}\" y=\"{}\" width=\"12\" height=\"4\" fill=\"{}\"/>"
            "<text class=\"legend\" x=\"{}\" y=\"{}\">{}</text>\n",
            f.width - f.right + 12, f.top + 16 * static_cast<int>(e) + 2, colour(e),
            f.width - f.right + 30, f.top + 16 * static_cast<int>(e) + 8,
            html_escape(d.engines[e]));
    }
    return out + "</svg>\n";
}

}  // namespace oaq::report
