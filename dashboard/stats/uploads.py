"""The statistics page's uploads: records as JSON Lines or Parquet, each file checked by
a replay once per content (a big one in a worker process) before its games count."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _, error_text, ngettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import (
    check_parquet,
    check_upload,
)
from dashboard.stats.records import (
    CHECKED,
    MAX_UPLOAD_BYTES,
    UPLOADS_KEY,
    content_digest,
    verified,
)
from engine import EngineError, get_game
from engine.core.records import MAX_BYTES

MAX_UPLOAD_SETS = 4  # uploaded files kept in one session
MAX_PARQUET_GAMES = 60_000  # games uploaded as Parquet in one session (about what
# MAX_UPLOAD_BYTES of JSON Lines holds: Parquet packs five or more times as many per byte)


def render_uploads(game_name: str | None = None) -> None:
    """The uploaders, and what became of the last file chosen (a big one is checked in a
    worker process: its progress and Cancel button show here)."""
    _uploads(game_name)
    for key in (UPLOAD_JOB, PARQUET_JOB):
        if job_panel.running(key):
            job_panel.progress_panel(
                key,
                lambda status: _("Checking every uploaded game by replay…"),
                _("Cancel the upload"),
            )


def _uploads(game_name: str | None) -> None:
    upload = st.file_uploader(
        _("Records (.json or .jsonl)"), type=["json", "jsonl"], key="stats_upload"
    )
    parquet = st.file_uploader(
        _("Or a Parquet dataset (its .parquet files)"),
        type=["parquet"],
        accept_multiple_files=True,
        key="stats_upload_parquet",
        help=_(
            "Choose every .parquet file of one dataset folder (a simulation saved in the "
            "Parquet format): the files chosen together are counted as one dataset."
        ),
    )
    sets = st.session_state.setdefault(UPLOADS_KEY, [])
    if sets:
        names = ", ".join(f"{s['name']} ({s['size'] / 1e6:.1f} MB)" for s in sets)
        c1, c2 = st.columns([3, 1])
        c1.caption(_("Uploaded in this session: {names}").format(names=names))
        if c2.button(_("Forget uploads"), key="stats_forget"):
            st.session_state[UPLOADS_KEY] = []
            st.session_state.pop("stats_last_upload", None)
            st.session_state.pop("stats_last_parquet", None)
            st.rerun()
    _parquet_job(sets, game_name)  # first: a finished check marks its files as taken
    if not job_panel.running(PARQUET_JOB):
        _take_parquet(parquet or [], sets, game_name)
    _upload_job(sets)
    if upload is None or job_panel.running(UPLOAD_JOB):
        return
    marker = f"{upload.name}:{upload.size}:{getattr(upload, 'file_id', '')}"
    if st.session_state.get("stats_last_upload") == marker:
        return
    if upload.size > MAX_BYTES:
        st.error(_too_big(upload.name, upload.size))
        return
    data = upload.getvalue()
    digest = content_digest(data)
    if any(s["digest"] == digest for s in sets):
        st.session_state["stats_last_upload"] = marker
        st.info(
            _("{name} is already counted (the same content was uploaded before).").format(
                name=upload.name
            )
        )
        return
    total = sum(s["size"] for s in sets) + len(data)
    if len(sets) >= MAX_UPLOAD_SETS or total > MAX_UPLOAD_BYTES:
        st.error(_session_full())
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        st.error(_("{name}: not UTF-8 text; a record is JSON.").format(name=upload.name))
        return
    item = {"digest": digest, "name": upload.name, "size": len(data), "text": text}
    if len(data) > UPLOAD_IN_PAGE:  # checked in a worker process; the page shows it
        job_panel.start(UPLOAD_JOB, check_upload, upload.name, text, item=item, marker=marker)
        return
    try:
        with st.spinner(_("Checking every uploaded game by replay…")):
            records = verified(digest, upload.name, text)
    except EngineError as exc:
        st.error(_("Refused: {error}").format(error=error_text(exc)))
        return
    _accept(sets, item, marker, len(records))


UPLOAD_IN_PAGE = 128 * 1024  # bytes of JSON checked in the page (about 0.1 s); more: a job
UPLOAD_JOB = "stats_upload_job"  # session key: the upload being checked (dashboard.jobs.panel)


def _accept(sets: list, item: dict, marker: str, games: int) -> None:
    st.session_state["stats_last_upload"] = marker
    sets.append(item)
    st.success(
        ngettext(
            "Added {n} verified game from {name}.",
            "Added {n} verified games from {name}.",
            games,
        ).format(n=games, name=item["name"])
    )


def _upload_job(sets: list) -> None:
    """The outcome of the upload checked in a worker process, once it is over."""
    done = job_panel.take(UPLOAD_JOB)
    if done is None:
        refused = st.session_state.get("stats_upload_refused")
        if refused and refused[0] == st.session_state.get("stats_last_upload"):
            st.error(refused[1])  # said again on every rerun, not checked again
        return
    job, status = done
    item = job["item"]
    st.session_state["stats_last_upload"] = job["marker"]  # not checked again
    if status is None:
        job_panel.lost()
    elif status.error is not None:
        if isinstance(status.error, EngineError):
            message = _("Refused: {error}").format(error=error_text(status.error))
            st.session_state["stats_upload_refused"] = (job["marker"], message)
            st.error(message)
        else:
            job_panel.show_error(status)
    elif status.result is None:
        st.info(_("Upload cancelled: nothing was added from {name}.").format(name=item["name"]))
    else:
        CHECKED.put(item["digest"], status.result)
        _accept(sets, item, job["marker"], len(status.result))


def _too_big(name: str, size: int) -> str:
    return _("{name}: {size:,} bytes is over the {limit:,} byte limit.").format(
        name=name, size=size, limit=MAX_BYTES
    )


def _session_full() -> str:
    return _(
        "A session keeps at most {sets} uploads and {mib} MiB in all; choose Forget uploads first."
    ).format(sets=MAX_UPLOAD_SETS, mib=MAX_UPLOAD_BYTES // 2**20)


def _take_parquet(files: list, sets: list, game_name: str | None) -> None:
    """Add the Parquet files in the uploader that are not counted yet, as one dataset:
    all of them or, if any is refused, none."""
    if not files:
        return
    marker = tuple(f"{f.name}:{f.size}:{getattr(f, 'file_id', '')}" for f in files)
    if st.session_state.get("stats_last_parquet") == marker:
        return
    counted = {d for s in sets for d in s.get("file_digests", [s["digest"]])}
    new: list[tuple[str, bytes, str]] = []
    for f in files:
        if f.size > MAX_BYTES:
            st.error(_too_big(f.name, f.size))
            return
        data = f.getvalue()
        digest = content_digest(data)
        if digest not in counted and all(digest != d for _n, _b, d in new):
            new.append((f.name, data, digest))
    if not new:
        st.session_state["stats_last_parquet"] = marker
        st.info(
            _("These Parquet files are already counted (the same content was uploaded before).")
        )
        return
    size = sum(len(data) for _n, data, _d in new)
    if len(sets) >= MAX_UPLOAD_SETS or sum(s["size"] for s in sets) + size > MAX_UPLOAD_BYTES:
        st.error(_session_full())
        return
    room = MAX_PARQUET_GAMES - sum(s.get("games", 0) for s in sets if s.get("kind") == "parquet")
    digest = content_digest("\n".join(sorted(d for _n, _b, d in new)))
    files_kept = tuple((name, data) for name, data, _d in new)
    names = ", ".join(name for name, _b, _d in new)
    if len(new) > 3:
        names = _("{n} Parquet files ({first} … {last})").format(
            n=len(new), first=new[0][0], last=new[-1][0]
        )
    item = {
        "kind": "parquet",
        "digest": digest,
        "name": names,
        "size": size,
        "files": files_kept,
        "file_digests": [d for _n, _b, d in new],
        "room": room,
    }
    # read and replayed in a worker process (up to 60,000 games): the page shows progress
    job_panel.start(
        PARQUET_JOB, check_parquet, files_kept, room, MAX_UPLOAD_BYTES, item=item, marker=marker
    )


PARQUET_JOB = "stats_parquet_job"  # session key: the Parquet upload being checked


def _parquet_job(sets: list, game_name: str | None) -> None:
    """The outcome of the Parquet files checked in a worker process, once it is over."""
    done = job_panel.take(PARQUET_JOB)
    if done is None:
        return
    job, status = done
    item = job["item"]
    st.session_state["stats_last_parquet"] = job["marker"]  # not checked again
    if status is None:
        job_panel.lost()
        return
    if status.error is not None:
        if isinstance(status.error, EngineError):
            st.error(_("Refused, nothing added: {error}").format(error=error_text(status.error)))
        else:
            job_panel.show_error(status)
        return
    if status.result is None:
        st.info(_("Upload cancelled: nothing was added from {name}.").format(name=item["name"]))
        return
    records = status.result
    CHECKED.put(item["digest"], records)
    sets.append(dict(item, games=len(records)))
    names = item["name"]
    kinds = sorted({r.game for r in records})
    st.success(
        ngettext(
            "Added {n} verified game from {name}.",
            "Added {n} verified games from {name}.",
            len(records),
        ).format(n=len(records), name=names)
    )
    if kinds and game_name is not None and kinds != [game_name]:
        st.info(
            _("They are games of {game}: choose it under Game to see them.").format(
                game=_(get_game(kinds[0]).title)
            )
        )
