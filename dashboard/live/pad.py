"""The tap pad's data (:mod:`dashboard.components.tap`): the pad of the position and of the
positions its taps lead to, made from the plugin's words and sent with the fragment, so a
tap is drawn at once and confirmed by the server's rerun."""

from __future__ import annotations

import html
from fractions import Fraction

import streamlit as st

from dashboard.game_ui import GameUI
from dashboard.i18n import _, current, texts_key
from dashboard.live.buttons import button_key, cached_md_html, percent
from dashboard.ui import (
    NAME_MAX_CHARS,
    in_browser,
    plain,
)
from engine import CHANCE, EngineError

# --- the tap pad (dashboard/components/tap.py): a tap shown at once, confirmed by the server --

#: buttons worked out ahead for one position: every tap's next pad always, then deeper
#: (breadth first) while a pad's every child fits; a tap beyond them shows "saving" until
#: the server's pad comes
PAD_BUTTONS = 150


def use_pad() -> bool:
    """The tap pad runs its JavaScript in the browser (:func:`dashboard.ui.in_browser`). A
    session without one (AppTest) gets the same pad as Streamlit buttons, which call the
    same :func:`_apply`."""
    return in_browser()


def head_text(plugin: GameUI, n: int, last_words: str | None) -> str:
    last = " · " + _("last: {event}").format(event=plain(last_words)) if last_words else ""
    return _("**{game} live · Event {n}**").format(game=plugin.title_text(), n=n) + last


def over_text(state, names: list[str]) -> str:
    winners = ", ".join(plain(names[w], NAME_MAX_CHARS) for w in state.winners())
    scores = ", ".join(
        f"{plain(names[p], NAME_MAX_CHARS)} {v:g}" for p, v in enumerate(state.returns())
    )
    return _("Game over — won by {winners}. Scores: {scores}").format(
        winners=winners, scores=scores
    )


def _taps_of(state) -> list:
    """The actions a tap can enter now (none when a chance event's outcomes cannot be
    listed: a whole deal is typed)."""
    if state.is_terminal():
        return []
    if state.current_player() == CHANCE:
        try:
            return [action for action, _p in state.chance_outcomes()]
        except EngineError:
            return []
    return list(state.legal_actions())


class _Strings:
    """Every text of the pads once (``table``); the pads hold their indices."""

    def __init__(self, drawn: dict | None = None) -> None:
        self.index: dict[str, int] = {"": 0}
        self.marked: dict[str, int] = {}
        self.looks: dict[tuple, list] = {}  # a chance button's text, label, CSS, help
        self.templates: dict[str, str] = {}
        # the views (:func:`_view`) drawn by the page's last run, and this run's, by
        # position (see :func:`tap_pads`)
        self.drawn_before = drawn or {}
        self.drawn: dict[tuple, tuple] = {}

    def __call__(self, text: str) -> int:
        return self.index.setdefault(text, len(self.index))

    def template(self, message: str) -> str:
        """``_(message)``, looked up once per run."""
        found = self.templates.get(message)
        if found is None:
            found = self.templates[message] = _(message)
        return found

    def head(self, plugin: GameUI, n: int, last_words: str | None) -> int:
        """The index of a pad's heading (:func:`head_text`; its words looked up once)."""
        if not hasattr(self, "_templates"):
            event = _("**{game} live · Event {n}**").replace("{game}", plugin.title_text())
            self._templates = (event, _("last: {event}"))
        event, last = self._templates
        text = event.replace("{n}", str(n))
        if last_words:
            text += " · " + last.replace("{event}", plain(last_words))
        return self.md(text)

    def md(self, text: str) -> int:
        """The index of Markdown ``text`` as HTML (each text converted once)."""
        found = self.marked.get(text)
        if found is None:
            found = self.marked[text] = self(cached_md_html(text))
        return found

    def table(self) -> list[str]:
        return list(self.index)

    def runs(self, html_text: str | tuple[str, ...]) -> list[list[int]]:
        """A drawing as runs ``[first, count]`` of its pieces (cut before each tag,
        :func:`_pieces`; or the pieces themselves) in the table: the drawings ahead differ
        in a few pieces (a pawn, a price), and every piece is sent once. ``"".join`` of the
        runs' texts gives the drawing back.

        >>> s = _Strings()
        >>> s.runs("<b>a</b><i>b</i>"), s.runs("<b>a</b><i>c</i>")
        ([[1, 2]], [[1, 1], [3, 1]])
        """
        pieces = _pieces(html_text) if isinstance(html_text, str) else html_text
        index = self.index
        runs: list[list[int]] = []
        follows = -1  # the index that would lengthen the last run
        for piece in pieces:
            i = index.get(piece)
            if i is None:
                i = index[piece] = len(index)
            if i == follows:
                runs[-1][1] += 1
            else:
                runs.append([i, 1])
            follows = i + 1
        return runs


