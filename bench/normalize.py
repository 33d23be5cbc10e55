# normalize.py -- the rows every tool must agree on: "GAMES,NOC,G,S,B",
# Games as podium codes (1992 Summer -> OG1992), sorted.  Not timed.
# usage: python3 normalize.py podium|peer FILE
import csv
import sys

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
        rows.append(f"{games},{npc},{int(g)},{int(s)},{int(b)}")
sys.stdout.write("\n".join(sorted(rows)) + "\n")
