"""A club night on one server: many real browser sessions at once, with a heavy job running.

``python -m dashboard.tools.load`` (``make load``) starts the real server on a fresh data folder
and drives it with many sessions at the same time, at a human pace, for ``--minutes``
minutes — the phones, score sheets and boards as light clients of Streamlit's own
websocket protocol (:mod:`dashboard.tools.st_client`; ``--clients browser`` makes them Chromium
pages), the Bots match as a Playwright page in Debian's Chromium:

* ``--tables`` live tables of ``--phones`` phones (390 px): each phone enters its own live
  game by taps (Stack 5 and Owner's Choice tables in turn), 1–2.5 s between two taps;
* ``--sheets`` Whist score sheets, a deal added every 3–6 s;
* ``--boards`` analysis boards, a → press every 0.3–1 s;
* ``--heavy`` Bots matches, one after the other, on the Bots page (the heavy job).

Before the sessions arrive, each page they open is opened once (``--cold``: not), as on a
server that has served since the evening began: a page's first run imports its modules.

``--solo TAPS`` times a tap alone instead: one protocol client, nothing else on the
server, ``TAPS`` taps into each live game.

It prints, per kind of interaction, the count and the p50 / p95 / max time from the input
to the settled page (the browser bench's "settled", :mod:`dashboard.tools.bench`), the target
beside (:data:`TARGET_MS` for the 95th percentile of taps, edits and steps), the machine's
load average, and what was lost: every live event tapped must be in its stored game, in
order, and every score-sheet deal in its stored sheet; every page must show its own game
(no session sees another's). It is a measurement, not a test: ``make test`` never runs it.

The clients share the machine with the server: on 2 cores a browser drawing many pages
takes much of the CPU, so with ``--clients browser`` the figures are an upper bound on
what the server costs; a protocol client's time is the server's whole share of a tap (the
round trip and the run, every element received), without the browser's drawing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dashboard.tools.bench import games_pages, live_pages, page_of, step_expr
from dashboard.tools.browser import (
    ARM,
    CHROMIUM,
    FLAGS,
    INSTRUMENT,
    POLL_MS,
    QUIET_MS,
    SETTLED,
    TARGETS,
    TIMEOUT_MS,
    server,
)

if TYPE_CHECKING:
    from dashboard.game_ui import EntrySheet

TARGET_MS = 500.0  # p95 of taps, edits and steps while the heavy job runs
OPEN_TIMEOUT_MS = 180_000  # a first load while every other session plays
ARRIVAL_S = 3.0  # one more session arrives every ARRIVAL_S seconds


def entry_sheets() -> list[EntrySheet]:
    """Each registered game's table tool that adds entries to a stored document (its
    :class:`dashboard.game_ui.EntrySheet`: a score sheet)."""
    from dashboard.plugins import game_uis

    return [ui.pages.entry_sheet for ui in game_uis() if ui.pages.entry_sheet is not None]


@dataclass
class Report:
    """What every client measured and found."""

    times: dict[str, list[float]] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)

    def count(self, what: str, n: int = 1) -> None:
        self.checked[what] = self.checked.get(what, 0) + n


async def _page(browser, width: int = 390, height: int = 844):
    context = await browser.new_context(viewport={"width": width, "height": height})
    await context.add_init_script(INSTRUMENT)
    page = await context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


async def _settled(page, expr: str = "true", timeout: float = TIMEOUT_MS) -> float:
    handle = await page.wait_for_function(
        SETTLED, arg=[expr, QUIET_MS], polling=POLL_MS, timeout=timeout
    )
    return float((await handle.json_value())["settled"])


async def _timed(page, act, expr: str) -> float:
    await page.evaluate(ARM)
    await act()
    return await _settled(page, expr)


async def _open(page, url: str, expr: str = "true", report: Report | None = None) -> None:
    """Open a page (the sessions arrive a few seconds apart, as players do) and wait until
    it is drawn; its time goes to the report as a first load in Chromium (the browser's own
    start-up included, on the same two cores)."""
    await page.goto(url, wait_until="commit")  # a new document: the clock starts with it
    ms = await _settled(page, expr, timeout=OPEN_TIMEOUT_MS)
    if report is not None:
        report.add("first load in Chromium (while the others play)", ms)


def _event_expr(n: int) -> str:
    return f"/Event {n}(?![0-9])/.test(B.main())"


def _query(url: str, name: str) -> str:
    from urllib.parse import parse_qs, urlparse

    return parse_qs(urlparse(url).query).get(name, [""])[0]


def _stored(kind: str, entry_id: str) -> str:
    """An entry's text in the server's store (the same folder: ``TABLETOP_DATA_DIR``)."""
    from dashboard.store.entries import default_store

    return default_store().load(kind, entry_id)[0]


async def live_phone(browser, url, report, deadline, table, phone, rng) -> None:
    """One phone entering its own live game by taps until the deadline or the game's end."""
    from dashboard.live import button_key
    from engine import CHANCE, get_game
    from engine.core.records import GameRecord

    lives = live_pages()
    live = lives[table % len(lives)]
    game_name, path, key, players = live.game, live.path, live.key, live.players
    page = await _page(browser)
    await _open(page, url + path, "/Start the game/.test(B.main())", report)
    await page.get_by_role("button", name="Start the game").click()
    await page.wait_for_url(f"**{key}=*")
    await _settled(page, _event_expr(0))
    twin = get_game(game_name).new_initial_state(players)
    bot = get_game(game_name).make_bot("random")
    tapped: list[str] = []
    while time.monotonic() < deadline and not twin.is_terminal():
        await asyncio.sleep(rng.uniform(1.0, 2.5))
        if twin.current_player() == CHANCE:
            action, kind = twin.sample_chance(rng), "o"
        else:
            action, kind = bot.choose(twin, twin.current_player(), rng), "m"
        button = page.locator(f".st-key-{button_key(key, kind, str(action))} button:visible")
        await button.first.scroll_into_view_if_needed()
        report.add("live tap", await _timed(page, button.first.click, _event_expr(len(tapped) + 1)))
        twin.apply(action)
        tapped.append(str(action))
    live_id = _query(page.url, key)
    stored = GameRecord.from_json(_stored(f"live:{game_name}", live_id)).actions
    if stored != tapped:
        report.lost.append(
            f"{game_name} table {table} phone {phone}: {len(tapped)} taps, stored "
            f"{len(stored)}, first difference at event "
            f"{next((i for i, (a, b) in enumerate(zip(stored, tapped)) if a != b), 0) + 1}"
        )
    report.count("live events checked", len(tapped))
    await page.context.close()