def _pieces(html_text: str) -> tuple[str, ...]:
    """A drawing cut before each opening tag (no empty pieces).

    >>> _pieces("a<b>c</b><i>d</i>")
    ('a', '<b>c</b>', '<i>d</i>')
    """
    from dashboard.components.board import _TAG

    return tuple(piece for piece in _TAG.split(html_text) if piece)


def pad_views(plugin: GameUI) -> bool:
    """Whether the pads carry the board and the coach's advice drawn ahead (a game whose
    live page has both as its plugin's ``board`` and ``coach``)."""
    return plugin.board is not None and plugin.live.coach is not None


def _view(plugin: GameUI, state, names, s: _Strings) -> tuple[list, set[str]]:
    """``([board, advice], best)``: the position's board and the coach's advice as HTML
    (each as runs of pieces in ``s``, :meth:`_Strings.runs`), and the moves the coach
    recommends. A position drawn by the page's last run (``s.drawn_before``: the one a
    tap led to was drawn ahead) is not drawn again."""
    position = tuple(state.history)
    drawn = s.drawn_before.get(position) or s.drawn.get(position)
    if drawn is None:
        from dashboard.components.board import HtmlOut

        board, advice = HtmlOut(), HtmlOut()
        if plugin.board is None or plugin.live.coach is None:  # the page asks has_coach first
            raise RuntimeError(f"{plugin.game} draws no board or coach")
        plugin.board(state, names, out=board)
        best: frozenset[str] = frozenset()
        if not state.is_terminal():
            best = frozenset(plugin.live.coach(state, names, out=advice) or ())
        drawn = (_pieces(board.text()), _pieces(advice.text()), best)
    s.drawn[position] = drawn
    board_pieces, advice_pieces, best = drawn
    return [s.runs(board_pieces), s.runs(advice_pieces)], set(best)


def _pad(plugin: GameUI, state, names, n: int, last_words, best, key: str, s: _Strings, full, view):
    """One position's pad for the component, its texts as indices into ``s``: ``h`` its
    heading, ``l`` its lines (whose turn, what to enter), ``o`` the game-over words, ``g``
    its button groups ``[title, picture, [[text, label, css, highlighted, help, widget
    key], …]]``; all HTML made from the game's own words
    (:func:`dashboard.components.board.md_html`). ``full``: with each outcome's odds in
    words (the hover help). ``view``: with ``v``, the board and the coach's advice
    (:func:`_view`; the coach's pick is then the one highlighted, not ``best``)."""
    pad: dict = {"h": s.head(plugin, n, last_words), "l": [], "g": []}
    if view:
        pad["v"], best = _view(plugin, state, names, s)
    if state.is_terminal():
        pad["o"] = s.md(over_text(state, names))
        return pad
    player = state.current_player()
    if player == CHANCE:
        note = (
            plugin.live.chance_note(state, names) if plugin.live.chance_note is not None else None
        )
        if note:
            pad["l"].append(s.md(note))
        try:
            outcomes = state.chance_outcomes()
        except EngineError:
            text = _("This chance event (a whole deal) is entered as text under *Type a move*.")
            pad["l"].append(s.md(text))
            return pad
        pad["l"].append(s.md(_("**What came up?** Tap it:")))
        buttons = []
        for action, p in outcomes:
            text = str(action)
            # the same outcome at the same odds: one label (a fraction keyed by its terms:
            # hashing a Fraction is slow)
            odds = (p.numerator, p.denominator) if type(p) is Fraction else p
            looks = s.looks.get((text, odds))
            if looks is None:
                if plugin.live.outcome is not None:
                    label, css = plugin.live.outcome(action, p)
                else:
                    label, css = f"{text} · {percent(p)}", ""
                looks = s.looks[text, odds] = [s(text), s.md(label), s(css), None]
            if not full:
                help_index = 0
            elif looks[3] is not None:
                help_index = looks[3]
            else:
                help_index = looks[3] = s(
                    s.template("{outcome}: probability {fraction} ({percent})").format(
                        outcome=plugin.describe_move(action, names, CHANCE),
                        fraction=p,
                        percent=f"{float(p):.1%}",
                    )
                )
            buttons.append([*looks[:3], 0, help_index, s(button_key(key, "o", text))])
        pad["g"].append([0, 0, buttons])
        return pad
    who_acts = _("**{name}** to act:").format(name=plain(names[player], NAME_MAX_CHARS))
    pad["l"].append(s.md(who_acts))
    for title, picture, choices in plugin.button_groups(state, state.legal_actions(), names, best):
        buttons = [
            [s(str(a)), s.md(label), 0, int(bool(high)), 0, s(button_key(key, "m", str(a)))]
            for a, label, high in choices
        ]
        pad["g"].append([s.md(title) if title else 0, s(picture or ""), buttons])
    return pad


