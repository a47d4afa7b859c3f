"""What a game supplies to the shared pages: one :class:`GameUI` per game, in
``dashboard/<game>/ui.py`` as ``UI``, found by name through :mod:`dashboard.plugins`.

The shared pages (the explorer, the live-game page, play against the bots, statistics,
bots) never name a game: they ask its ``GameUI`` for the drawing, the words and the
buttons. Only ``game``, ``render_state``, ``history`` and ``charts`` are required; every
other part has a plain default, so a new game shows on every page at once and grows its
own look part by part (Pig, the demo, gives only the few it needs). The parts one page
alone asks for come in typed groups a type checker holds each game to: :class:`LiveHooks`
(the live page), :class:`PracticeWords` (the drills), :class:`RulesetWords` (the ruleset
forms and Learn's ruleset table), :class:`ExplorerHooks` (the analysis board) and
:class:`GamePages` (where its own pages are).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import plotly.graph_objects as go
import polars as pl

from dashboard.i18n import _
from dashboard.play.words import who
from engine import CHANCE, GameRecord

#: one button of a group: the action, its label (Markdown), highlighted (the advice's pick)
Choice = tuple[object, str, bool]
#: a group of buttons: a title (Markdown, may be empty), an optional HTML picture, choices
Group = tuple[str, str, list[Choice]]

#: what acts at the table on chance's steps (:attr:`GameUI.chance`), short enough for the
#: explorer's move list's who column
CHANCE_WORDS = ("dealer", "deck", "dice", "die")


@dataclass(frozen=True)
class PlayMode:
    """One entry of the game chooser on the page "Play against the bots".

    ``label``: its name (``N_``); ``counts``: the player counts offered (``()``: every
    count the game allows); ``variant``: a ruleset ``variant`` prefix the player count
    completes (``"bid"`` → ``bid4`` / ``bid2``), or ``""``."""

    label: str
    counts: tuple[int, ...] = ()
    variant: str = ""

    def overrides(self, n: int) -> dict:
        return {"variant": f"{self.variant}{n}"} if self.variant else {}


@dataclass(frozen=True)
class EntrySheet:
    """A table tool where one button adds an entry (a deal on a score sheet) to a document
    the store keeps: how the measuring tools (:mod:`dashboard.tools.load`) use it as a
    player does, then check that every entry was stored.

    ``page``: its page script; ``kind`` / ``query``: the store's kind of document and the
    URL parameter holding its id; ``add``: the English label of the button adding an entry
    with the form's defaults; ``total_after(n)``: the text of the page's first metric after
    ``n`` such entries on a new sheet; ``over``: English words the page shows once the sheet
    is full; ``new_key``: the key of the button then starting a new one; ``entries(text)``:
    how many entries a stored document holds."""

    page: str
    kind: str
    query: str
    add: str
    total_after: Callable[[int], str]
    over: str
    new_key: str
    entries: Callable[[str], int]


@dataclass(frozen=True)
class ExplorerHooks:
    """The analysis board's hooks (every part optional).

    - ``deal_of(state)``: for a game of many deals, the deal (0 = the first) a state is in
      the play of, else ``None``; the explorer then grades the game deal by deal as it
      opens, the deal on view first (one job a deal, :mod:`dashboard.explorer.grades`);
    - ``under_board(key, record_json, states, step)``: what the game shows under the
      analysis board for the step on view (e.g. the double-dummy table and par of the
      deal), drawn with ``st``; ``key`` is the explorer's (prefix the part's own keys with
      it), ``states`` the record replayed. It is called again each time the board reports
      a step (a fragment's rerun), so it must be quick: heavy work runs as a job
      (:mod:`dashboard.jobs.panel`; :func:`~dashboard.jobs.panel.queue` waits for the
      session's one job slot, the grading then letting it go first), kept server-wide."""

    deal_of: Callable[[Any], int | None] | None = None
    under_board: Callable[[str, str, list, int], None] | None = None


class Coach(Protocol):
    """The live page's full advice for the seat to act, drawn (into ``out``, an
    :class:`dashboard.components.board.HtmlOut` when the tap pad draws it ahead, else
    ``st``); returns the texts of the moves it recommends."""

    def __call__(self, state: Any, names: list[str], out: Any = None) -> set[str]: ...


@dataclass(frozen=True)
class LiveHooks:
    """The live page's help, for games whose chance events are entered one by one (every
    part optional).

    - ``advice(state)``: draw help for the seat to act (odds, suggestions) or nothing;
    - ``coach(state, names, out=None)``: the full advice (:class:`Coach`), drawn as the
      board is (also drawn ahead for every tap); the moves it recommends are highlighted
      among the buttons. Replaces ``advice`` when given;
    - ``outcome(action, probability)``: ``(label, css)`` of a chance button, the CSS
      making it look like the card or die it stands for;
    - ``chance_note(state, names)``: what the chance event to enter is, when more than
      "what came up" needs saying (a Draw 3's card 2 of 3), or ``None``."""

    advice: Callable[[Any], None] | None = None
    coach: Coach | None = None
    outcome: Callable[[Any, Any], tuple[str, str]] | None = None
    chance_note: Callable[[Any, list[str]], str | None] | None = None


@dataclass(frozen=True)
class PracticeWords:
    """Practice's words for the game's drills (``engine/<game>/drills.py``; every part
    optional).

    - ``phrase_value(value)``: a parameter of the game's own kind in a phrase (a card, a
      company) in words, or ``None`` for one it does not know;
    - ``drill_picture(drill)``: HTML drawing the drill's position (the cards on the
      table), or ``None``;
    - ``choice_words(text)``: a puzzle choice that is no action of the game (the grading's
      "going on without a free action") in words, or ``None`` for one it does not know."""

    phrase_value: Callable[[Any], str | None] | None = None
    drill_picture: Callable[[Any], str | None] | None = None
    choice_words: Callable[[str], str | None] | None = None


@dataclass(frozen=True)
class RulesetWords:
    """How the game's ruleset fields read for players (every part optional).

    - ``choices``: field → the readable names (``N_``) of some of its values (the value is
      what the engine takes), for the ruleset forms;
    - ``meanings``: field → its meaning in a player's words (``N_``) where the engine's doc
      names file values, for Learn's ruleset table;
    - ``default_words(field, value)``: a default that needs more words than its value (a
      die's faces), else ``None``."""

    choices: dict[str, dict[Any, str]] | None = None
    meanings: dict[str, str] | None = None
    default_words: Callable[[str, Any], str | None] | None = None


@dataclass(frozen=True)
class GamePages:
    """Where a game's own pages are (scripts relative to ``dashboard/``), for the shared
    pages and tools that link to them:

    - ``section``: the game's section of the menu (its title in
      :data:`dashboard.nav.SECTIONS`), where Home draws the game's card (none: no card);
    - ``table_tool``: ``(page script, label, what it does)`` (``N_``) of the tool that
      follows a real game between two turns, listed on Home under "At the table";
    - ``live``: the game's own live-game page (one that draws
      :func:`dashboard.live.render_live` alone), if it has one;
    - ``explorer``: the analysis board's page, for "open in the explorer";
    - ``entry_sheet``: a table tool adding entries to a stored document
      (:class:`EntrySheet`), which the measuring tools drive.
    """

    section: str = ""
    table_tool: tuple[str, str, str] | None = None
    live: str | None = None
    explorer: str | None = None
    entry_sheet: EntrySheet | None = None


@dataclass(frozen=True)
class GameUI:
    """One game's face in the app.

    The game and its explorer (the analysis board of ``views/<game>/games.py``):

    - ``render_state(state, seat, out=st)``: draw one state with ``out`` (``st``'s
      markdown, html, caption, image, success/info/warning/error, progress, expander and
      dataframe; the board passes :class:`dashboard.components.board.HtmlOut`, which
      collects them as HTML); ``seat=None`` shows everything, a seat shows what that seat
      may see;
    - ``history(record)``: a polars frame, one row per step (step 0 = before any action)
      with at least ``step``, ``action`` and ``actor`` columns;
    - ``charts(history, step)``: plotly figures (:mod:`dashboard.charts`); the explorer
      calls it once per record with ``step=None`` and the board draws their series with
      its own step cursor;
    - ``title`` / ``description``: the game's name and one line about it (``N_``; the
      engine's English when empty);
    - ``measure``: in player words, what the graded decisions are measured by and what
      that measure assumes (shown beside the grades);
    - ``turn_words(state)``: who is to act, in the session's language (default: the
      engine's ``describe_turn``, its generic phrases translated);
    - ``event_words(text)``: the history's "event" text in the session's language
      (default: seats as players, the text otherwise as the engine wrote it);
    - ``chance``: what acts at the table on chance's steps, named so in the move list:
      one of :data:`CHANCE_WORDS` (default "dealer/dice");
    - ``explorer``: the analysis board's hooks for a game of many deals
      (:class:`ExplorerHooks`);
    - ``pages``: where the game's own pages are, for the shared pages and tools that link
      to them or draw its card (:class:`GamePages`).

    Moves in words and as buttons (the live page and play against the bots):

    - ``describe(action, names, actor, you=None)``: a move in a sentence with the
      players' names (``you``: the reader's seat, said in the second person); default
      ``Name: action``;
    - ``hidden_words(action, names, actor)``: another player's move as a viewer may know
      it when it is hidden (a face-down card), else ``None``;
    - ``text_words(text, names, actor)``: a text the game's grading gives for a decision
      that is no single action (several moves graded as one), in words, else ``None``;
    - ``groups(state, actions, names, best)``: the move buttons grouped by kind
      (:data:`Group`); default: by the first word of each action, labelled by
      ``describe``;
    - ``board(state, names, you=None, out=None)``: the board with the players' names (the
      live page's default: ``render_state`` of everything; play's: the names, then what
      ``you`` may see). ``out`` is where it draws (``st`` by default): the live page's tap
      pad draws it ahead for every tap into a
      :class:`dashboard.components.board.HtmlOut`, so it draws only with that object's
      calls (``html``, ``markdown``, ``caption``, ``image``, ``container``, the message
      boxes).

    The live page: ``live``, its help for the seat to act (:class:`LiveHooks`).
    Practice: ``practice``, the words of the game's drills (:class:`PracticeWords`).
    Charts: ``company_colours``, company letter → its colour (a set of
    :mod:`dashboard.palette`).
    Rulesets: ``rulesets``, how the game's ruleset fields read for players
    (:class:`RulesetWords`).
    Statistics: ``value_words``, column → how the engine's values of that column of the
    game's tables read for players (hand names, contract kinds).
    Play against the bots: ``play``, the entries of the game chooser (:class:`PlayMode`;
    none: the game is not offered there).
    """

    game: str
    render_state: Callable[..., None]
    history: Callable[[GameRecord], pl.DataFrame]
    charts: Callable[[pl.DataFrame, int], list[go.Figure]]
    title: str = ""
    description: str = ""
    measure: str = ""
    turn_words: Callable[[object], str] | None = None
    event_words: Callable[[str], str] | None = None
    chance: str = ""
    explorer: ExplorerHooks = ExplorerHooks()
    explorer_page: str | None = None
    describe: Callable[..., str] | None = None
    hidden_words: Callable[[object, list[str], int], str | None] | None = None
    text_words: Callable[[str, list[str], int], str | None] | None = None
    groups: Callable[[object, list, list[str], set[str]], list[Group]] | None = None
    board: Callable[..., None] | None = None
    live: LiveHooks = LiveHooks()
    play: tuple[PlayMode, ...] = ()
    practice: PracticeWords = PracticeWords()
    value_words: dict[str, Callable[[Any], str]] | None = None
    rulesets: RulesetWords = RulesetWords()
    company_colours: dict[str, str] | None = None
    pages: GamePages = GamePages()

    def __post_init__(self):
        if self.chance and self.chance not in CHANCE_WORDS:
            raise ValueError(f"chance {self.chance!r}: give one of {', '.join(CHANCE_WORDS)}")

    def title_text(self) -> str:
        """The game's title in the session's language."""
        if self.title:
            return _(self.title)
        from engine import get_game

        return get_game(self.game).title

    def description_text(self) -> str:
        if self.description:
            return _(self.description)
        from engine import get_game

        return get_game(self.game).description

    def describe_move(self, action, names: list[str], actor: int, you: int | None = None) -> str:
        """``action`` in words; the first letter is a capital. ``you``: the seat of the
        person reading, whose moves are said in the second person."""
        if self.describe is not None:
            text = self.describe(action, names, actor, you)
        else:
            text = f"{who(names, actor)}: {action}"
        return text[:1].upper() + text[1:]

    def public_words(self, action, names: list[str], actor: int, viewer: int) -> str:
        """A move in words as ``viewer`` may know it: another player's hidden move stays
        hidden (:attr:`hidden_words`)."""
        if actor not in (viewer, CHANCE) and self.hidden_words is not None:
            hidden = self.hidden_words(action, names, actor)
            if hidden is not None:
                return hidden
        return self.describe_move(action, names, actor, you=viewer)

    def describe_record(self, state0, actions: list[str], names: list[str]) -> list[str]:
        """Each action text of a record in words, replayed from ``state0`` (not changed)."""
        state = state0.clone()
        out = []
        for text in actions:
            action = state.parse_action(text)
            out.append(self.describe_move(action, names, state.current_player()))
            state.apply_trusted(action)
        return out

    def default_groups(self, state, actions: list, names: list[str], best: set[str]):
        """Buttons grouped by the first word of their text, labelled in words."""
        groups: dict[str, list[Choice]] = {}
        actor = state.current_player()
        for a in actions:
            text = str(a)
            label = self.describe_move(a, names, actor)
            groups.setdefault(text.split(" ", 1)[0], []).append((a, label, text in best))
        return [("", "", choices) for choices in groups.values()]

    def button_groups(self, state, actions: list, names: list[str], best: set[str]):
        """The move buttons: the game's own groups, else :meth:`default_groups`."""
        if self.groups is not None:
            return self.groups(state, actions, names, best)
        return self.default_groups(state, actions, names, best)
