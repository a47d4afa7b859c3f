import streamlit as st

st.title("games".capitalize())
st.info("Coming soon: this page lands with the owners_choice engine (its own issue).")
