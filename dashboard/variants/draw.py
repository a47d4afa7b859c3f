"""The Rule variants results drawn as light HTML (:mod:`dashboard.html_charts`: no chart
library to start on a phone): each setting side by side in one table, the win share of
each seat with its 95 % interval as bars with whiskers, and the table as CSV (polars)."""

from __future__ import annotations

import html

import polars as pl

from dashboard import palette
from dashboard.html_charts import table_html
from dashboard.i18n import _, number, percent
from dashboard.ui import seat_name
from dashboard.variants.words import MEASURE_NAMES, setting_words


def _share(x: float) -> float:
    return min(1.0, max(0.0, float(x)))


def _ranged(value: str, low: str, high: str) -> str:
    return _("{value} ({low}–{high})").format(value=value, low=low, high=high)


def _figure(x: float) -> str:
    return number(x, 0 if abs(x) >= 100 or float(x).is_integer() else 1)


def headings(report: dict) -> list[str]:
    """Each setting's heading: its value in words, the default marked."""
    game, field, default = report["game"], report["field"], report["default"]
    return [setting_words(game, field, s["value"], default) for s in report["settings"]]


def table(report: dict) -> str:
    """Every measure of every setting, the settings side by side (a column each)."""
    settings = report["settings"]
    rows: list[list[object]] = [[_("Games"), *(number(s["games"]) for s in settings)]]
    seats = max(s["seats"] for s in settings)
    for j in range(seats):
        row: list[object] = [_("{player} wins").format(player=seat_name(j))]
        for s in settings:
            if j >= s["seats"]:
                row.append("—")
                continue
            lo, hi = s["seat_win_share_ci95"][j]
            row.append(
                _ranged(
                    percent(s["seat_win_share"][j], 0),
                    percent(_share(lo), 0),
                    percent(_share(hi), 0),
                )
            )
        rows.append(row)
    for measure in ("mean_length", "score_spread"):
        row = [_(MEASURE_NAMES[measure])]
        for s in settings:
            lo, hi = s[f"{measure}_ci95"]
            row.append(_ranged(_figure(s[measure]), _figure(lo), _figure(hi)))
        rows.append(row)
    row = [_(MEASURE_NAMES["skill_gap"])]
    for s in settings:
        if s["skill_gap"] is None:
            row.append("—")
        else:
            lo, hi = s["skill_gap_ci95"]
            row.append(_ranged(percent(s["skill_gap"], 0), percent(lo, 0), percent(hi, 0)))
    rows.append(row)
    return table_html(
        ["", *headings(report)],
        rows,
        right=set(range(1, len(settings) + 1)),
        first_bold=True,
        label=_("Each setting side by side"),
    )


def shares_chart(report: dict) -> str:
    """The share of games each seat won under each setting: a bar per setting (its
    colour in the key above), the 95 % interval as a whisker, the share written beside."""
    settings, names = report["settings"], headings(report)
    colours = [palette.SERIES[i % len(palette.SERIES)] for i in range(len(settings))]
    key = "".join(
        "<span style='display:inline-flex;align-items:center;gap:4px;margin-right:12px'>"
        f"<span style='width:12px;height:12px;background:{c};border-radius:2px;"
        f"display:inline-block'></span>{html.escape(n)}</span>"
        for n, c in zip(names, colours)
    )
    parts = [
        "<div role='img' style='font-family:sans-serif;font-size:14px;max-width:640px' "
        f"aria-label='{html.escape(_('Wins by seat under each setting'))}'>",
        f"<div style='font-weight:600;margin:4px 0 4px'>{html.escape(_('Wins by seat'))}</div>",
        f"<div style='display:flex;flex-wrap:wrap;margin:0 0 6px'>{key}</div>",
    ]
    seats = max(s["seats"] for s in settings)
    for j in range(seats):
        parts.append(f"<div style='margin:6px 0 2px;opacity:0.8'>{html.escape(seat_name(j))}</div>")
        for s, name, colour in zip(settings, names, colours):
            if j >= s["seats"]:
                continue
            share = _share(s["seat_win_share"][j])
            lo, hi = (_share(x) for x in s["seat_win_share_ci95"][j])
            tip = _("{setting}: {share} (95 % interval {low}–{high})").format(
                setting=name,
                share=percent(share, 0),
                low=percent(lo, 0),
                high=percent(hi, 0),
            )
            parts.append(
                "<div style='display:flex;align-items:center;gap:8px;margin:2px 0' "
                f"title='{html.escape(tip)}'>"
                "<div style='position:relative;flex:1 1 auto;height:14px;min-width:0;"
                "background:rgba(128,128,128,0.12);border-radius:2px'>"
                f"<div style='position:absolute;left:0;top:2px;height:10px;"
                f"width:{100 * share:.1f}%;background:{colour};border-radius:2px'></div>"
                f"<div style='position:absolute;left:{100 * lo:.1f}%;width:{100 * (hi - lo):.1f}%;"
                "top:6px;height:2px;background:currentColor;opacity:0.7'></div>"
                f"<div style='position:absolute;left:{100 * lo:.1f}%;top:2px;height:10px;"
                "width:1px;background:currentColor;opacity:0.7'></div>"
                f"<div style='position:absolute;left:calc({100 * hi:.1f}% - 1px);top:2px;"
                "height:10px;width:1px;background:currentColor;opacity:0.7'></div></div>"
                f"<span style='flex:0 0 4.5em;text-align:right;white-space:nowrap'>"
                f"{html.escape(percent(share, 0))}</span></div>"
            )
    parts.append("</div>")
    return "".join(parts)


def csv_frame(report: dict) -> pl.DataFrame:
    """The table as numbers, one row per setting (the values as the engine takes them)."""
    rows = []
    seats = max(s["seats"] for s in report["settings"])
    for s in report["settings"]:
        row: dict[str, object] = {
            "rule": report["field"],
            "value": str(s["value"]),
            "default": s["value"] == report["default"],
            "games": s["games"],
        }
        for j in range(seats):
            inside = j < s["seats"]
            lo, hi = s["seat_win_share_ci95"][j] if inside else (None, None)
            row[f"player_{j + 1}_win_share"] = s["seat_win_share"][j] if inside else None
            row[f"player_{j + 1}_win_share_low"] = lo
            row[f"player_{j + 1}_win_share_high"] = hi
        for measure in ("mean_length", "score_spread", "skill_gap"):
            bounds = s[f"{measure}_ci95"] or (None, None)
            row[measure] = s[measure]
            row[f"{measure}_low"], row[f"{measure}_high"] = bounds
        rows.append(row)
    return pl.DataFrame(rows, infer_schema_length=None)
