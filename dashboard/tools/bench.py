"""What a person feels: the app's interactions timed in a real browser.

``python -m dashboard.tools.bench --browser`` (``make bench-browser``) starts the real server
(``python -m streamlit run dashboard/serve.py`` on a free port, as ``make app``), drives
Debian's Chromium (``/usr/bin/chromium``) with Playwright and prints, per page and
interaction, how long the page takes to settle after a key press or a tap: the median and
the maximum over the repetitions, at 1280 px and at 390 px with Chromium's CPU throttled
4× (a phone's speed, through the DevTools protocol's ``Emulation.setCPUThrottlingRate``),
beside the targets (:data:`TARGETS`: a board step ≤ 100 ms, a tap or an edit ≤ 300 ms, a
first load ≤ 1 s). It is a benchmark, not a test: nothing fails, the table says which figures miss.
A first load is also set against the floor measured in the same run (an empty Streamlit
page on a second server, its loads taking turns with the pages'): the **× floor** column,
a page's settled median over the floor's on the same screen, held to ≤ 1.5 (:data:`FLOOR_RATIO`).
Words after the options (``--only load Advisor Tracker``) narrow the load section's pages.

``python -m dashboard.tools.bench --app [WORDS…]`` (``make bench-app``; also the default without
``--browser``) runs the server-side AppTest bench, :mod:`dashboard.tools.bench_app`: each page's
load, widget change and main button, or only the pages whose title or script contains one
of the words.

**Settled**, precisely. A MutationObserver on the whole document (installed before the
app's own scripts) records the time of every DOM change. The clock starts at the input
event (the ``pointerdown`` of a tap or click, the ``keydown`` of a key press, caught in the
capture phase; for a first load, the start of the navigation). The page is settled once,
at the same moment,

* the interaction's own condition holds (the new step number, the new event number, …:
  its first moment is the **shown** column),
* at least one DOM change has happened since the input,
* no element is stale (``[data-stale="true"]``: Streamlit's greyed-out elements of a
  rerun in progress), no loading skeleton (``stSkeleton``) is drawn and Streamlit's
  running indicator (``[data-testid="stStatusWidget"]``) is absent,
* and nothing in the document has changed for :data:`QUIET_MS` (the running indicator's
  own animation and fade-out are not counted as changes: the page is drawn by then).

The **settled** figure is the time of the last DOM change before that quiet window (the
window itself is not counted). The interaction's conditions are checked at every DOM
change (and polled every :data:`POLL_MS`), so "shown" is the moment the page changed even
when the page is then busy with a long task. **Sent** is what the server sent over its
websocket from the input until settled (every element of a rerun is sent again, changed or
not: a fragment sends only its own part). **Confirmed**, for a live game's tap or a
practice answer: the moment the component that drew it at once (the tap pad,
:mod:`dashboard.components.tap`, with the board and the advice drawn ahead; the answer,
:mod:`dashboard.components.answer`) has the server's word on it. Both send it a moment
after drawing, so the server's rerun comes once the page is still; it must then draw the
same page: the bench checks that the page's text after the confirming rerun is the text
it settled on, and says so when it is not. Each figure is one interaction on a warm
server (every page is loaded once, untimed, before it is timed).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dashboard.tools.browser import (
    CHANGED,
    CHROMIUM,
    FLAGS,
    FLOOR_SCRIPT,
    POLL_MS,
    QUIET_MS,
    SCREENS,
    TARGETS,
    TIMEOUT_MS,
    Driver,
    Row,
    server,
)

# --- the interactions ---------------------------------------------------------------------

#: the pages a player opens at the table (each measured against the floor), then others
LOAD_PAGES = [
    ("Home", "/"),
    ("Price calculator", "/stock_holdem_calculator"),
    ("Table tracker", "/stock_holdem_table_tracker"),
    ("Bust odds", "/stack5_calculator"),
    ("Move advisor", "/owners_choice_calculator"),
    ("Score sheet", "/whist_score_sheet"),
    ("Stack 5 live game", "/stack5_live"),
    ("Owner's Choice live game", "/owners_choice_live"),
    ("Practice Stack 5", "/stack5_practice"),
    ("Practice progress", "/progress"),
    ("Play against the bots", "/play"),
    ("Stack 5 games", "/stack5_games"),
]
#: the floor row's page name (the ratio column divides by its settled median)
FLOOR = "An empty Streamlit page (the floor)"
#: the floor is loaded after this many pages (and after a round's last one)
FLOOR_EVERY = 4
#: a table tool's first load is held to this many times the floor (a ratio above is marked ✗)
FLOOR_RATIO = 1.5


def page_of(script: str) -> tuple[str, str]:
    """The English title and the address (``/…``) of the app's page drawn by ``script``."""
    from dashboard.nav import all_pages

    page = next(p for p in all_pages() if p.script == script)
    return page.title, "/" + page.url_path


