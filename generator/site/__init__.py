"""The static site: pages rendered from content and engine answers, in every locale.

Nothing here knows a rule of Belote; it shows what the engine computed.
"""
