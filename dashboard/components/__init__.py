"""The app's own Streamlit components (Components v2: inline HTML, CSS and JavaScript, no
iframe, no build step), each a Python module beside its ``.js`` and ``.css``.

- :mod:`dashboard.components.fields`: a table tool's inputs (text, number and switch
  fields in rows) as one element, which a phone draws in a fraction of the time the same
  Streamlit widgets take.
"""