async def score_sheet(browser, url, report, deadline, n, rng) -> None:
    """One score sheet (a game's :class:`~dashboard.game_ui.EntrySheet`): the form's
    default entry added again and again."""
    sheets = entry_sheets()
    sheet = sheets[n % len(sheets)]
    page = await _page(browser)
    path = page_of(sheet.page)[1]
    await _open(page, url + path, f"/{sheet.add}/.test(B.main())", report)
    total = "document.querySelector('[data-testid=stMetricValue]')"
    deals = 0
    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(3.0, 6.0))
        add = page.get_by_role("button", name=sheet.add)
        await add.scroll_into_view_if_needed()
        shown = json.dumps(sheet.total_after(deals + 1))
        expr = f"{total} && {total}.textContent.trim() === {shown}"
        report.add("score-sheet deal", await _timed(page, add.click, expr))
        deals += 1
    if not deals:
        await page.context.close()
        return
    stored = sheet.entries(_stored(sheet.kind, _query(page.url, sheet.query)))
    if stored != deals:
        report.lost.append(f"score sheet {n}: {deals} deals added, {stored} stored")
    report.count("score-sheet deals checked", deals)
    await page.context.close()


async def tap(client, key: str, tab: str, done: int, action) -> float:
    """One tap on the live page's tap pad (:mod:`dashboard.components.tap`) as its
    JavaScript sends it: the tab's queue, here the one tap, at the version on view; the
    milliseconds until the server's run (which applies and stores it) finished."""
    pad = client.find(key=f"{key}_tappad")
    data = client.component_data(pad)
    queued = {"n": done + 1, "text": str(action), "v": data["version"], "since": done}
    state = {"taps": {"tab": tab, "live": data["live"], "taps": [queued]}}
    return await client.set_state(pad, state)


