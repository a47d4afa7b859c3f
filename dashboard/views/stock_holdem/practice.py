"""Practice Stock Hold'em: one drill at a time about one rule, scheduled by spaced repetition."""

from dashboard.practice.view import practice_page

practice_page("stock_holdem")
