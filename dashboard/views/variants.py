"""Rule variants: does a house rule matter? The same games played under the default of one
rule and under other values (:func:`engine.variants.measure`, in the server's job pool),
compared side by side: wins by seat, length, score gap, skill gap, and the verdicts."""

import streamlit as st

from dashboard import plugins
from dashboard.i18n import _, error_text, ngettext, number, percent, pgettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pool import JOBS
from dashboard.ui import callback, init_state, number_field, ruleset_frame, set_url, url_value
from dashboard.variants import choices, draw, words
from dashboard.variants.job import measure_rule
from engine import EngineError, get_game
from engine.core.ruleset import describe
from engine.variants import field_values, practical_bot

MAX_GAMES = 2000
DEFAULT_GAMES = 40
SEED = 1  # every run plays the same seeds: the same settings give the same figures
JOB = "variants_job"  # session keys: the running job (dashboard.jobs.panel), the results
RESULTS = "variants_results"  # (game, rule, values, games) → the engine's report


def token(value) -> str:
    """A value as the page's link writes it: yes/no, a choice, a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def starting_field(rules: list[choices.Rule]) -> str:
    """The rule shown first: the game's first assumption, else its first rule."""
    return next((r.name for r in rules if r.assumption), rules[0].name)


def others(r: choices.Rule) -> list:
    return [c for c in r.choices if c != r.default]


def _check_number(r: choices.Rule):
    def check(value) -> None:
        if value == r.default or not r.low <= value <= r.high:
            raise ValueError(value)

    return check


def _check_choices(r: choices.Rule):
    known = {token(c) for c in others(r)}

    def check(text: str) -> None:
        items = [t.strip() for t in text.split(",")]
        if not items or any(t not in known for t in items):
            raise ValueError(text)

    return check


st.title(_("Rule variants"))
st.markdown(_("Does this house rule matter? Play the same games under each rule and compare."))

names = choices.games()
if not names:
    st.info(_("No game has a rule this page can compare."))
    st.stop()

# --- the link: anything it cannot use is named, and the default shown instead -------------
refused: dict[str, str] = {}
url_game = url_value("game", names[0], choices=names, refused=refused)
url_rules = choices.rules(url_game)
url_field = url_value(
    "field",
    starting_field(url_rules),
    choices=[r.name for r in url_rules],
    refused=refused,
)
url_rule = choices.rule(url_game, url_field)
url_values: list | None = None
if url_rule is not None and url_rule.kind == "number":
    url_number = url_value(
        "value",
        choices.neighbour(url_rule),
        min=url_rule.low,
        max=url_rule.high,
        check=_check_number(url_rule),
        refused=refused,
    )
    url_values = [url_number]
elif url_rule is not None:
    text = url_value("value", "", check=_check_choices(url_rule), refused=refused)
    if text:
        asked = {t.strip() for t in text.split(",")}
        url_values = [c for c in others(url_rule) if token(c) in asked]
url_games = url_value("games", DEFAULT_GAMES, min=2, max=MAX_GAMES, refused=refused)
init_state(variants_game=url_game, variants_games=url_games)
init_state(**{f"variants_field_{url_game}": url_field})
if url_rule is not None and url_values is not None:
    key = f"variants_value_{url_game}_{url_field}"
    init_state(**{key: url_values[0] if url_rule.kind == "number" else url_values})

if "game" in refused:
    st.warning(
        _("The link's game “{value}” is not one this page knows; {shown} is shown.").format(
            value=refused["game"][:40], shown=plugins.title(url_game)
        )
    )
if "field" in refused:
    st.warning(
        _(
            "The link's rule “{value}” is not one this page can compare for {game}; {shown} "
            "is shown."
        ).format(
            value=refused["field"][:40],
            game=plugins.title(url_game),
            shown=words.rule_name(url_field),
        )
    )
if "value" in refused and url_rule is not None:
    if url_rule.kind == "number":
        st.warning(
            _(
                "The link's value “{value}” for {rule} cannot be compared: give a number "
                "from {min} to {max} other than the default {default}; {shown} is shown."
            ).format(
                value=refused["value"][:40],
                rule=words.rule_name(url_field),
                min=number(url_rule.low),
                max=number(url_rule.high),
                default=words.value_words(url_game, url_field, url_rule.default),
                shown=words.value_words(url_game, url_field, choices.neighbour(url_rule)),
            )
        )
    else:
        st.warning(
            _(
                "The link's value “{value}” is not one {rule} can take; every other value "
                "is compared."
            ).format(value=refused["value"][:40], rule=words.rule_name(url_field))
        )
if "games" in refused:
    st.warning(
        _(
            "The link's number of games “{value}” is not allowed (from 2 to {max}); {shown} "
            "are played."
        ).format(value=refused["games"][:40], max=number(MAX_GAMES), shown=DEFAULT_GAMES)
    )

# --- what to compare ---------------------------------------------------------------------
c1, c2 = st.columns(2)
game_name = c1.selectbox(
    pgettext("which game", "Game"), names, format_func=plugins.title, key="variants_game"
)
rules = {r.name: r for r in choices.rules(game_name)}
field_key = f"variants_field_{game_name}"
init_state(**{field_key: starting_field(list(rules.values()))})


def _rule_label(name: str) -> str:
    if rules[name].assumption:
        return _("{rule} (assumption)").format(rule=words.rule_name(name))
    return words.rule_name(name)


field = c2.selectbox(_("Rule"), list(rules), format_func=_rule_label, key=field_key)
r = rules[field]
meanings = dict(
    zip(
        [f.name for f in describe(get_game(game_name).ruleset_class)],
        ruleset_frame(game_name)["meaning"],
    )
)
if meanings.get(field):
    st.caption(meanings[field])

