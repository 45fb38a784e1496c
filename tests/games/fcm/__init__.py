"""Unit tests of the Food Chain Magnate board, geometry and setup (games/fcm), one module per
rule module."""