def games_pages() -> list[tuple[str, str]]:
    """Each registered game's analysis board (its ``pages.explorer``): title, address."""
    from dashboard.plugins import game_uis

    return [page_of(ui.pages.explorer) for ui in game_uis() if ui.pages.explorer]


@dataclass(frozen=True)
class LivePage:
    """A game's own live-game page, as the tools tap into it: the game, the page's title
    and address, its key (:func:`dashboard.live.live_key`) and the player count it starts
    with (the game's default, as the page offers it first)."""

    game: str
    title: str
    path: str
    key: str
    players: int


def live_pages() -> list[LivePage]:
    """The live-game page of each registered game that has one (its ``pages.live``)."""
    from dashboard.live import live_key
    from dashboard.plugins import game_uis
    from engine import get_game
    from engine.core.ruleset import make_ruleset

    pages = []
    for ui in game_uis():
        if ui.pages.live:
            game = get_game(ui.game)
            players = game.default_count(make_ruleset(game.ruleset_class))
            title, path = page_of(ui.pages.live)
            pages.append(LivePage(ui.game, title, path, live_key(ui.game), players))
    return pages


def _load(d: Driver, row: Row, path: str, warm: bool = False, base: str = "") -> None:
    """One timed load of ``path`` (on the server at ``base``, default the app's) into
    ``row`` (``warm``: not kept); a page that does not settle is named in its row, and
    the other pages are still timed."""
    from playwright.sync_api import Error as PlaywrightError

    if row.error:
        return
    try:
        got = d.load(path, base=base)
    except PlaywrightError as exc:
        row.error = str(exc).strip().splitlines()[0][:80]
        return
    if not warm:
        row.add(got)


def bench_loads(d: Driver, reps: int, words: list[str] | None = None) -> list[Row]:
    """Each page's first load (a warm server: it has run the page once; the browser's cache
    holds Streamlit's scripts, as on a second visit), and the same for a page of two lines
    on a second server with the app's settings: the floor, Streamlit's own start-up (its
    scripts run, the websocket opened, a page drawn), which no page of the app can beat.
    The repetitions take turns (a few pages, the floor, the next few pages, the floor…,
    every page once a round), so a change of the machine's load while the section runs
    weighs on the floor as on the pages; the floor, which every ratio divides by, is
    loaded after every :data:`FLOOR_EVERY` pages, so its median rests on more loads than
    one page's. The floor is opened in the same tab as the pages (its own server's address):
    a second throttled tab, even idle on a blank page, made every load in the first one
    about 40 % slower and the ratio less sure. ``words``: only the pages whose name
    contains one of them (the floor always)."""
    pages = [
        (name, path)
        for name, path in LOAD_PAGES
        if not words or any(w.lower() in name.lower() for w in words)
    ]
    rows = {name: Row(name, "first load", "load", d.screen) for name, _ in pages}
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "empty.py"
        script.write_text(FLOOR_SCRIPT)
        with server(script) as url:
            rows[FLOOR] = Row(FLOOR, "first load", "load", d.screen)
            d.load("/", base=url)
            for name, path in pages:
                _load(d, rows[name], path, warm=True)  # the server has run the page once
            for _ in range(reps):
                for i, (name, path) in enumerate(pages, 1):
                    _load(d, rows[name], path)
                    if i % FLOOR_EVERY == 0 or i == len(pages):
                        _load(d, rows[FLOOR], "/", base=url)
    return list(rows.values())


def step_expr(n: int) -> str:
    return (
        f"window.tabletopExplorer && window.tabletopExplorer.step === {n} && "
        f"(!document.querySelector('[data-board-step]') || "
        f"document.querySelector('[data-board-step]').getAttribute('data-board-step') "
        f"=== '{n}')"
    )


def bench_board(d: Driver, reps: int) -> list[Row]:
    rows = []
    for name, path in games_pages():
        row = Row(name, "analysis board →", "step", d.screen)
        start = 10
        d.load(f"{path}?step={start}", step_expr(start))
        # a game graded as it opens (Whist, deal by deal): its progress redraws the page
        # while it runs, which no step causes; the steps are timed once it is over
        d.page.wait_for_function(
            "() => !/Graded [0-9]+ of [0-9]+ deals?…/.test(window.__bench.main())", timeout=600_000
        )
        d.settled()
        for i in range(1, reps + 1):
            row.add(d.timed(lambda: d.page.keyboard.press("ArrowRight"), step_expr(start + i)))
        rows.append(row)
    return rows


