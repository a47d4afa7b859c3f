import streamlit as st

st.title("Stock Hold'em table tracker")
st.info("Coming soon: all six companies' exact price distributions at once.")