async def live_phone_ws(url, report, deadline, table, phone, rng) -> None:
    """:func:`live_phone` with the light protocol client (:mod:`dashboard.tools.st_client`):
    the same taps at the same pace, timed from the tap sent to the run finished."""
    from dashboard.tools.st_client import StClient
    from engine import CHANCE, get_game
    from engine.core.records import GameRecord

    lives = live_pages()
    live = lives[table % len(lives)]
    game_name, path, key, players = live.game, live.path, live.key, live.players
    started = time.perf_counter()
    client = await StClient.open(url, path.lstrip("/"), timeout=OPEN_TIMEOUT_MS / 1000)
    report.add("first load by a protocol client", (time.perf_counter() - started) * 1000)
    await client.click(client.find(label="Start the game"))
    twin = get_game(game_name).new_initial_state(players)
    bot = get_game(game_name).make_bot("random")
    tapped: list[str] = []
    while time.monotonic() < deadline and not twin.is_terminal():
        await asyncio.sleep(rng.uniform(1.0, 2.5))
        if twin.current_player() == CHANCE:
            action = twin.sample_chance(rng)
        else:
            action = bot.choose(twin, twin.current_player(), rng)
        report.add("live tap", await tap(client, key, f"t{table}p{phone}", len(tapped), action))
        twin.apply(action)
        tapped.append(str(action))
    live_id = _query("?" + client.query_string, key)
    await client.close()
    stored = GameRecord.from_json(_stored(f"live:{game_name}", live_id)).actions
    if stored != tapped:
        report.lost.append(
            f"{game_name} table {table} phone {phone}: {len(tapped)} taps, stored "
            f"{len(stored)}, first difference at event "
            f"{next((i for i, (a, b) in enumerate(zip(stored, tapped)) if a != b), 0) + 1}"
        )
    report.count("live events checked", len(tapped))


async def solo_taps(url, report, taps: int, seed: int) -> None:
    """``--solo``: one protocol client alone on the server taps ``taps`` events into each
    live game (a new game when one ends), 0.15 s apart: a tap's whole server run, without
    other sessions queueing beside it."""
    from dashboard.tools.st_client import StClient
    from engine import CHANCE, get_game

    for live in live_pages():
        game_name, path, key, players = live.game, live.path, live.key, live.players
        game = get_game(game_name)
        bot, rng = game.make_bot("random"), random.Random(seed)
        kind = f"solo tap, {game_name}"
        client = twin = None
        done = 0
        while len(report.times.get(kind, [])) < taps:
            if twin is None or twin.is_terminal():
                if client is not None:
                    await client.close()
                client = await StClient.open(url, path.lstrip("/"), timeout=OPEN_TIMEOUT_MS / 1000)
                await client.click(client.find(label="Start the game"))
                twin, done = game.new_initial_state(players), 0
            await asyncio.sleep(0.15)
            if twin.current_player() == CHANCE:
                action = twin.sample_chance(rng)
            else:
                action = bot.choose(twin, twin.current_player(), rng)
            report.add(kind, await tap(client, key, "solo", done, action))
            twin.apply(action)
            done += 1
        if client is not None:
            await client.close()


async def score_sheet_ws(url, report, deadline, n, rng) -> None:
    """:func:`score_sheet` with the light protocol client."""
    from dashboard.tools.st_client import StClient

    sheets = entry_sheets()
    sheet = sheets[n % len(sheets)]
    started = time.perf_counter()
    path = page_of(sheet.page)[1].lstrip("/")
    client = await StClient.open(url, path, timeout=OPEN_TIMEOUT_MS / 1000)
    report.add("first load by a protocol client", (time.perf_counter() - started) * 1000)
    deals = 0  # on the sheet now (a new sheet starts when a game is over)

    def check() -> None:
        stored = sheet.entries(_stored(sheet.kind, _query("?" + client.query_string, sheet.query)))
        if stored != deals:
            report.lost.append(f"score sheet {n}: {deals} deals added, {stored} stored")
        report.count("score-sheet deals checked", deals)

    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(3.0, 6.0))
        if sheet.over in client.text():  # as a club does: check it, then a new sheet
            check()
            await client.click(client.find(key=sheet.new_key))
            deals = 0
            continue
        report.add("score-sheet deal", await client.click(client.find(label=sheet.add)))
        deals += 1
    if deals:
        check()
    await client.close()


