"""Bridges from the engine to other game frameworks (optional extras).

- :mod:`engine.adapters.openspiel`: the four games as OpenSpiel (``pyspiel``) Python games
  (``pip install -e '.[openspiel]'``). The engine never imports an adapter.
"""