def _event_expr(n: int) -> str:
    return f"/Event {n}(?![0-9])/.test(B.main())"


def _confirmed_expr(n: int) -> str:
    """The tap pad (dashboard/components/tap.py) shows event ``n`` with no tap waiting for
    the server (true at once for a page without the pad: its event line is the server's)."""
    roots = "document.querySelectorAll('.tt-tap[data-tap-event]')"
    return (
        f"{_event_expr(n)} && [...{roots}].every(r => r.dataset.tapEvent === '{n}' "
        f"&& r.dataset.tapPending === '0')"
    )


def _live(d: Driver, reps: int, live: LivePage) -> Row:
    from dashboard.live import button_key
    from engine import CHANCE, get_game

    key, label = live.key, live.title
    row = Row(label, "live game tap", "tap", d.screen)
    d.load(live.path)
    d.page.get_by_role("button", name="Start the game").click()
    d.page.wait_for_url(f"**{key}=*")
    d.settled(_event_expr(0))
    game = get_game(live.game)
    twin = game.new_initial_state(live.players)
    bot = game.make_bot("random")
    rng = random.Random(live.game)  # the same moves in every run
    for n in range(1, reps + 1):
        if twin.is_terminal():
            break
        if twin.current_player() == CHANCE:
            action = twin.sample_chance(rng)
            bkey = button_key(key, "o", str(action))
        else:
            action = bot.choose(twin, twin.current_player(), rng)
            bkey = button_key(key, "m", str(action))
        button = d.button(bkey)
        button.scroll_into_view_if_needed()
        # settled: the tap drawn and the page still (the pad sends the tap a moment later,
        # and the server's rerun then draws the same page); confirmed: the server has it
        got = d.timed(button.click, _event_expr(n))
        at_settle = d.page.evaluate("window.__bench.main()")
        d.page.wait_for_function(
            f"() => {{ const B = window.__bench; return {_confirmed_expr(n)}; }}",
            polling=POLL_MS,
            timeout=TIMEOUT_MS,
        )
        confirmed = d.page.evaluate("performance.now() - window.__bench.t0")
        d.settled()  # the confirming rerun over before the next tap
        if d.page.evaluate("window.__bench.main()") != at_settle:
            print(f"# {label}, tap {n}: the confirming rerun changed the page", file=sys.stderr)
        row.add((*got[:3], confirmed))
        twin.apply(action)
    return row


def bench_live(d: Driver, reps: int) -> list[Row]:
    return [_live(d, reps, live) for live in live_pages()]


def bench_play(d: Driver, reps: int) -> list[Row]:
    """Your moves in a game against the bots (the page's first game), the bots 2 s apart;
    between two moves "Skip to my turn" (untimed) brings the turn back."""
    page = d.page
    row = Row("Play against the bots", "your move", "tap", d.screen)
    d.load("/play")
    slider = page.get_by_test_id("stSlider").get_by_role("slider")
    slider.focus()
    slider.press("End")  # 2 s between bot moves: they do not run into the timed move
    d.settled("true")
    page.get_by_label("Seed (optional: the same seed deals the same game)").fill("11")
    page.get_by_label("Seed (optional: the same seed deals the same game)").press("Enter")
    d.settled("true")
    page.get_by_role("button", name="Start playing").click()
    page.wait_for_url("**play=*")
    mine = page.locator("[class*='st-key-play_m_'] button:visible")
    yours = "/Your turn/.test(B.main())"
    for _ in range(reps):
        skip = page.locator(".st-key-play_skip button:visible")
        deadline = time.monotonic() + 60
        while not (page.get_by_text("Your turn").count() and mine.count()):
            if page.get_by_text("Game over").count() or time.monotonic() > deadline:
                return [row]
            if skip.count():
                skip.first.click()
            page.wait_for_timeout(100)
        d.settled(yours)
        target = mine.first
        target.scroll_into_view_if_needed()
        row.add(d.timed(target.click, CHANGED))
    return [row]


def bench_score_sheet(d: Driver, reps: int) -> list[Row]:
    row = Row("Score sheet", "add a deal", "tap", d.screen)
    d.load("/whist_score_sheet")
    total = "document.querySelector('[data-testid=stMetricValue]')"
    for n in range(1, reps + 1):
        add = d.page.get_by_role("button", name="Add deal")
        add.scroll_into_view_if_needed()
        expr = f"{total} && {total}.textContent.trim() === '{3 * n}'"
        row.add(d.timed(add.click, expr))
    return [row]