def _buttons_of(plugin: GameUI, state, names) -> int:
    """How many buttons the pad of ``state`` has (as :func:`_pad` draws it)."""
    if state.is_terminal():
        return 0
    if state.current_player() == CHANCE:
        try:
            return len(state.chance_outcomes())
        except EngineError:
            return 0
    groups = plugin.button_groups(state, state.legal_actions(), names, set())
    return sum(len(choices) for _title, _picture, choices in groups)


def tap_pads(
    plugin: GameUI,
    state,
    names,
    n: int,
    last_words,
    best: set[str],
    key: str,
    drawn: dict | None = None,
):
    """``(pads, strings)``: the position's pad first, then the pads its taps lead to (each
    pad's ``x``: tap text → pad index; ``w``: the move that led there, in words and as
    text), breadth first: every tap of the position, then deeper while
    :data:`PAD_BUTTONS` allows a pad's every child.

    The position's pad and its taps' pads are drawn whole (the odds in words, and with
    :func:`pad_views` the board and the advice, whose pick is highlighted), so that the
    server's pad after a tap is the very one the browser drew; deeper pads are drawn
    without them (``best`` highlights the position's own pad without views).

    ``drawn``: the page's memory of the views its last run drew (a dict, empty at first;
    it is left holding this run's): one of the same position (the same game, rules and
    moves), the same names and the same words (language, catalogs) is not drawn again —
    after a tap, the position's own was drawn ahead."""
    scope = (plugin.game, getattr(state, "ruleset", None), tuple(names), texts_key())
    before = drawn.get("views") if drawn is not None and drawn.get("scope") == scope else None
    s = _Strings(before)
    views = pad_views(plugin)
    pads = [_pad(plugin, state, names, n, last_words, best, key, s, True, views)]
    frontier = [(0, state, n)]
    buttons = 0

    def child(here, action, actor, count):
        after = here.clone()
        after.apply_trusted(action)
        words = plugin.describe_move(action, names, actor)
        whole = count == n  # a tap of the position itself
        pad = _pad(plugin, after, names, count + 1, words, set(), key, s, whole, whole and views)
        pad["w"] = [s(cached_md_html(plain(words))), s(html.escape(str(action)))]
        return after, pad

    while frontier:
        index, here, count = frontier.pop(0)
        actions = _taps_of(here)
        if not actions:
            continue
        actor = here.current_player()
        if index:  # its children's buttons, guessed from the first one's (a position's
            # own are always worked out); counted without drawing its pad
            first = here.clone()
            first.apply_trusted(actions[0])
            if buttons + len(actions) * _buttons_of(plugin, first, names) > PAD_BUTTONS:
                continue
        made = [child(here, action, actor, count) for action in actions]
        following = {}
        for action, (after, pad) in zip(actions, made, strict=True):
            following[str(action)] = len(pads)
            buttons += sum(len(g[2]) for g in pad["g"])
            pads.append(pad)
            frontier.append((len(pads) - 1, after, count + 1))
        pads[index]["x"] = following
    if drawn is not None:
        drawn.update(scope=scope, views=s.drawn)
    return pads, s.table()


def pad_data(plugin, key, live_id, version, record, state, words, best) -> dict:
    """What both mounts of the tap pad get (cached per stored version, language, advice)."""
    marker = (live_id, version, current(), tuple(sorted(best)))
    cached = st.session_state.get(f"{key}_pads")
    if cached and cached[0] == marker:
        pads = cached[1]
    else:
        last = words[-1] if words else None
        drawn = st.session_state.setdefault(f"{key}_views", {})  # see tap_pads
        pads = tap_pads(plugin, state, record.players, len(record.actions), last, best, key, drawn)
        st.session_state[f"{key}_pads"] = (marker, pads)
    pads, strings = pads
    # the moves so far (the pads' strings table grows with them: a copy per rerun)
    strings = list(strings)
    moves = []
    for w, a in zip(words, record.actions):
        moves.append([len(strings), len(strings) + 1])
        strings += [cached_md_html(plain(w)), html.escape(a)]
    stamp = st.session_state.get(f"{key}_stamp", 0) + 1
    st.session_state[f"{key}_stamp"] = stamp
    book = st.session_state.get(f"{key}_taps", {})
    pending = _("**{game} live · Event {n}**").format(game=plugin.title_text(), n="%N%")
    return {
        "key": key,
        "live": live_id,
        "version": version,
        "events": len(record.actions),
        "done": {tab: mark["done"] for (game, tab), mark in book.items() if game == live_id},
        "pads": pads,
        "s": strings,
        "pending_head": cached_md_html(pending),
        "moves": moves,
        "words": {
            "saving": cached_md_html(_("Saving your taps…")),
            "moves": html.escape(_("Moves so far ({n})")).replace("{n}", "%N%"),
            "ignored": html.escape(
                _("Tap not taken: the buttons had just changed. Tap again if you meant it.")
            ),
        },
        "stamp": stamp,
    }
