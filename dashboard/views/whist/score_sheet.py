import streamlit as st

st.title("score sheet".capitalize())
st.info("Coming soon: this page lands with the whist engine (its own issue).")
