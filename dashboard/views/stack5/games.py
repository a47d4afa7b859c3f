import streamlit as st

st.title("games".capitalize())
st.info("Coming soon: this page lands with the stack5 engine (its own issue).")
