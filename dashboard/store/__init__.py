"""The app's durable store of live games, played games and score sheets, and its SQLite and
PostgreSQL backends.
"""
