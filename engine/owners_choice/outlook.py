"""The calculator: net worth, payouts and the move advisor.

Every number comes from the engine's own transitions: :func:`move_outlook` clones the
state, applies each move and takes the exact expectation over every die with the
probabilities of ``chance_outcomes()`` (Fractions), letting each decision-maker pick what
is best for their own expected net worth.

>>> from engine.owners_choice import from_position, move_outlook
>>> s = from_position(prices=[100, 100, 100, 100], holdings=[[3, 0, 0, 0], [0, 2, 0, 0]],
...                   cash=[400, 500], fund=200, pos=0)
>>> [(o.distance, o.space_type) for o in move_outlook(s)]
[(1, 'R'), (2, 'Y'), (3, 'EVENT'), (4, 'B')]
>>> o = move_outlook(s)[0]
>>> o.plan
'R: seat 0 rolls the Fund die'
>>> o.delta
(Fraction(175, 3), Fraction(0, 1))
>>> net_worth(s), dividend_payout(s, "R"), president_payout(s)
([700, 700], [90, 0], [100, 100])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.errors import IllegalAction, Phrase, Seat
from engine.owners_choice.actions import FUND, MOVE, NAME_ACTIONS, PAY, STAY, parse_company
from engine.owners_choice.rules import COMPANIES
from engine.owners_choice.state import CHOOSE, LEAVE, NAME, OVER, POST, PRE, ROLL, OwnersChoiceState

#: the plan of a move whose space asks nobody anything
NO_PLAN = "-"


@dataclass(frozen=True)
class MoveOutlook:
    """What one move distance leads to, in expectation.

    ``delta[p]`` is the exact expected change of seat ``p``'s net worth (cash + shares
    at market) once the landing space has been resolved; ``plan`` says which company is
    named on an ALL space and what the president picks.
    """

    distance: int
    space: int
    space_type: str
    delta: tuple[Fraction, ...]
    #: the choices on the way (a coded phrase, its parts joined by ``; ``), or :data:`NO_PLAN`
    plan: str
    #: every seat's final net worth when this move ends the game (GOAL), else ``None``
    final: tuple[int, ...] | None = None

    @property
    def ends_game(self) -> bool:
        return self.final is not None

    def place(self, seat: int) -> int | None:
        """Where ``seat`` finishes when this move ends the game (1 = first; players with
        the same net worth share a place), else ``None``."""
        if self.final is None:
            return None
        return 1 + sum(1 for v in self.final if v > self.final[seat])


def ranked_moves(outlook: list[MoveOutlook], seat: int) -> list[MoveOutlook]:
    """The moves best first for ``seat``, who plays to win: a move that ends the game with
    ``seat`` first comes before everything (a sure win beats any expectation); then the
    moves that keep the game going, by expected gain; last the moves that end the game
    with ``seat`` behind, by place and then by the final margin.

    >>> from engine.owners_choice import from_position, move_outlook
    >>> s = from_position(cash=[700, 900], fund=0, pos=33)
    >>> [(o.distance, o.place(0)) for o in ranked_moves(move_outlook(s), 0)]
    [(1, None), (2, 2)]
    """

    def key(o: MoveOutlook):
        if o.final is None:
            return (1, -o.delta[seat])
        ahead = o.final[seat] - max((v for i, v in enumerate(o.final) if i != seat), default=0)
        return (0 if o.place(seat) == 1 else 2, o.place(seat), -ahead)

    return sorted(outlook, key=key)


def net_worth(state: OwnersChoiceState) -> list[int]:
    """Each seat's cash plus shares at the current prices (0 for a player who left)."""
    return state.net_worth()


def dividend_payout(state: OwnersChoiceState, company) -> list[int]:
    """What each seat receives if ``company`` (``'R'``, ``'red'``, 0…) pays its dividend now.

    >>> from engine.owners_choice import from_position
    >>> s = from_position(holdings=[[1, 0, 0, 0], [2, 0, 0, 0]])
    >>> dividend_payout(s, "red")
    [30, 60]
    >>> dividend_payout(s, "X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'X': no company 'X'; companies: “R”, “Y”, “B”, “G” ...
    """
    c = parse_company(company)
    d = state.dividend(c)
    return [d * state.shares(p, c) for p in range(state.num_players)]


def president_payout(state: OwnersChoiceState) -> list[int]:
    """What each seat receives on a PRESIDENT space: the bonus per president die held."""
    bonus = state.ruleset.president_bonus
    out = [0] * state.num_players
    for p in state.pres:
        if p >= 0:
            out[p] += bonus
    return out