async def board(browser, url, report, deadline, path, rng) -> None:
    """One analysis board (at ``path``) stepped with → (back to the start with Home near
    the end)."""
    page = await _page(browser, 1280, 900)
    step = 1
    await _open(page, f"{url}{path}?step={step}", step_expr(step), report)
    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        if step >= 60:
            await _timed(page, lambda: page.keyboard.press("Home"), step_expr(0))
            step = 0
            continue
        step += 1
        report.add("board step", await _timed(page, lambda: page.keyboard.press("ArrowRight"),
                                              step_expr(step)))  # fmt: skip
    await page.context.close()


async def board_ws(url, report, deadline, path, rng) -> None:
    """:func:`board` with the light protocol client. The board draws a step in the
    browser at once (its JavaScript holds every step); what reaches the server is the
    step report (debounced), whose run keeps the address bar and the bot hint current.
    That run is what is timed here, from the report sent to the run finished; the page
    must show the bot hint button for the step reported, or say why there is none."""
    from dashboard.tools.st_client import StClient

    started = time.perf_counter()
    client = await StClient.open(url, path.lstrip("/"), {"step": "1"},
                                 timeout=OPEN_TIMEOUT_MS / 1000)  # fmt: skip
    report.add("first load by a protocol client", (time.perf_counter() - started) * 1000)
    reporter = next(w for w in client.widgets.values() if w.key.endswith("_reporter"))
    step = 1
    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        step = 0 if step >= 60 else step + 1
        sent = {"step": {"step": step, "at": int(time.time() * 1000)}}
        report.add("board step, the server's run", await client.set_state(reporter, sent))
        shown = _query("?" + client.query_string, "step")
        if shown != str(step):
            report.errors.append(f"board {path}: the address says step {shown}, not {step}")
            break
    await client.close()


async def bots_matches(browser, url, report, deadline) -> None:
    """The heavy job: Bots matches on the Bots page, one after the other."""
    page = await _page(browser, 1280, 900)
    await _open(page, url + "/bots", "/Play the match/.test(B.main())", report)
    while time.monotonic() < deadline:
        play = page.get_by_role("button", name="Play the match")
        done = "/Match played|Time is up|Match cancelled/.test(B.main())"
        ms = await _timed(page, play.click, done)
        report.add("bots match (heavy job)", ms)
    await page.context.close()


def warm_pages() -> list[str]:
    """The pages a club night's sessions open, opened once before they arrive (``--cold``:
    not): the live pages, the score sheets, the analysis boards and the Bots page."""
    return [
        *(live.path.lstrip("/") for live in live_pages()),
        *(page_of(sheet.page)[1].lstrip("/") for sheet in entry_sheets()),
        *(path.lstrip("/") for _title, path in games_pages()),
        "bots",
    ]


async def warm(url: str) -> None:
    """Open each page the sessions will open once, as a server does that has served since
    the evening began (its first run of a page imports that page's modules)."""
    from dashboard.tools.st_client import StClient

    for page in warm_pages():
        client = await StClient.open(url, page, timeout=OPEN_TIMEOUT_MS / 1000)
        await client.close()


