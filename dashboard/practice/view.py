"""The practice page of a game: one drill at a time, scheduled by the learner's progress.

The drills come from :mod:`engine.practice` (generated and answered by the game's rules);
the schedule from :mod:`dashboard.practice.progress` (FSRS). A learner needs no account: their
progress is stored under an id in the URL (``?learner=``) once they answer, so a reload,
a shared link or a server restart brings it back; it can be saved and loaded as a file.
The question and its answer rerun alone (a fragment), so an answer shows at once.
"""

from __future__ import annotations

import html
from fractions import Fraction

import streamlit as st

from dashboard import folds, ui
from dashboard.html_charts import caption_html, modes_html
from dashboard.i18n import _, error_text, ngettext, percent, pgettext
from dashboard.live import use_pad
from dashboard.nav import learn_page
from dashboard.plugins import game_ui
from dashboard.practice.learner import ANSWERED, LEARNERS, progress, record, start_afresh_with
from dashboard.practice.progress import OWN_PUZZLES, PUZZLES, Progress
from dashboard.sections import section_link
from dashboard.words.phrases import phrase_text
from engine.core.errors import EngineError
from engine.practice import Drill, drill, kinds

ASKED = "practice_asked"  # session: game → (kind, seed) on view
#: session: the page was drawn with nothing to save (the save button off); the first
#: answer, recorded in a partial rerun, then reruns the whole page once to turn it on
TOOLS_EMPTY = "practice_tools_empty"


def refresh_tools() -> None:
    """Called at the end of a fragment that records answers: the first answer reruns the
    whole page, so the learner tools outside the fragment see there is progress to save."""
    if st.session_state.get(TOOLS_EMPTY) and progress()[0] is not None:
        st.session_state.pop(TOOLS_EMPTY, None)
        st.rerun()


def learn_link(url_path: str, d: Drill) -> str:
    """The address of the Learn section that teaches ``d``'s rule, opened on the table the
    question is about (the drill's ``learn_values``, e.g. a Whist variant)."""
    link = section_link(url_path, d.learn)
    for key, value in d.learn_values.items():
        link += f"&{key}={value}"
    return link


def _assumption_lines(d: Drill, words) -> list[str]:
    """Each [A] value the answer rests on, in the page's language (one line each)."""
    return [
        _("This answer uses a reading the rules leave open: {rule}.").format(
            rule=words(a.words).rstrip(".。")  # a rule worded as a sentence: one stop
        )
        for a in d.assumptions
    ]


def _save_review(d: Drill, right: bool) -> None:
    """Record the answer in the learner's stored progress."""
    record(lambda now: now.review(d.kind, d.seed, right))


def _value_words(value) -> str:
    """An answer value in words: a probability as a percent, a bracket as a range."""
    if isinstance(value, list | tuple) and len(value) == 2:
        return "–".join(_value_words(v) for v in value)
    if isinstance(value, str) and "/" in value:
        try:
            return percent(float(Fraction(value)), digits=1)
        except (ValueError, ZeroDivisionError):
            return value
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _choice_text(d: Drill, i: int, words) -> str:
    if i < len(d.choice_words) and d.choice_words[i]:
        return words(d.choice_words[i])
    return _value_words(d.choices[i] if d.choices is not None else d.answer)


def _answer(game: str, d: Drill, given) -> None:
    st.session_state.setdefault(ANSWERED, {})[game] = given
    _save_review(d, d.is_right(given))


def _next(game: str) -> None:
    st.session_state.get(ANSWERED, {}).pop(game, None)
    st.session_state.get(ASKED, {}).pop(game, None)


def practice_page(game: str) -> None:
    """The whole page for ``game``."""
    gui = game_ui(game)
    st.title(_("Practice: {game}").format(game=gui.title_text()))
    intro = _(
        "One question at a time about one rule. The rules answer it; a rule you get "
        "wrong comes back sooner."
    )
    from dashboard.guide.cards import play_doors

    modes = {"drills": _("Rules"), "puzzles": _("Puzzles from real games")}
    mode = ui.url_value("mode", "drills", choices=list(modes))
    if ui.in_browser():
        # the words and the two modes as links in one element: a tap is a switch of this
        # page's link (the start page's script), with no widget's scripts to load first
        st.html(caption_html(intro) + modes_html(modes, mode, _("Practise")))
        play_doors(game)
    else:  # AppTest: the same choice as a widget
        st.caption(intro)
        play_doors(game)
        mode = st.segmented_control(
            _("Practise"),
            list(modes),
            format_func=lambda m: modes[m],
            default=mode,
            required=True,
            key="practice_mode",
            label_visibility="collapsed",
        )
    ui.set_url(mode=mode)
    if mode == "puzzles":
        from dashboard.practice.puzzles import puzzle_section

        puzzle_section(game)
    else:
        try:
            kinds(game)
        except EngineError as exc:
            st.error(error_text(exc))
            return
        _question(game)
    _learner_tools()


