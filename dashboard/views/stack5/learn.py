import streamlit as st

st.title("learn")
st.info("This page is being built: the stack5 engine and this page land with the game's own issue.")
