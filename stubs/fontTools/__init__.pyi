# The few names of fontTools that web/line_pages.py uses, typed.
