"""The statistics page's widgets and the words of its tables."""
