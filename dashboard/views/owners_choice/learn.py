import streamlit as st

st.title("learn".capitalize())
st.info("Coming soon: this page lands with the owners_choice engine (its own issue).")
