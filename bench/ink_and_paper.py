"""Paper and ink per kit: the pages ganging saves, the ink the ink saver saves, the pages a
gutter-fold kit prints; and the time of a press export (PDF/X-4):

    python -m bench.ink_and_paper                      # every game, in French
    python -m bench.ink_and_paper green-jersey --lang de

Pages are those a kit prints at home: cards.pdf, pieces.pdf and the boards' tiles (the rulebook and
the cover do not change). Ink is the mean coverage of those pages (1 - luminance of PDFium's render at
24 dpi, pnp.export.coverage). Prints one JSON object per kit.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from pnp.build import BuildOptions
from pnp.export import ExportOptions, export_game
from pnp.export.coverage import ink_saving, with_plans
from pnp.layout.savings import ganging, printed
from pnp.paths import data_dir

GAMES = ("green-jersey", "maillot-jaune", "flamme-rouge-variants", "tour-de-france-mb", "tour-de-france-quiz")


def figures(game: str, lang: str) -> dict:
    folder = data_dir() / game
    options = BuildOptions(out=Path("."), lang=lang)
    fold = replace(options, gutter_fold=True)
    (gang, plain), (_, folded) = with_plans(folder, [options, fold], lambda plan: (ganging(plan.documents()),
                                                                                   printed(plan)))
    ink = ink_saving(folder, options)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        press = export_game(folder, "press", ExportOptions(out=Path(tmp), lang=lang))
        press_s = time.perf_counter() - t0
    return {
        "game": game, "lang": lang,
        "ganging": {"pages": gang.pages, "pages_one_kind_per_sheet": gang.separate, "pages_saved": gang.saved},
        "ink_saver": {"pages": ink.after.pages, "pages_saved": ink.before.pages - ink.after.pages,
                      "coverage_before": round(ink.before.mean, 4), "coverage_after": round(ink.after.mean, 4),
                      "ink_saved": round(ink.saved, 3),
                      "files": {name: [round(sum(ink.before.files[name]) / len(pages), 4),
                                       round(sum(pages) / len(pages), 4)]
                                for name, pages in ink.after.files.items() if pages != ink.before.files[name]}},
        "gutter_fold": {name: {"pages": folded[name][0], "sheets": folded[name][1], "duplex_pages": plain[name][0],
                               "duplex_sheets": plain[name][1]}
                        for name in folded if folded[name] != plain[name]},
        "press": {"summary": press.summary, "seconds": round(press_s, 2)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--lang", default="fr")
    args = parser.parse_args()
    for game in args.games:
        print(json.dumps(figures(game, args.lang), ensure_ascii=False))


if __name__ == "__main__":
    main()
