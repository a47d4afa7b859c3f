"""Whist and Bid Whist grading against double-dummy play (hindsight: every card known).

The game's entry point is :mod:`engine.whist.analysis` (what :mod:`engine.analysis` calls,
with the settings of a page, the command and the Insights). Here, each module imports only
those below it:

- :mod:`~engine.whist.grading.vocabulary`: the units, measures, marks' thresholds and
  search budgets the grades share, and the readings of a state they all make;
- :mod:`~engine.whist.grading.contracts`: a four-player deal's contracts, each declared as
  the table takes it and played out double dummy;
- :mod:`~engine.whist.grading.bidding_table`, :mod:`~engine.whist.grading.auction_bounds`:
  the entries of a deal's table the bid grades read, solved only as far as they need;
- :mod:`~engine.whist.grading.par`: the whole table and the par of a four-player deal;
- :mod:`~engine.whist.grading.four_hands`: the four-player cards, bids, calls and kitty
  discards;
- :mod:`~engine.whist.grading.par_two_hands`, :mod:`~engine.whist.grading.two_hands`: the
  same for two players (straw piles);
- :mod:`~engine.whist.grading.left_out`: what one grading left out, in words.

The searches are :mod:`engine.doubledummy`'s.
"""
