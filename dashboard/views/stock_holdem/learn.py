import streamlit as st

st.title("learn".capitalize())
st.info("Coming soon: this page lands with the stock_holdem engine (its own issue).")