def _edits(d: Driver, row: Row, label: str, values: list[str]) -> Row:
    box = d.page.get_by_label(label, exact=True)
    for value in values:
        box.scroll_into_view_if_needed()
        box.fill(value)  # typed; the edit is sent by Enter
        row.add(d.timed(lambda: box.press("Enter"), CHANGED))
    return row


def bench_calculators(d: Driver, reps: int) -> list[Row]:
    rows = []
    d.load("/stock_holdem_calculator")
    slot = ["?A", "5W", "?", "7?", "9A", "BULL"]
    rows.append(
        _edits(
            d,
            Row("Price calculator", "edit a slot", "edit", d.screen),
            "Slot 5",
            [slot[i % len(slot)] for i in range(reps)],
        )
    )
    d.load("/stack5_calculator")
    seen = ["R1 R2", "G5 JK", "B4", "R3 R4 R5", "Y1", "G2 G3"]
    rows.append(
        _edits(
            d,
            Row("Bust odds", "edit the rows seen", "edit", d.screen),
            "Cards in every player's rows",
            [seen[i % len(seen)] for i in range(reps)],
        )
    )
    d.load("/stock_holdem_table_tracker")
    hand = ["3A 5W", "9A", "2F 7W", "BULL 4A", "6W", "8F 1A"]
    rows.append(
        _edits(
            d,
            Row("Table tracker", "edit your hand", "edit", d.screen),
            TRACKER_HAND,
            [hand[i % len(hand)] for i in range(reps)],
        )
    )
    return rows


TRACKER_HAND = "Your hand"


def bench_practice(d: Driver, reps: int) -> list[Row]:
    """Practice Stack 5: an answer (a choice tapped, or a number typed and Enter) until
    its verdict shows and the page is still; **confirmed**: until the server has recorded
    it (the answer's component sends it a moment after drawing the verdict,
    :mod:`dashboard.components.answer`). Then the next question (not timed)."""
    row = Row("Practice Stack 5", "answer a question", "tap", d.screen)
    # the question is there when its choices (or its answer field) are
    asked = (
        "/Rule:/.test(B.main()) && !!document.querySelector("
        "'.st-key-practice_choice_0 button, .tt-answer .tt-input, [data-testid=stTextInput] input')"
    )
    d.load("/stack5_practice", asked)
    answered = "/Next question/.test(B.main())"
    saved = "!!document.querySelector('.tt-answer[data-confirmed=\"1\"]')"
    for _ in range(reps):
        choice = d.page.locator(".st-key-practice_choice_0 button")
        if choice.count():
            got = d.timed(choice.click, answered)
            d.page.wait_for_function(f"() => {saved}", polling=POLL_MS, timeout=TIMEOUT_MS)
            at = d.page.evaluate("performance.now() - window.__bench.t0")
            row.add((*got[:3], at))
        else:  # a number typed: the same component, or a form where it has no browser
            box = d.page.locator(".tt-answer .tt-input, [data-testid=stTextInput] input").first
            box.fill("3")
            got = d.timed(functools.partial(box.press, "Enter"), answered)
            if d.page.locator(".tt-answer .tt-input").count():
                d.page.wait_for_function(f"() => {saved}", polling=POLL_MS, timeout=TIMEOUT_MS)
                row.add((*got[:3], d.page.evaluate("performance.now() - window.__bench.t0")))
            else:
                row.add((*got[:3], got[1]))
        d.page.get_by_role("button", name="Next question").click()
        d.settled(f"!/Next question/.test(B.main()) && {asked}")
    return [row]


SECTIONS: dict[str, Callable[[Driver, int], list[Row]]] = {
    "load": bench_loads,
    "board": bench_board,
    "live": bench_live,
    "play": bench_play,
    "sheet": bench_score_sheet,
    "calc": bench_calculators,
    "practice": bench_practice,
}


# --- the table -------------------------------------------------------------------------------


def _ms(x: float) -> str:
    return f"{x:,.0f}"