@ui.fragment
def _question(game: str) -> None:
    gui = game_ui(game)
    opened, now = progress()
    asked = st.session_state.setdefault(ASKED, {})
    if game not in asked:
        asked[game] = now.next_question(game)
    kind, seed = asked[game]
    try:
        d = drill(game, kind, seed)
    except EngineError as exc:  # a kind gone from this version: ask another
        st.error(error_text(exc))
        asked.pop(game, None)
        return

    def words(phrase) -> str:
        return phrase_text(phrase, value=gui.practice.phrase_value)

    with st.container(border=True):
        # the rule, the question, what it assumes and its picture: one element (each
        # element is another part for a phone to draw on first load)
        head = caption_html(_("Rule: {rule}").format(rule=words(d.rule)))
        head += (
            "<p class='tt-prompt' style='font-size:1.25rem;font-weight:600;line-height:1.4;"
            f"margin:0.25rem 0 0.5rem'>{html.escape(words(d.prompt))}</p>"
        )
        head += "".join(ui.assumption_html(line) for line in _assumption_lines(d, words))
        if gui.practice.drill_picture is not None:
            head += gui.practice.drill_picture(d) or ""
        st.html(head)
        given = st.session_state.get(ANSWERED, {}).get(game)
        whole = d.choices is None and isinstance(d.answer, int) and not isinstance(d.answer, bool)
        if (d.choices is not None or whole) and use_pad():
            _card(game, d, given, words, now.stats(game))
            refresh_tools()
            return
        if given is None:
            _ask(game, d, words)
        else:
            _reveal(game, d, given, words)
    refresh_tools()
    stats = now.stats(game)
    if stats["answered"]:
        st.caption(_stats_words(stats["right"], stats["answered"]))


def _stats_words(right: int, answered: int) -> str:
    return (
        _("{right} of {answered} right in this game so far").format(right=right, answered=answered)
        + " · "
        + _("Your progress is kept in this page's link.")
    )


def _answer_words(d: Drill, words) -> str:
    """The right answer in words (a fraction with its percent)."""
    if d.choices is not None and d.correct is not None:
        return _choice_text(d, d.correct, words)
    answer = _value_words(d.answer)
    if isinstance(d.answer, str) and "/" in d.answer:
        answer = f"{d.answer} ({answer})"
    return answer


def _card(game: str, d: Drill, given, words, stats: dict) -> None:
    """The choices and the verdict as one component that shows the verdict at once
    (:mod:`dashboard.components.answer`); the server records the answer behind it."""
    from dashboard.components.answer import answer_card

    answer = html.escape(_answer_words(d, words))
    explain = f"<p>{html.escape(words(d.explanation))}</p>"
    page = learn_page(game)
    if page is not None:
        label = html.escape(_("Read the rule on the Learn page"))
        url = html.escape(learn_link(page.url_path, d), quote=True)
        explain += f'<p><a href="{url}" target="_self">{label} →</a></p>'
    right, answered = stats["right"], stats["answered"]
    if given is None:
        now = _stats_words(right, answered) if answered else ""
        if_right, if_wrong = (
            _stats_words(right + 1, answered + 1),
            _stats_words(right, answered + 1),
        )
    else:
        now = if_right = if_wrong = _stats_words(right, answered)
    asked: dict[str, object]
    if d.choices is not None:
        asked = {
            "choices": [_choice_text(d, i, words) for i in range(len(d.choices))],
            "correct": d.correct,
            "bkey": "practice_choice_",
        }
    else:  # a whole number, typed (checked at once in the browser, then by the engine)
        asked = {
            "choices": None,
            "number": d.answer,
            "label": _("Your answer"),
            "placeholder": _("a number"),
            "check": _("Check"),
            "empty": _("Write your answer first."),
            "nan": _("Write a whole number, like 12."),
        }
    data = {
        "key": game,
        "q": f"{d.kind}:{d.seed}",
        **asked,
        "given": given,
        "given_right": None if given is None else d.is_right(given),
        "right": html.escape(_("Right: {answer}.")).format(answer=answer),
        "wrong": html.escape(_("Not quite. The answer is {answer}.")).format(answer=answer),
        "explain": explain,
        "next": _("Next question"),
        "stats": now,
        "stats_right": if_right,
        "stats_wrong": if_wrong,
    }

    asked = st.session_state.get(ASKED, {}).get(game)

    def answered_(i: int) -> None:
        # the answer may come in the same run as "Next question" (sent together): recorded
        # always, shown only while its question is the one asked
        if st.session_state.get(ANSWERED, {}).get(game) is not None:
            return
        _save_review(d, d.is_right(i))
        if st.session_state.get(ASKED, {}).get(game) == asked:
            st.session_state.setdefault(ANSWERED, {})[game] = i

    answer_card(f"practice_{game}", data, ui.callback(answered_), ui.callback(lambda: _next(game)))


