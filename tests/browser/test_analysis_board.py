"""The analysis board in headless Chromium: it steps in the browser with no round trip —
keys anywhere on the page (not in a field), twenty presses 50 ms apart move twenty steps,
a click on a move or a chart jumps there — and the address bar follows after the
debounce; a deep link opens the exact step and a reload keeps it; grades that arrive
later keep the step. At 1280 px and at 390 px. Waits use the app's own signals: the
board's ``data-board-step``, ``window.tabletopExplorer``, the absence of Streamlit's
running indicator. Screenshots of the four games go to /tmp/shots/ (to look at)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import read_jsonl

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = Path("/tmp/shots")
DATA = Path(__file__).resolve().parents[2] / "data"
BOARD = ".tt-board"
GAMES = {  # a graded game of each (the first Whist file's two-player games are not graded)
    "stack5": "",
    "owners_choice": "",
    "stock_holdem": "",
    "whist": "&file=bid4.jsonl&game=3",
}


def settled(page) -> None:
    """Streamlit has no run in progress (its running indicator is gone)."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000
    )


def board(page, url: str) -> None:
    """Open an explorer URL and wait until the board has drawn a step and the page is
    settled."""
    page.goto(url)
    page.wait_for_selector(f"{BOARD}[data-board-step]:not([data-board-step=''])", timeout=60_000)
    page.wait_for_function("() => window.tabletopExplorer && window.tabletopBoardKeys")
    settled(page)


def shown_step(page) -> tuple[int, int]:
    """(the step the board shows, the last step), read from the board itself."""
    step = int(page.locator(BOARD).get_attribute("data-board-step"))
    x = page.evaluate("() => window.tabletopExplorer")
    assert x["step"] == step
    head = page.locator(f"{BOARD} .tt-head").inner_text()
    assert head.startswith(f"Step {step} of {x['last']}"), head
    return step, x["last"]


def wait_step(page, step: int) -> None:
    page.wait_for_selector(f"{BOARD}[data-board-step='{step}']")


def wait_url_step(page, step: int) -> None:
    """The address bar follows the board once its report reached the server."""
    page.wait_for_function(
        "(n) => new URLSearchParams(location.search).get('step') === String(n)", arg=step
    )


