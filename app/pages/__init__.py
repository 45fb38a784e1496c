"""The pages people read at the table (views.py), their templates and static files."""
