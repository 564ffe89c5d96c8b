#include "kalendar/result.hpp"

namespace kalendar {

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = d.loc.file.empty() ? std::string("<input>") : d.loc.file;
  if (d.loc.line > 0) {
    out += ':' + std::to_string(d.loc.line);
    if (d.loc.column > 0) out += ':' + std::to_string(d.loc.column);
  }
  out += d.severity == Severity::error ? ": error: " : ": warning: ";
  out += d.message;
  return out;
}

}  // namespace kalendar