def _ask(game: str, d: Drill, words) -> None:
    if d.choices is not None:
        cols = st.columns(min(len(d.choices), 3))
        for i in range(len(d.choices)):
            cols[i % len(cols)].button(
                _choice_text(d, i, words),
                key=f"practice_choice_{i}",
                use_container_width=True,
                on_click=ui.callback(_answer),
                args=(game, d, i),
            )
        return
    with st.form("practice_number", border=False, enter_to_submit=True):
        st.text_input(
            _("Your answer"),
            placeholder=_("a fraction like 3/20") if isinstance(d.answer, str) else _("a number"),
            key="practice_typed",
        )
        st.form_submit_button(
            _("Check"),
            type="primary",
            on_click=ui.callback(_typed),
            args=(game, d),
            key="practice_check",
        )


def _typed(game: str, d: Drill) -> None:
    typed = (st.session_state.get("practice_typed") or "").strip()
    if not typed:
        raise EngineError(_("Write your answer first."))
    if not _readable(d, typed):  # asked again: text that is no number is not an answer
        raise EngineError(
            _("‘{typed}’ is not a number. {how}").format(
                typed=typed[:20],
                how=_("Write a fraction like 3/20.")
                if isinstance(d.answer, str)
                else _("Write a whole number, like 12."),
            )
        )
    st.session_state["practice_typed"] = ""
    _answer(game, d, typed)


def _readable(d: Drill, typed: str) -> bool:
    """Whether ``typed`` is an answer at all: a whole number, or a fraction when the
    answer is a probability."""
    if isinstance(d.answer, str) and "/" in d.answer:
        try:
            Fraction(typed.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            return False
        return True
    from dashboard.components.answer import whole_number

    return whole_number(typed)


def _reveal(game: str, d: Drill, given, words) -> None:
    right = d.is_right(given)
    answer = _answer_words(d, words)
    if right:
        st.success(_("Right: {answer}.").format(answer=answer))
    else:
        st.error(_("Not quite. The answer is {answer}.").format(answer=answer))
    st.markdown(ui.plain(words(d.explanation)))
    page = learn_page(game)
    if page is not None:
        label = _("Read the rule on the Learn page")
        st.markdown(f"[{label} →]({learn_link(page.url_path, d)})")
    st.button(
        _("Next question"),
        type="primary",
        key="practice_next",
        on_click=ui.callback(_next),
        args=(game,),
    )


def _learner_tools() -> None:
    opened, now = progress()
    # drawn when opened (closed, a link: no element of Streamlit's own): its file buttons'
    # scripts are not part of a phone's first load
    fold = folds.Fold(_("Keep your progress"), "practice_tools_open", "keep")
    if not fold.is_open():
        st.session_state.pop(TOOLS_EMPTY, None)
    folds.draw([(fold, lambda: _tools_drawn(opened, now))])


def _tools_drawn(opened, now) -> None:
    """Saving and loading the progress, in their opened fold."""
    st.markdown(
        _(
            "Your progress is stored with this page's link: bookmark it to come back. "
            "You can also save it as a file and load it on another device."
        )
    )
    learner = opened.id if opened is not None else None

    def saved() -> str:
        # read when the button is pressed: answers given since the page was drawn
        # (in partial reruns) are in the file too
        try:
            return LEARNERS.read(learner or "").doc.to_json()
        except Exception:  # noqa: BLE001 - the store went away: what the page holds
            return now.to_json()

    st.session_state[TOOLS_EMPTY] = learner is None
    st.download_button(
        _("Save progress as a file"),
        saved if learner is not None else now.to_json(),
        file_name="practice-progress.json",
        mime="application/json",
        disabled=learner is None,
        on_click="ignore",
    )
    upload = st.file_uploader(_("Load a progress file"), type=["json"], key="practice_upload")
    if upload is not None and st.session_state.get("practice_loaded") != upload.file_id:
        st.session_state["practice_loaded"] = upload.file_id
        with ui.engine_errors():
            loaded = Progress.from_json(upload.getvalue())
            start_afresh_with(loaded)
            st.session_state.pop(ASKED, None)
            st.session_state.pop(ANSWERED, None)
            st.success(_("Progress loaded: {n} answers.").format(n=len(loaded.reviews)))


def rule_name(kind: str) -> str:
    """The rule a drill kind asks about, in words (the kind itself when it is gone)."""
    game, _dot, short = kind.partition(".")
    if short == PUZZLES:
        return _("Puzzles ({game})").format(game=game_ui(game).title_text())
    if short == OWN_PUZZLES:
        return _("Your own puzzles ({game})").format(game=game_ui(game).title_text())
    try:
        d = drill(game, short, 0)
    except EngineError:
        return kind
    return phrase_text(d.rule, value=game_ui(game).practice.phrase_value)


def when_words(due, now) -> str:
    """When a rule comes back: "now", "in 10 minutes", "in 3 days"."""
    seconds = (due - now).total_seconds()
    if seconds <= 0:
        return pgettext("practice.due", "now")
    minutes = round(seconds / 60)
    if minutes < 60:
        return ngettext("in {n} minute", "in {n} minutes", max(minutes, 1)).format(
            n=max(minutes, 1)
        )
    hours = round(seconds / 3600)
    if hours < 48:
        return ngettext("in {n} hour", "in {n} hours", hours).format(n=hours)
    days = round(seconds / 86400)
    return ngettext("in {n} day", "in {n} days", days).format(n=days)
