"""Card faces, drawn with Pillow: the site's only pictures.

Drawing knows no rule and no page: it is given a card, the letter its
language prints for the rank, and the deck's colours, and draws that face.
"""
