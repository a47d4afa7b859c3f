"""The Whist game's entry in the registry: its players, ruleset, states and bots (each
imported on first use, so that listing the games stays cheap)."""

from __future__ import annotations

from engine.core.protocol import Game, OpenSpielHooks, RandomBot
from engine.whist.rules import WhistRules, players_for


def _new_state(game, num_players, ruleset):
    if not _STATE:  # imported on first use
        from engine.whist.state import WhistState

        _STATE.append(WhistState)
    return _STATE[0](game, num_players, ruleset)


_STATE: list = []


def _heuristic():
    from engine.whist.bots import HeuristicBot

    return HeuristicBot()


def _search(**budget):
    from engine.whist.search import search_bot

    return search_bot(**budget)


# --- inside OpenSpiel (engine/adapters/openspiel.py): the deal is dealt card by card ----------
def _openspiel_texts(ruleset, players: int) -> tuple[str, ...]:
    """Every action text under ``ruleset`` and ``players``, in a fixed order."""
    from engine.whist import actions as wa
    from engine.whist.cards import CARD_TEXT, SUITS

    out = [f"dealer {s}" for s in range(players)]
    out += ["pass", *(str(b) for b in wa.ALL_BIDS)]
    out += [f"trump {s}" for s in SUITS]
    out += ["direction high", "direction low", "declare high", "declare low"]
    out += [f"discard {c}" for c in CARD_TEXT]
    out += [f"play {c}" for c in CARD_TEXT]
    out += [f"card {c}" for c in CARD_TEXT]
    return tuple(dict.fromkeys(out))


def _deal_node(state):
    """At the deal: (the deck, all of it dealt, the card-text function)."""
    from engine.whist.cards import CARD_TEXT, DECK52, DECK54
    from engine.whist.state import DEAL

    if state.phase != DEAL:
        return None
    deck = DECK54 if state.bidw else DECK52
    return deck, len(deck), CARD_TEXT.__getitem__


def _seen_positions(state, seat: int, order: list[int]) -> set[int]:
    """Positions of the current deal whose card the seat knows: its own dealt cards, cards
    named by any action since the deal, the kitty when the seat took it, the turned card,
    and every straw card (two players)."""
    from engine.whist.cards import CARD_CODE

    pos = {c: p for p, c in enumerate(order)}
    fixed: set[int] = set()
    n = state.num_players
    size = 12 if (state.bidw or state.two) else 13
    fixed.update(range(size * seat, size * seat + size))
    if state.two:
        fixed.update(range(size * n, len(order) - (6 if state.bidw else 0)))
    if state.bidw and state.kitty_taken and state.declarer == seat:
        fixed.update(range(len(order) - 6, len(order)))
    if state.turn_card >= 0:
        fixed.add(pos[state.turn_card])
    for text in state.history[_deal_index(state) :]:
        word = text.split()
        if len(word) == 2 and word[0] in ("play", "discard") and word[1] in CARD_CODE:
            fixed.add(pos[CARD_CODE[word[1]]])
    return fixed


def _deal_index(state) -> int:
    """Index in the history just after the last deal action."""
    h = state.history
    for i in range(len(h) - 1, -1, -1):
        if h[i].startswith("deal "):
            return i + 1
    return len(h)


def _position_owners(state, size: int) -> list[int]:
    """Who holds the card dealt at each position now (-1: the straw piles, nobody's hand)."""
    n = state.num_players
    per = 12 if (state.bidw or state.two) else 13
    owners = [p // per if p < per * n else -1 for p in range(size)]
    if state.bidw and state.kitty_taken:
        for p in range(size - 6, size):
            owners[p] = state.declarer
    return owners


def _voids(state) -> dict[int, set[int]]:
    """Suits each seat has shown it lacks: a card off the suit led."""
    out: dict[int, set[int]] = {}
    tricks = [(t[1], t[2]) for t in state.tricks]
    tricks.append((state.trick_seats, state.trick_cards))
    for seats, cards in tricks:
        led = -1
        for s, c in zip(seats, cards):
            suit = c // 13 if c < 52 else -1
            if led < 0:
                led = suit
            elif suit != led:
                out.setdefault(s, set()).add(led)
    return out


# --- puzzles (engine/puzzles.py) ------------------------------------------------------------
def _puzzle_choices(state, played: str):
    from engine.whist.puzzles import choices  # imported on first use

    return choices(state, played)


def _hint(state, ask_bot):
    from engine.whist.hint import hint  # imported on first use

    return hint(state, ask_bot)


def _tutorial():
    from engine.whist.tutorial import GUIDE  # imported on first use

    return GUIDE


OPENSPIEL = OpenSpielHooks(
    long_name="Whist and Bid Whist",
    texts=_openspiel_texts,
    max_moves=5000,
    perfect=False,
    deal_node=_deal_node,
    seen_positions=_seen_positions,
    position_owners=_position_owners,
    voids=_voids,
)


GAME = Game(
    name="whist",
    title="Whist and Bid Whist",
    min_players=2,
    max_players=4,
    ruleset_class=WhistRules,
    new_state=_new_state,
    bots={"random": RandomBot, "heuristic": _heuristic, "mcts": _search},
    description="Classic trick-taking in four variants: Bid Whist (bidding, kitty, jokers) "
    "and Whist, for four players in partnerships or two players with straw piles.",
    default_players=4,  # the variant's count; benches and tools that read no ruleset use it
    players_fixed_by_ruleset=players_for,
    parallel_bench_games=18000,  # Bid Whist: ~6,000 games a second on one core
    openspiel=OPENSPIEL,
    puzzle_choices=_puzzle_choices,
    hint=_hint,
    tutorial=_tutorial,
)