def floors(rows: list[Row]) -> dict[str, float]:
    """The floor's settled median per screen (the screens whose floor was measured)."""
    return {
        r.screen: statistics.median(r.settled)
        for r in rows
        if r.page == FLOOR and r.settled and not r.error
    }


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table. **× floor**: a first load's settled median over the
    floor's (the empty Streamlit page's) settled median on the same screen in the same run,
    the figure a page is held to (≤ :data:`FLOOR_RATIO`); "—" for other interactions or
    without a floor row."""
    head = (
        "| screen | page | interaction | n | shown, median ms | confirmed, median ms "
        "| settled, median ms | settled, max ms | × floor | target ms | met "
        "| sent, median KB |\n"
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|:---:|---:|"
    )
    lines = [head]
    floor = floors(rows)
    for r in rows:
        target = TARGETS[r.kind]
        if r.error or not r.settled:
            lines.append(
                f"| {SCREENS[r.screen][0]} | {r.page} | {r.interaction} | 0 | — | — | — | — "
                f"| — | {_ms(target)} | {r.error or 'not measured'} | — |"
            )
            continue
        med = statistics.median(r.settled)
        ratio = "—"
        if r.kind == "load" and floor.get(r.screen):
            ratio = f"{med / floor[r.screen]:.2f}"
            if r.page != FLOOR and med / floor[r.screen] > FLOOR_RATIO:
                ratio += " ✗"
        lines.append(
            f"| {SCREENS[r.screen][0]} | {r.page} | {r.interaction} | {len(r.settled)} "
            f"| {_ms(statistics.median(r.shown))} "
            f"| {_ms(statistics.median(r.confirmed)) if r.confirmed else '—'} "
            f"| {_ms(med)} | {_ms(max(r.settled))} | {ratio} "
            f"| {_ms(target)} | {'yes' if med <= target else 'no'} "
            f"| {statistics.median(r.kb) if r.kb else 0:,.1f} |"
        )
    return "\n".join(lines)


def run_browser(
    sections: list[str],
    screens: list[str],
    reps: int,
    out=print,
    words: list[str] | None = None,
) -> list[Row]:
    """The ``sections`` at each of the ``screens``; ``words`` narrow the load section's
    pages (:func:`bench_loads`)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"{CHROMIUM} is not installed (apt-get install chromium)")
    rows: list[Row] = []
    with server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for screen in screens:
                for name in sections:
                    d = Driver(browser, url, screen)
                    start = time.monotonic()
                    try:
                        got = (
                            bench_loads(d, reps, words)
                            if name == "load"
                            else SECTIONS[name](d, reps)
                        )
                    except PlaywrightError as exc:
                        first = str(exc).strip().splitlines()[0][:80]
                        got = [Row(name, "(section failed)", "tap", screen, error=first)]
                    finally:
                        d.close()
                    rows.extend(got)
                    out(
                        f"# {SCREENS[screen][0]} · {name}: {time.monotonic() - start:.0f} s",
                        file=sys.stderr,
                    )
        finally:
            browser.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dashboard.tools.bench", description=__doc__)
    parser.add_argument("--browser", action="store_true", help="time the app in Chromium")
    parser.add_argument(
        "--app",
        action="store_true",
        help="time each page under AppTest (load, change a widget, main button; target 300 ms;"
        " the default without --browser)",
    )
    parser.add_argument(
        "--only",
        default=",".join(SECTIONS),
        help=f"browser sections, comma-separated (default all: {','.join(SECTIONS)})",
    )
    parser.add_argument("--screens", default="1280,390", help="1280 and/or 390 (default both)")
    parser.add_argument(
        "--reps", type=int, default=None, help="repetitions (browser: 5, AppTest: 3)"
    )
    parser.add_argument(
        "pages",
        nargs="*",
        help="words of page titles: the AppTest bench's pages, or the browser's load section's",
    )
    args = parser.parse_args(argv)
    if args.app and args.browser:
        parser.error("--app or --browser, not both")
    if not args.browser:
        from dashboard.tools import bench_app

        reps = 3 if args.reps is None else args.reps
        if not 1 <= reps <= 1000:
            parser.error("--reps: 1 to 1000")
        try:
            bench_app.run(args.pages or None, runs=reps)
        except ValueError as exc:  # no page matches the words: the message names the pages
            print(f"error: {exc}", file=sys.stderr)
            return 1
        return 0
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    screens = [s.strip() for s in args.screens.split(",") if s.strip()]
    bad = [s for s in sections if s not in SECTIONS] + [s for s in screens if s not in SCREENS]
    if bad:
        parser.error(f"unknown: {', '.join(bad)}")
    reps = args.reps or 5
    if not 1 <= reps <= 50:
        parser.error("--reps: 1 to 50")
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()
    rows = run_browser(sections, screens, reps, words=args.pages or None)
    print(
        f"Browser bench, {started}; load average before: {load[0]:.2f} {load[1]:.2f} "
        f"{load[2]:.2f}; {reps} repetitions; settled = quiet {QUIET_MS} ms"
    )
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
