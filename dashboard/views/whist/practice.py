"""Practice Whist: one drill at a time about one rule, scheduled by spaced repetition."""

from dashboard.practice.view import practice_page

practice_page("whist")