c3, c4 = st.columns(2)
value_key = f"variants_value_{game_name}_{field}"
values: list | None
if r.kind == "number":
    init_state(**{value_key: choices.neighbour(r)})
    other = number_field(
        c3,
        _("Compare with"),
        min=r.low,
        max=r.high,
        step=1 if r.whole else 0.5,
        key=value_key,
        help=_("The default is {default}.").format(
            default=words.value_words(game_name, field, r.default)
        ),
    )
    if other is not None and other == r.default:
        c3.error(
            _("{label}: {value} is the default; give another value.").format(
                label=_("Compare with"), value=words.value_words(game_name, field, other)
            )
        )
        other = None
    values = None if other is None else [int(other) if r.whole else float(other)]
elif len(others(r)) > 1:
    init_state(**{value_key: others(r)})
    chosen = c3.multiselect(
        _("Compare with"),
        others(r),
        format_func=lambda v: words.value_words(game_name, field, v),
        key=value_key,
    )
    values = list(chosen) or None
    if values is None:
        c3.warning(_("Choose at least one value to compare with the default."))
else:
    values = others(r)
games = number_field(
    c4 if r.kind == "number" or len(others(r)) > 1 else c3,  # no gap where nothing is asked
    _("Games per setting"),
    min=2,
    max=MAX_GAMES,
    step=1,
    key="variants_games",
)
settings: list = []
if values is not None:
    try:
        settings = field_values(get_game(game_name), field, values)
    except EngineError as exc:  # a value the ruleset refuses as a whole
        st.error(error_text(exc))
        values = None
if settings:
    st.caption(
        _("Compared: {settings}.").format(
            settings=pgettext("list separator", ", ").join(
                words.setting_words(game_name, field, v, r.default) for v in settings
            )
        )
    )
link_value = ",".join(token(v) for v in (values or others(r) or [choices.neighbour(r)]))
set_url(game=game_name, field=field, value=link_value, games=games or DEFAULT_GAMES)

# --- the games, played in the server's job pool ------------------------------------------
results: dict = st.session_state.setdefault(RESULTS, {})
wanted = None if values is None or games is None else (game_name, field, tuple(values), games)
done = job_panel.take(JOB)
if done is not None:
    job, status = done
    if status is None:
        job_panel.lost()
    elif not job_panel.show_error(status):
        report = status.result if isinstance(status.result, dict) else None
        if report is None or status.cancelled or report.get("cancelled"):
            st.info(_("The games were cancelled; nothing is kept."))
        else:
            results[job["content"]] = report
running = job_panel.running(JOB)
if running is not None and running.get("content") != wanted:  # other settings: not wanted now
    JOBS.cancel(running["id"])
    JOBS.forget(running["id"])
    st.session_state.pop(JOB, None)
asked = st.session_state.pop(JOB + "_asked", None)
if (
    wanted is not None
    and asked == wanted
    and wanted not in results
    and job_panel.running(JOB) is None
):
    job_panel.start(JOB, measure_rule, game_name, field, list(values or []), games, SEED,
                    content=wanted)  # fmt: skip
if wanted is not None and wanted not in results and job_panel.running(JOB) is None:
    # the button only records the wish (its callback runs before the page): the run it
    # makes starts the job and no longer draws the button
    st.button(
        ngettext(
            "Play {n} game under each setting",
            "Play {n} games under each setting",
            int(games or 0),
        ).format(n=number(games or 0)),
        key="variants_run",
        icon=":material/science:",
        type="primary",
        on_click=callback(st.session_state.__setitem__),
        args=(JOB + "_asked", wanted),
    )
if job_panel.running(JOB) is not None:
    job_panel.progress_panel(
        JOB,
        lambda status: (
            _("Playing the games… {share} done").format(
                share=percent(status.done / status.total, 0)
            )
            if status.total and status.done
            else _("Starting…")
        ),
        _("Cancel"),
    )

report = results.get(wanted) if wanted is not None else None
if report is not None:
    st.subheader(_("Results"))
    st.markdown("**" + words.verdict_words(game_name, report["verdict"]) + "**")
    bot = words.bot_words(practical_bot(get_game(game_name)))
    st.caption(
        ngettext(
            "{games} game under each setting, the same deals for each and the seats "
            "rotating, every seat played by one bot ({bot}). Ranges are 95 % intervals.",
            "{games} games under each setting, the same deals for each and the seats "
            "rotating, every seat played by one bot ({bot}). Ranges are 95 % intervals.",
            report["games_per_setting"],
        ).format(games=number(report["games_per_setting"]), bot=bot)
    )
    st.html(draw.shares_chart(report))
    st.html(draw.table(report))
    if report.get("mixed_table"):
        st.caption(
            _(
                "Skill gap: how much more often that bot ({bot}) wins than its fair share "
                "when it plays against random bots."
            ).format(bot=bot)
        )
    lines = []
    for measure in words.MEASURES:
        test = report["tests"].get(measure)
        if test is None:
            continue
        lines.append(
            "- "
            + _("**{measure}**: {verdict} *{test}*").format(
                measure=_(words.MEASURE_NAMES[measure]),
                verdict=words.verdict_words(game_name, test["verdict"]),
                test=words.test_words(measure, test),
            )
        )
    if lines:
        st.markdown("\n".join(lines))
    st.download_button(
        _("Download CSV"),
        draw.csv_frame(report).write_csv(),
        file_name=f"variants-{game_name}-{field}.csv",
        mime="text/csv",
        key="variants_csv",
    )
