"""What the booklet of the variants reads: every number computed from the model."""

from __future__ import annotations

from typing import Any

from pnp.games.flamme_rouge_variants import checks as C
from pnp.model.game_model import GameModel


def rulebook_context(model: GameModel) -> dict[str, Any]:
    f = model.facts
    sizes = {d.id: d.size for d in model.decks}
    board = next(b for b in model.boards if b.id == f.tile.board)
    splits = {name: C.ghost_split(list(p.values), f.ghosts) for name, p in f.profiles.items()}
    return {
        "game": model.info, "facts": f, "model": model, "date": model.info.date.isoformat(),
        "teams": [model.colour(t) for t in f.teams],
        "sizes": sizes,
        "profiles": f.profiles,
        "mountain_rows": [{"length": k, "points": list(v), "steep": [v[0] + f.mountain.steep_bonus, *v[1:]]}
                          for k, v in sorted(f.mountain.lengths.items())],
        "ghost_values": splits["rouleur"],
        "tile": {"w": int(board.width_mm), "h": int(board.height_mm), "square": int(f.tile.square_mm),
                 "lane": int(f.tile.lane_mm)},
        "wc_total": sum(f.world_cup.points),
        "form_total": sum(f.world_cup.form.values),
        "form_counts": sorted(((v, list(f.world_cup.form.values).count(v)) for v in set(f.world_cup.form.values)),
                              reverse=True),
        "fig": {
            "tile": "board:a",
            "climber": "cards:grimpeur/grimpeur-rouge-2,grimpeur-rouge-4,grimpeur-rouge-7",
            "sprinter": "cards:sprinteur/sprinteur-bleu-6",
            "attack": "cards:attaque/attaque-vert",
            "form": "cards:forme/forme-noir-5,forme-noir-4,forme-noir-3",
            "exhaustion": "card:fatigue/fatigue",
            "tokens": "cards:musettes/musette",
            "status": "card:statuts/statut",
            "ghosts": "cards:fantomes/offensif,aleatoire,regulier",
            "steep": "card:pourcentages/fort-pourcentage",
            "weather": "card:meteo/echelle-meteo",
            "rose": "cards:marqueurs/vent",
            "wind": "card:rose/rose-des-vents",
            "ref_scoring": "card:references/aide-classements",
            "ref_race": "card:references/aide-course",
            "stage_sheet": "card:feuilles/feuille-etape",
            "wc_sheet": "card:feuilles/feuille-coupe",
        },
        "decisions": [{"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why} for d in model.decisions],
    }