async def _run(args, url: str, report: Report) -> None:
    from playwright.async_api import async_playwright

    rng = random.Random(args.seed)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        sessions = args.heavy + args.boards + args.sheets + args.tables * args.phones
        # everyone plays for the given minutes once the last session has arrived
        deadline = time.monotonic() + ARRIVAL_S * sessions + 60 * args.minutes
        boards = [path for _title, path in games_pages()]
        clients = [
            ("bots match", bots_matches(browser, url, report, deadline)) for _ in range(args.heavy)
        ]  # the heavy job first: it runs while the others arrive and play
        light = args.clients == "protocol"
        clients += [
            (f"board {boards[n % len(boards)]}", board_ws(url, report, deadline,
             boards[n % len(boards)], random.Random(rng.random())) if light else
             board(browser, url, report, deadline, boards[n % len(boards)],
                   random.Random(rng.random())))
            for n in range(args.boards)
        ]  # fmt: skip
        clients += [
            (f"score sheet {n}", score_sheet_ws(url, report, deadline, n,
                                                random.Random(rng.random())) if light else
             score_sheet(browser, url, report, deadline, n, random.Random(rng.random())))
            for n in range(args.sheets if entry_sheets() else 0)
        ]  # fmt: skip
        clients += [
            (f"live table {t} phone {ph}", live_phone_ws(url, report, deadline, t, ph,
                                                         random.Random(rng.random())) if light
             else live_phone(browser, url, report, deadline, t, ph, random.Random(rng.random())))
            for ph in range(args.phones)
            for t in range(args.tables)
        ]  # fmt: skip

        async def arrive(k: int, job):
            await asyncio.sleep(k * ARRIVAL_S)
            return await job

        names = [name for name, _job in clients]
        jobs = [arrive(k, job) for k, (_name, job) in enumerate(clients)]
        for name, done in zip(names, await asyncio.gather(*jobs, return_exceptions=True)):
            if isinstance(done, BaseException):
                why = " / ".join(str(done).splitlines()[:3])[:300]
                report.errors.append(f"{name}: {type(done).__name__}: {why}")
        await browser.close()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) by the nearest-rank method.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)
    5
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def table(report: Report) -> str:
    lines = [
        "| interaction | n | p50 | p95 | max | target (p95) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for kind, values in report.times.items():
        heavy = "heavy" in kind
        # a first load's target is the browser bench's, the others TARGET_MS
        most = TARGETS["load"] if kind.startswith("first load") else TARGET_MS
        target = "—" if heavy else f"≤ {most:.0f} ms"
        if not heavy:
            target += " ✓" if percentile(values, 0.95) <= most else " ✗"
        lines.append(
            f"| {kind} | {len(values)} | {statistics.median(values):.0f} ms | "
            f"{percentile(values, 0.95):.0f} ms | {max(values):.0f} ms | {target} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dashboard.tools.load", description=__doc__)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--sheets", type=int, default=2)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--heavy", type=int, default=1, help="Bots matches running at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clients",
        choices=["protocol", "browser"],
        default="protocol",
        help="phones, score sheets and boards as light clients of Streamlit's websocket "
        "protocol (default: they leave the CPU to the server) or as Chromium pages; the Bots "
        "match is a Chromium page either way",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="start the sessions on a cold server (by default each page they open is opened "
        "once first, as on a server that has been serving: a page's first run imports its "
        "modules)",
    )
    parser.add_argument(
        "--solo",
        type=int,
        default=0,
        metavar="TAPS",
        help="instead: one protocol client alone taps TAPS events into each live game "
        "(after a warm-up game of each), to time a tap's whole server run",
    )
    args = parser.parse_args(argv)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="tabletop-load-") as data:
        os.environ["TABLETOP_DATA_DIR"] = data  # the server's store, and ours to check it
        load_before = os.getloadavg()
        with server() as url:
            started = time.monotonic()
            if args.solo:
                asyncio.run(solo_taps(url, Report(), 3, args.seed + 1))  # the first runs load
                asyncio.run(solo_taps(url, report, args.solo, args.seed))
            else:
                if not args.cold:
                    asyncio.run(warm(url))
                    started = time.monotonic()
                asyncio.run(_run(args, url, report))
            took = time.monotonic() - started
        load_after = os.getloadavg()
    if args.solo:
        print(
            f"one protocol client alone, {args.solo} taps a game, on {os.cpu_count()} cores; "
            f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}\n"
        )
        print(table(report))
        return 0
    sessions = args.tables * args.phones + args.sheets + args.boards + args.heavy
    print(
        f"{sessions} sessions ({args.clients} clients for the phones, sheets and boards) for "
        f"{took / 60:.1f} min on {os.cpu_count()} cores ({'a cold' if args.cold else 'a warmed'}"
        f" server); load average "
        f"before {load_before[0]:.1f}, after {load_after[0]:.1f} (1 min) / {load_after[1]:.1f} "
        f"(5 min)\n"
    )
    print(table(report))
    print()
    for what, n in report.checked.items():
        print(f"{what}: {n}")
    print(f"lost: {len(report.lost)}" + "".join(f"\n  {x}" for x in report.lost))
    for error in report.errors:
        print(f"client error: {error}")
    return 1 if report.lost or report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
