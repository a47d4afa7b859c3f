import streamlit as st

st.title("calculator")
st.info("This page is being built: the owners_choice engine and this page land with the game's own issue.")
