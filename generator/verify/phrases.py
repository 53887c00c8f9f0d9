"""How English says a player must, need not, or may: the words the claims checks read
(verify/claims.py for a card's reason, verify/option_claims.py for a rule option)."""

from __future__ import annotations

# An adverb between the verb and what it governs changes nothing: "must still play a trump".
THEN = r"(?:\s+(?:still|always|then|now|also|therefore|just))?"
# Not the "have to" of "does not have to", nor the "need to" of "no need to": those are
# NEED_NOT's.
MUST = (
    r"(?:must|(?<!not )(?<!n't )(?<!no )(?:has|have|needs?)\s+to"
    r"|(?:is|are)\s+(?:obliged|forced|required|bound|compelled)\s+to)" + THEN
)
NEED_NOT = (
    r"(?:need\s+not|needn't|(?:does|do)\s+not\s+(?:have|need)\s+to|(?:doesn't|don't)\s+(?:have|need)"
    r"\s+to|(?:is|are)\s+not\s+(?:obliged|forced|required|bound)\s+to|(?:isn't|aren't)\s+"
    r"(?:obliged|forced|required|bound)\s+to|is\s+under\s+no\s+obligation\s+to|(?:has|have)\s+no"
    r"\s+(?:obligation|need)\s+to|no\s+need\s+to"
    r"|nothing\s+(?:obliges|forces|requires|compels)\s+(?:him|her|them|you)\s+to)"
)
MAY = r"(?:may|can|is\s+free\s+to|is\s+allowed\s+to|is\s+entitled\s+to)" + THEN