def no_trouble(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


# each check at both widths; the phone's second is in make test-slow (the suite's time),
# but for the twenty presses (both widths in every run)
@pytest.fixture(params=[1280, pytest.param(390, marks=pytest.mark.slow)], ids=["1280px", "390px"])
def viewer(request, page, phone):
    return page if request.param == 1280 else phone


@pytest.mark.parametrize("viewer", [1280, 390], ids=["1280px", "390px"], indirect=True)
def test_twenty_presses_50_ms_apart_move_twenty_steps(viewer, app_url):
    board(viewer, app_url + "/stack5_games?step=10")
    for _ in range(20):
        viewer.keyboard.press("ArrowRight")  # no click anywhere first
        viewer.wait_for_timeout(50)  # the presses' pace, not a wait for the page
    # drawn in the browser at once: no wait for the server
    assert shown_step(viewer)[0] == 30
    wait_url_step(viewer, 30)
    settled(viewer)
    assert shown_step(viewer)[0] == 30  # the server's rerun did not move the board
    for _ in range(3):
        viewer.keyboard.press("ArrowLeft")
    assert shown_step(viewer)[0] == 27
    wait_url_step(viewer, 27)
    no_trouble(viewer)


def test_end_and_home_jump_to_the_ends(page, app_url):
    board(page, app_url + "/stack5_games?step=10")
    _, last = shown_step(page)
    page.keyboard.press("End")
    assert shown_step(page)[0] == last
    assert "Game over" in page.locator(f"{BOARD} .tt-state").inner_text()
    page.keyboard.press("Home")
    assert shown_step(page)[0] == 0
    wait_url_step(page, 0)
    no_trouble(page)


def test_keys_typed_into_a_field_do_not_step(page, app_url):
    board(page, app_url + "/stack5_games?step=4")
    field = page.locator(".st-key-xp_stack5_num input")
    field.click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert shown_step(page)[0] == 4


def test_a_deep_link_opens_the_exact_step_and_a_reload_keeps_it(viewer, app_url):
    record = read_jsonl(DATA / "stack5" / "games.jsonl")[2]
    board(viewer, app_url + "/stack5_games?src=recorded&file=games.jsonl&game=3&step=12")
    assert shown_step(viewer) == (12, len(record.actions))
    head = viewer.locator(f"{BOARD} .tt-head").inner_text()
    from dashboard.explorer.board import said_moves
    from dashboard.explorer.words import player
    from dashboard.plugins import game_ui
    from engine import states

    names = [player(i) for i in range(len(record.players))]
    said = said_moves(game_ui("stack5"), states(record), record.actions, names)
    assert said[11] in head  # the move in words
    viewer.keyboard.press("ArrowRight")
    wait_url_step(viewer, 13)
    viewer.reload()
    board(viewer, viewer.url)
    assert shown_step(viewer) == (13, len(record.actions))
    assert "game=3" in viewer.url and "file=games.jsonl" in viewer.url
    no_trouble(viewer)


def test_a_click_on_a_move_jumps_there_and_the_list_follows_the_step(viewer, app_url):
    board(viewer, app_url + "/stack5_games?file=four_heuristic.jsonl&game=1&step=150")

    def current_row_visible() -> bool:
        return viewer.evaluate(
            """() => { const box = document.querySelector('.tt-board .tt-moves');
            const row = box.querySelector('tr.cur'); const b = box.getBoundingClientRect();
            const r = row.getBoundingClientRect();
            return r.top >= b.top && r.bottom <= b.bottom + 1 }"""
        )

    assert current_row_visible()
    assert viewer.locator(f"{BOARD} tr.cur td").first.inner_text() == "▶ 150"
    viewer.keyboard.press("End")
    _, last = shown_step(viewer)
    assert current_row_visible()
    row = viewer.locator(f"{BOARD} .tt-moves tr[data-step='{last - 2}']")
    row.scroll_into_view_if_needed()
    row.click()
    assert shown_step(viewer)[0] == last - 2
    wait_url_step(viewer, last - 2)
    no_trouble(viewer)


def test_a_chart_click_jumps_to_its_step(viewer, app_url):
    board(viewer, app_url + "/owners_choice_games?step=0")
    chart = viewer.locator(f"{BOARD} svg.tt-chart").first
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    _, last = shown_step(viewer)
    # the middle of the plot area (the y axis' labels take the first 44 of the svg's px)
    x = box["x"] + 44 + (box["width"] - 54) * 0.5
    chart.click(position={"x": x - box["x"], "y": box["height"] / 2})
    step, _ = shown_step(viewer)
    assert abs(step - last / 2) <= 2, (step, last)
    cursor = chart.locator(".tt-cursor")
    assert abs(float(cursor.get_attribute("x1")) - (x - box["x"])) < 6  # the cursor moved
    wait_url_step(viewer, step)
    no_trouble(viewer)


def test_a_click_on_a_value_lost_bar_jumps_to_that_move(page, app_url):
    board(page, app_url + "/stock_holdem_games?step=0&grade=1")
    charts = page.locator(f"{BOARD} .tt-cbox")
    lost = charts.filter(has_text="Value lost by each graded decision")
    lost.wait_for(timeout=60_000)
    lost.scroll_into_view_if_needed()
    bars = lost.locator("rect")
    boxes = bars.evaluate_all(
        "rs => rs.map(r => { const b = r.getBoundingClientRect();"
        " return [b.x + b.width / 2, b.y + b.height / 2, b.height] })"
    )
    x, y, _ = max(boxes, key=lambda b: b[2])  # the biggest loss of the game
    page.mouse.click(x, y)
    step, _ = shown_step(page)
    assert step > 0
    head = page.locator(f"{BOARD} .tt-head").inner_text()
    assert re.search(r" \?\??!? · ", head) or "?" in head, head  # the move is marked
    no_trouble(page)


def test_grades_that_arrive_later_keep_the_step(page, app_url):
    board(page, app_url + "/stack5_games?step=30")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert shown_step(page)[0] == 35
    # the step's report to the server reruns the page: a click in that rerun can be
    # drawn over by the old toggle, so click once it is done and until the toggle is on
    wait_url_step(page, 35)
    settled(page)
    toggle = page.locator(".st-key-xp_stack5_grade input").first
    for _ in range(3):
        if toggle.is_checked():
            break
        page.locator(".st-key-xp_stack5_grade label").first.click()  # grade the moves
        settled(page)
    assert toggle.is_checked()
    page.locator(f"{BOARD} .tt-cbox", has_text="Value lost by each graded decision").wait_for(
        timeout=60_000
    )
    settled(page)
    assert shown_step(page)[0] == 35
    assert page.locator(f"{BOARD} .tt-moves td", has_text=re.compile(r" (\?\?|\?|\?!|!\?)$"))
    no_trouble(page)


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    settled(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize(
    "game", [g if g == "stack5" else pytest.param(g, marks=pytest.mark.slow) for g in GAMES]
)
def test_screenshots_of_the_board_with_grades(page, phone, app_url, game):
    url = app_url + f"/{game}_games?step=30&grade=1{GAMES[game]}"
    page.set_viewport_size({"width": 1280, "height": 2400})
    board(page, url)
    page.locator(f"{BOARD} .tt-cbox", has_text="Value lost").first.wait_for(timeout=60_000)
    shoot(page, f"board_{game}_1280")
    no_trouble(page)
    phone.set_viewport_size({"width": 390, "height": 3200})
    board(phone, url)
    phone.locator(f"{BOARD} .tt-cbox", has_text="Value lost").first.wait_for(timeout=60_000)
    shoot(phone, f"board_{game}_390")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the board is {width}px wide at a 390px viewport"
    # one compact row of step buttons above the board
    tops = [
        phone.locator(f"{BOARD} .tt-{name}").bounding_box()["y"]
        for name in ("first", "prev", "next", "last")
    ]
    assert max(tops) - min(tops) < 2, tops
    no_trouble(phone)


def test_the_same_step_in_another_game_still_reaches_the_address_bar(page, app_url):
    board(page, app_url + "/stack5_games?src=recorded&file=games.jsonl&game=1&step=0")
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    wait_url_step(page, 7)
    settled(page)
    page.locator(".st-key-xp_stack5_num button").last.click()  # the next game: its start
    page.wait_for_function("() => new URLSearchParams(location.search).get('game') === '2'")
    wait_step(page, 0)
    settled(page)
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert shown_step(page)[0] == 7
    wait_url_step(page, 7)  # reported again though the step's number is the same
    no_trouble(page)


def test_the_bot_hint_button_follows_the_step_at_once_and_answers(page, app_url):
    """Where chance acts the hint button is hidden as the step is drawn (the board does
    it, no round trip); the step's rerun keeps the same button (nothing on screen moves);
    at a decision the button answers with the bot's move."""
    from engine import states

    record = read_jsonl(DATA / "stack5" / "games.jsonl")[2]
    sts = states(record)
    chance = next(i for i in range(12, 40) if sts[i].current_player() < 0)
    decision = next(i for i in range(chance + 1, 60) if sts[i].current_player() >= 0)
    hint = page.locator("[class*='_bothint'] button")
    board(page, f"{app_url}/stack5_games?src=recorded&file=games.jsonl&game=3&step={decision}")
    assert hint.is_visible()
    hint.evaluate("b => { b.dataset.mine = '1'; }")  # this very node, across the reruns
    page.keyboard.press("Home")
    for _ in range(chance):
        page.keyboard.press("ArrowRight")
    wait_step(page, chance)
    assert not hint.is_visible()  # hidden as the step is drawn, before any report
    wait_url_step(page, chance)
    settled(page)
    assert not hint.is_visible() and hint.get_attribute("data-mine") == "1"
    for _ in range(decision - chance):
        page.keyboard.press("ArrowRight")
    wait_step(page, decision)
    assert hint.is_visible()
    wait_url_step(page, decision)
    settled(page)
    assert hint.get_attribute("data-mine") == "1"  # the rerun drew the same button
    hint.click()
    page.wait_for_selector("[data-testid='stAlert']:has-text('would play')", timeout=60_000)
    no_trouble(page)
