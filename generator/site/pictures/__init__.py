"""Card faces and trick diagrams, drawn with Pillow.

Drawing knows no rule: it is told which cards are allowed and who takes
the trick, and draws that.
"""
