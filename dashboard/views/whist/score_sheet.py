import streamlit as st

st.title("score_sheet")
st.info("This page is being built: the whist engine and this page land with the game's own issue.")
