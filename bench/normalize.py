# normalize.py -- the rows every tool must agree on: "GAMES,NOC,G,S,B",
# Games as podium codes (1992 Summer -> OG1992), sorted.  Not timed.
# A peer's NOC that podium's registry keeps as a spelling of another code
# (data/npcs.tsv: LIB is Lebanon's LBN) is that code, as podium shows it.
# usage: python3 normalize.py podium|peer FILE
import csv
import os
import re
import sys

alias = {}
npcs = os.path.join(os.path.dirname(__file__), "..", "data", "npcs.tsv")
with open(npcs, encoding="utf-8") as f:
    for line in f:
        cols = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(cols) < 5:
            continue
        for a in cols[4].split("|"):
            if re.fullmatch(r"[A-Z][A-Z0-9]{2}", a):
                alias[a] = cols[0]

kind, path = sys.argv[1], sys.argv[2]
rows = []
with open(path, newline="", encoding="utf-8") as f:
    for r in csv.reader(f):
        if not r or r[0] == "games":
            continue
        if kind == "podium":
            games, npc, g, s, b = r[0], r[2], r[4], r[5], r[6]
        else:
            games, npc, g, s, b = r[:5]
            year, season = games.split(" ")
            games = ("OG" if season == "Summer" else "OW") + year
            npc = alias.get(npc, npc)
        rows.append(f"{games},{npc},{int(g)},{int(s)},{int(b)}")
sys.stdout.write("\n".join(sorted(rows)) + "\n")
