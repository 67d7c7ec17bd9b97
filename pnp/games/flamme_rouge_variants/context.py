"""What the booklet of the variants reads: every number computed from the model."""

from __future__ import annotations

from typing import Any

from pnp.games.flamme_rouge_variants import checks as C
from pnp.model.game_model import GameModel


def card_counts(model: GameModel) -> dict[str, int]:
    """How many copies of each card the kit prints, by card id (a deck's pieces: markers, sheets)."""
    return {c.id: c.qty for d in model.decks for c in d.cards}


def token_counts(model: GameModel) -> dict[str, int]:
    """How many tokens of each kind the kit prints (the line markers: sprint, summit)."""
    out: dict[str, int] = {}
    for t in model.tokens:
        out[t.kind] = out.get(t.kind, 0) + t.count
    return out


def _deck(model: GameModel, deck_id: str):
    return next((d for d in model.decks if d.id == deck_id), None)


def _climber_figure(model: GameModel) -> tuple[str, list[str]]:
    """The first team's climber cards the booklet shows: its lowest, middle and highest values."""
    f = model.facts
    p = f.profiles.get("grimpeur")
    deck = _deck(model, p.deck) if p else None
    if not deck or not deck.cards:
        return "", []
    team = deck.cards[0].colour
    cards = {c.value: c.id for c in deck.cards if c.colour == team}
    values = sorted(cards)
    picked = dict.fromkeys([values[0], values[len(values) // 2], values[-1]])
    return team, [cards[v] for v in picked]


def rulebook_context(model: GameModel) -> dict[str, Any]:
    """What rulebook.md.j2 reads: the facts, the kit's counts and the figures' refs."""
    f = model.facts
    sizes = {d.id: d.size for d in model.decks}
    board = next(b for b in model.boards if b.id == f.tile.board)
    splits = {name: C.ghost_split(list(p.values), f.ghosts) for name, p in f.profiles.items()}
    climber = _climber_figure(model)
    return {
        "game": model.info, "facts": f, "model": model, "date": model.info.date,
        "teams": [model.colour(t) for t in f.teams],
        "sizes": sizes,
        "pieces": card_counts(model),
        "markers": token_counts(model),
        "climbers": len(model.standees),
        "boards": len(model.boards),
        "places": len(f.time.stage_bonus),
        "scored": {"stage_bonus": len(f.time.stage_bonus), "intermediate_bonus": len(f.time.intermediate_bonus),
                   "intermediate": len(f.points.intermediate), "finish": len(f.points.finish)},
        "climber_fig": {"n": len(climber[1]), "team": model.colour(climber[0]).name if climber[0] else ""},
        "ghost_kinds": len(f.ghosts),
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
            "climber": "cards:grimpeur/" + ",".join(climber[1]),
            "sprinter": "cards:sprinteur/sprinteur-bleu-6",
            "attack": "cards:attaque/attaque-vert",
            "form": "cards:forme/forme-noir-5,forme-noir-4,forme-noir-3",
            "exhaustion": "card:fatigue/fatigue",
            "tokens": "cards:musettes/musette",
            "status": "card:statuts/statut",
            "ghosts": "cards:fantomes/" + ",".join(c.id for c in _deck(model, "fantomes").cards if c.id in f.ghosts),
            "steep": "card:pourcentages/fort-pourcentage",
            "weather": "card:meteo/echelle-meteo",
            "rose": "cards:marqueurs/vent",
            "wind": "card:rose/rose-des-vents",
            "ref_scoring": "card:references/aide-classements",
            "ref_race": "card:references/aide-course",
            "stage_sheet": "card:feuilles/feuille-etape",
            "wc_sheet": "card:feuilles/feuille-coupe",
            "climber_figure": "standees:" + ",".join(s.id for s in model.standees[:3]),
            "markers": "tokens:" + ",".join(t.id for t in model.tokens),
        },
        "decisions": [{"id": d.id, "topic": d.topic, "choice": d.choice, "why": d.why} for d in model.decisions],
    }
