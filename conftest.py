# Page scripts and the app entry run Streamlit code at import: never collect them.
collect_ignore_glob = ["dashboard/views/*", "dashboard/app.py"]
