"""The statistics page's parts: the records it counts and their figures (records), the
simulation form (simulate), the uploads (uploads), a table drawn with its chart
(table_view), the insights across games (insights), and the words of its tables (words)."""
