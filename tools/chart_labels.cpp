#include "chart_labels.hpp"

namespace kalendar::tools {
namespace {

const ChartLabels kEnglish{
    {"January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"},
    "Legend",
    "Colours",
    "Seasons",
    "Marks",
    "transferred from",
    "moved to",
    "commemorated",
    "changed",
    "compared with",
};

const ChartLabels kPortuguese{
    {"Janeiro", "Fevereiro", "Março", "Abril", "Maio", "Junho", "Julho", "Agosto", "Setembro",
     "Outubro", "Novembro", "Dezembro"},
    "Legenda",
    "Cores",
    "Tempos",
    "Sinais",
    "transferida de",
    "transferida para",
    "comemorada",
    "alterado",
    "comparado com",
};

}  // namespace

const ChartLabels& chart_labels(std::string_view lang) {
  // The primary subtag decides: pt-BR and pt-PT share month names.
  const std::string_view primary = lang.substr(0, lang.find('-'));
  if (primary == "pt") return kPortuguese;
  return kEnglish;
}

}  // namespace kalendar::tools
