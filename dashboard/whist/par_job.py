"""The Whist analysis board's heavy job: the double-dummy table and par of one deal, run
by :mod:`dashboard.jobs.pool` in a worker process (plain data in and out, no Streamlit).

The Python solver takes up to about a minute of CPU for a Bid Whist deal (ten contracts,
four declarers); a classic Whist deal is one contract, solved at once.
"""

from __future__ import annotations


def deal_table(progress, record_json: str, deal: int):
    """``(DDTable, Par)`` of deal ``deal`` of the record
    (:func:`engine.whist.grading.four_hands.deal_par`), or ``None`` when it holds no such
    four-player deal. It cannot stop half way: a Stop only stops the page's wait."""
    from engine import GameRecord
    from engine.whist.grading.four_hands import deal_par

    progress.update(0, 1)
    made = deal_par(GameRecord.from_json(record_json), deal)
    progress.update(1, 1)
    return made
