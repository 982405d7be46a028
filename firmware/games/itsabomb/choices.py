"""What the It's a Bomb! table may do now, as menu choices; and the answers so far, as text.

Built once per turn screen from the core's legal actions (so a rule the core applies, such as
a round without questions, shows as a missing choice) and from view(None).
"""

ANSWERS = "answers"  # the choice that shows every answer and cut tile so far


class Choices:
    """asks: {"row"|"col": [i]} askable lines; cells: [(r, c)] to pick, for `verb` ("cut",
    or a Consultant's "scan" or "empty"); options: [(label, what)] for the first step, where
    what is "row", "col", "cut", ANSWERS, or an action to confirm as it is."""

    def __init__(self, session, view, acts, skin):
        S = skin.S  # the game's skin module gives the words
        rs = session.rs
        crisis = view["mode"] == "crisis"
        self.asks = {"row": [], "col": []}
        self.cells = []
        self.verb = "cut"
        out = []
        for a in acts:
            k = a[0]
            if k == "ask" and len(a) == 3:
                self.asks[a[1]].append(a[2])
            elif len(a) == 3:
                self.cells.append((a[1], a[2]))
                self.verb = k
            elif k == "consult":
                out.append((S("o.use") + rs["consultants"][a[1]]["name"], a))
            elif k == "start":
                out.append((S("o.start"), a))
            else:  # countdown-only mode: what the human Crisis Unit did
                out.append((S("o." + (a[1] if len(a) == 2 else "asked")), a))
        if not crisis:
            # The reports first, the likeliest first; Consultants after them, then the start.
            self.options = []
            for key in ("ask", "nothing", "new", "explosive", "consult", "start"):
                for o in out:
                    if o[1][-1] == key or (key == "consult" and o[1][0] == key):
                        self.options.append(o)
            return
        self.options = []
        for kind in ("row", "col"):
            if self.asks[kind]:
                self.options.append((S("o.ask" + kind), kind))
        if self.cells and self.verb == "cut":
            self.options.append((S("o.cut"), "cut"))
        self.options.extend(out)
        if view["phase"] == "play":
            self.options.append((S("o.answers"), ANSWERS))
        # The rows that hold a tile to pick, in order.
        self.rows = []
        for cell in self.cells:
            if cell[0] not in self.rows:
                self.rows.append(cell[0])

    def cols_in(self, row):
        """The columns of the tiles to pick in one row (made on a press)."""
        return [c for r, c in self.cells if r == row]


def answers_text(view, skin):
    """Every line's latest answer and every cut tile, one a line (in the skin's words)."""
    S, line_name, code = skin.S, skin.line_name, skin.code
    out = []
    for kind in ("row", "col"):
        for i, a in enumerate(view["answers"][kind]):
            if a is not None:
                line = S("o.ask" + kind) + " " + line_name(kind, i) + ": "
                out.append(line + skin.tokens_text(a))
    for r, row in enumerate(view["grid"]):
        for c, k in enumerate(row):
            if k != "?" and k != ".":
                out.append(skin.cell_name(r, c) + ": " + code(k) + " " + skin.kind_name(k))
    return "\n".join(out) if out else S("p.nolog")