# --- expectation over the resolution of a space ------------------------------------------


def _resolve(s: OwnersChoiceState) -> tuple:
    """Expected net worth of every seat once the current space has been resolved."""
    ph = s.phase
    if ph in (PRE, POST, OVER):
        return tuple(s.net_worth())
    if ph == ROLL:
        n = s.num_players
        acc = [Fraction(0)] * n
        for action, p in s.ch.outcomes[s.die]:
            c = s.clone(history=False)
            c._apply(action)
            v = _resolve(c)
            for i in range(n):
                acc[i] += p * v[i]
        return tuple(acc)
    if ph == LEAVE:
        c = s.clone(history=False)
        c._apply(STAY)  # leaving sets one's net worth to 0: never better
        return _resolve(c)
    return _best(s)[0]


def _options(s: OwnersChoiceState) -> list:
    if s.phase == CHOOSE:
        # Fund first: on a tie the president keeps the fee.
        return [FUND, PAY] if PAY in s.legal_actions() else [FUND]
    return list(NAME_ACTIONS)


def option_values(s: OwnersChoiceState) -> dict:
    """At a president's choice or an ALL naming: each option → expected net worths.

    >>> from engine.owners_choice import from_position
    >>> s = from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], fund=0)
    >>> s.apply("move 1")
    >>> {str(a): v[0] for a, v in option_values(s).items()}
    {'fund': Fraction(940, 1), 'pay': Fraction(985, 1)}
    """
    if s.phase not in (CHOOSE, NAME):
        raise IllegalAction.coded(
            "oc.options_when",
            "option values need a president's choice or an ALL space; now: {turn}",
            turn=s.describe_turn(),
        )
    out = {}
    for a in _options(s):
        c = s.clone(history=False)
        c._apply(a)
        out[a] = _resolve(c)
    return out


def _best(s: OwnersChoiceState):
    seat = s.chooser if s.phase == CHOOSE else s.active
    best = None
    for a, v in option_values(s).items():
        if best is None or v[seat] > best[0][seat]:
            best = (v, a)
    return best


def _plan(s: OwnersChoiceState) -> str:
    """What the decision-makers pick from here on (each step a coded phrase, joined)."""
    parts = []
    while s.phase in (NAME, CHOOSE):
        v, a = _best(s)
        if s.phase == NAME:
            parts.append(Phrase.coded("oc.plan_name", "name {company}", company=a.arg))
        elif a == PAY:
            parts.append(
                Phrase.coded(
                    "oc.plan_pay",
                    "{company}: {who} pays ${fee} and rolls the president die",
                    company=COMPANIES[s.company],
                    who=Seat(s.chooser),
                    fee=s.fee(s.company),
                )
            )
        else:
            parts.append(
                Phrase.coded(
                    "oc.plan_fund",
                    "{company}: {who} rolls the Fund die",
                    company=COMPANIES[s.company],
                    who=Seat(s.chooser),
                )
            )
        s = s.clone(history=False)
        s._apply(a)
    if s.phase == ROLL and s.die == 5:
        parts.append(Phrase.coded("oc.plan_event", "roll the Event die"))
    return Phrase.joined(parts) if parts else NO_PLAN


def move_outlook(state: OwnersChoiceState) -> list[MoveOutlook]:
    """For each legal move of the player about to move: the landing space and the exact
    expected change of every seat's net worth after that space is resolved.

    Each president picks the option better for their own expected net worth (a tie: the
    Fund die, which costs no fee); on an ALL space the mover names the company best for
    their own expected net worth; nobody declares personal bankruptcy.
    """
    if state.phase != PRE:
        raise IllegalAction.coded(
            "oc.outlook_when",
            "move_outlook needs a player about to move; now: {turn}",
            turn=state.describe_turn(),
        )
    before = state.net_worth()
    out = []
    for a in state.legal_actions():
        if a.kind != "move":
            continue
        d = int(a.arg)
        s = state.clone(history=False)
        s._apply(MOVE[d])
        plan = _plan(s) if s.phase in (NAME, CHOOSE, ROLL) else NO_PLAN
        after = _resolve(s)
        out.append(
            MoveOutlook(
                distance=d,
                space=s.pos,
                space_type=s.space_name(s.pos),
                delta=tuple(Fraction(x) - b for x, b in zip(after, before)),
                plan=plan,
                final=tuple(s.net_worth()) if s.phase == OVER else None,
            )
        )
    return out
