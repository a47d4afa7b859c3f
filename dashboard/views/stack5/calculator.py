"""Stack 5 table calculator: exact bust odds and a placement helper."""

import streamlit as st

from dashboard import folds, ui
from dashboard.components.fields import Field, Row, field_rows
from dashboard.html_charts import alert_html, caption_html, figures_html, marked
from dashboard.i18n import _, error_text, percent, pgettext
from dashboard.stack5 import words
from dashboard.stack5.draw import bust_within_html, cards_html, row_html
from engine import EngineError
from engine.stack5 import draw_odds, draw_or_stop, legal_placements, row_outlook, unseen_cards
from engine.stack5.cards import deck_spec

st.title(_("Stack 5 bust odds"))
spec = deck_spec()
rules = spec.rules
HOLDABLE = spec.names[: spec.n_numbers] + ["JK"]


def _url_checked(key: str, default, check, refused: dict):
    """A URL value that ``check`` accepts, else ``default`` (junk in a shared link never
    breaks the page: what was refused is noted in ``refused`` and said by :func:`_notice`;
    what the user types afterwards is checked and explained)."""
    return ui.url_value(key, default, check=check, refused=refused)


def _notice(refused: dict, names: dict[str, str]) -> None:
    """Say which link values were refused (quoted, cut short) and that defaults are shown."""
    parts = [
        _("{what} ‘{value}’").format(what=names[key], value=refused[key][:30])
        for key in names
        if key in refused
    ]
    if parts:
        st.warning(
            _(
                "The link had a value this page cannot use, so the default is shown: {values}."
            ).format(values=pgettext("list separator", ", ").join(parts))
        )


def _check_drawn(cards):
    if len(cards) != len(set(cards)) or any(c not in HOLDABLE for c in cards):
        raise ValueError(cards)
    unseen_cards(cards)


def _check_row(text):
    if not isinstance(text, str) or len(text) > 60:
        raise ValueError(text)
    legal_placements([text], "JK")


def _check_seen(text):
    if not isinstance(text, str) or len(text) > 600:
        raise ValueError(text)
    unseen_cards((), text)


@st.cache_data(show_spinner=False, max_entries=256)
def _odds(drawn: tuple, unseen: tuple):
    return draw_odds(list(drawn), dict(unseen))


# Each section is a fragment: an edit reruns and redraws only its own section (the odds'
# chart is not drawn again when a row of the placement helper changes, and back).


@ui.fragment
def odds_section() -> None:
    refused: dict[str, str] = {}
    default_drawn = _url_checked("drawn", ["R3", "B1"], _check_drawn, refused)
    ui.init_state(
        s5_drawn=default_drawn,
        s5_rows_seen=_url_checked("rows", "", _check_seen, refused),
        s5_discard=_url_checked("discard", "", _check_seen, refused),
    )
    # a tap per card (no drop-down's script to load on a phone before the odds show); the
    # heading is the fields' own (one element fewer)
    field_rows(
        "s5_drawn",
        heading=_("Cards drawn this turn"),
        rows=[
            Row(
                (
                    Field(
                        "s5_drawn",
                        _("Number cards and Joker held this turn"),
                        kind="choices",
                        options=tuple(HOLDABLE),
                        help=_(
                            "Pick the cards you have drawn and kept this turn (Draw 3, bombs "
                            "and Steal are already in the discard pile)."
                        ),
                    ),
                )
            ),
            Row(
                (
                    Field(
                        "s5_rows_seen",
                        _("Cards in every player's rows"),
                        placeholder=_("e.g. {example}").format(example="R1 R2 G5 JK"),
                    ),
                    Field(
                        "s5_discard",
                        _("Discard pile"),
                        placeholder=_("e.g. {example}").format(example="D3 NB B4"),
                    ),
                ),
                note=_(
                    "Optional: the cards you can see cannot be drawn. Leave empty for a fresh deck."
                ),
            ),
        ],
    )
    drawn = list(st.session_state["s5_drawn"] or [])
    rows_seen = st.session_state["s5_rows_seen"] or ""
    discard_seen = st.session_state["s5_discard"] or ""
    _notice(
        refused,
        {
            "drawn": _("cards drawn"),
            "rows": _("cards in the rows"),
            "discard": _("discard pile"),
        },
    )
    ui.set_url(drawn=drawn, rows=rows_seen, discard=discard_seen)
    cards = cards_html(drawn, "lg", empty=_("no cards"))
    try:
        odds = _odds_html(drawn, f"{rows_seen} {discard_seen}")
    except EngineError as exc:
        odds = alert_html(error_text(exc), "error")
    # the cards, their odds, the suggestion and the placement helper's link: one element
    st.html(cards + odds + PLACEMENT.link_if_closed())


