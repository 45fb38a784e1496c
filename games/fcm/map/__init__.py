"""The map: tiles and how they are laid, the squares, the pieces on them, roads and what a
campaign reaches, where a piece may go, and the map drawn in text and SVG."""