def _odds_html(drawn: list[str], seen: str) -> str:
    """The odds of the next draw with ``drawn`` held and ``seen`` out of the deck, the
    suggestion and how the odds grow with more draws."""
    unseen = unseen_cards(drawn, seen)
    with st.spinner(_("Computing exact odds…")):
        odds = _odds(tuple(drawn), tuple(sorted(unseen.items())))
    figures = figures_html(
        [
            (_("Bust on the next draw"), percent(float(odds.bust))),
            (_("Second Joker"), percent(float(odds.double_joker))),
            (_("Safe"), percent(float(odds.safe))),
        ]
    ) + caption_html(
        _(
            "Exact: bust {bust}, second Joker {joker}, safe {safe} — from {unseen} "
            "unseen cards. A Draw 3 counts as a bust if any of its three cards busts; "
            "bombs and Steal never bust."
        ).format(bust=odds.bust, joker=odds.double_joker, safe=odds.safe, unseen=odds.unseen)
    )
    verb, why = draw_or_stop(odds)
    if len(drawn) < rules.min_draws:
        advice = alert_html(
            words.sentences(
                _("Fewer than {n} cards held: you may have to draw again.").format(
                    n=rules.min_draws
                ),
                words.minimum_draw_text(rules),
            ),
            "info",
        )
    else:
        advice = alert_html(
            _("Suggestion: **{verb}** — {why}.").format(
                verb=words.verb(verb), why=words.why_text(why)
            ),
            "success" if verb == "draw" else "warning",
        )
    return (
        figures
        + advice
        + bust_within_html(odds.bust_within)
        + ui.assumption_html(
            words.sentences(
                _(
                    "Deck of 75 number cards (5 colours × 1–5 × 3 copies) and 12 specials "
                    "(D3 ×3, NB ×2, CB ×2, ST ×3, JK ×2); the odds assume no reshuffle."
                ),
                words.draw3_joker_text(rules),
            )
        )
    )


#: the placement helper, folded until asked for (or a link gives its rows or card): the
#: odds are what the page opens for
PLACEMENT = folds.Fold(
    _("Placement helper"), "s5_place_open", "place", also=("row1", "row2", "row3", "card")
)


@ui.fragment
def placement_section() -> None:
    """The placement helper, opened: an edit reruns only its part. Folded by a tap, the
    page runs again to draw its link with the odds."""
    folds.draw([(PLACEMENT, _placement)])
    if not PLACEMENT.is_open():
        st.rerun()


def _placement() -> None:
    """Where a card may go in one's rows, and what each row can still make."""
    refused: dict[str, str] = {}
    ui.init_state(
        **{f"s5_row{i}": _url_checked(f"row{i + 1}", "", _check_row, refused) for i in range(3)}
    )
    url_card = ui.url_value("card", "R2", choices=HOLDABLE, refused=refused)
    ui.init_state(s5_card=url_card if url_card in HOLDABLE else "R2")
    field_rows(
        "s5_place",
        rows=[
            Row(
                tuple(Field(f"s5_row{i}", _("Row {n}").format(n=i + 1), size=6) for i in range(3)),
                note=_(
                    "Your rows bottom to top, e.g. “{example}”; leave a row empty if you have none."
                ).format(example="R1 R2 JK"),
            ),
            Row((Field("s5_card", _("Card to place"), kind="choice", options=tuple(HOLDABLE)),)),
        ],
    )
    rows = [st.session_state[f"s5_row{i}"] or "" for i in range(3)]
    card = st.session_state["s5_card"] or "R2"
    _notice(
        refused,
        {
            **{f"row{i + 1}": _("row {n}").format(n=i + 1) for i in range(3)},
            "card": _("card to place"),
        },
    )
    ui.set_url(row1=rows[0], row2=rows[1], row3=rows[2], card=card)
    with ui.engine_errors():
        # the same count as the odds' inputs: no card more often than the deck holds it
        unseen_cards((), " ".join([*rows, card]))
        places = legal_placements(rows, card)
        html = ""
        for i, text in enumerate(rows):
            outlook = row_outlook(text)
            note = (
                _("can make: {combinations} (best {points})").format(
                    combinations=words.combinations_text(outlook.combinations),
                    points=outlook.best_points,
                )
                if text.strip()
                else _("empty")
            )
            html += row_html(list(outlook.cards), _("row {n}").format(n=i + 1)) + (
                f'<div style="font-size:12px;color:#555;margin:0 0 6px 50px">{note}</div>'
            )
        items = []
        for a in places:
            label = words.card_label(a.card)
            if a.discard:
                move = _("discard row {row} and place {card} there").format(card=label, row=a.row)
                item = _(
                    "- “{move}” — no row stays viable: discard row {row} and start afresh"
                ).format(move=move, row=a.row)
            else:
                row_cards = rows[a.row - 1].split() if a.row <= len(rows) else []
                after = row_outlook(row_cards + [card])
                move = _("place {card} in row {row}").format(card=label, row=a.row)
                item = _("- “{move}” — then: {outlook}").format(
                    move=move, outlook=words.outlook_text(after)
                )
            items.append(f"<li>{marked(item.removeprefix('- '))}</li>")
        # the rows and the legal places as one element
        st.html(
            html
            + "<p style='margin:0.5rem 0 0.25rem'>"
            + marked(_("**Legal places for** {card}:").format(card=card))
            + f"</p><ul style='margin:0 0 0.5rem'>{''.join(items)}</ul>"
        )


odds_section()
if PLACEMENT.is_open():
    placement_section()
