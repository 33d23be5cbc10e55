# medallist-lists.py -- issue 25's trial, done again without its files.
#
# The users imported medallist lists shaped like Kaggle's
# "summer.csv"/"winter.csv" (Year, City, Sport, Discipline, Athlete,
# Country, Gender, Event, Medal: one row per medallist, team members
# repeated, Gender the athlete's "Men" or "Women", the event's name
# without its gender word), one Games at a time with
#
#   podium import medals FILE --games OGYYYY --where Year=YYYY
#          --where 'Country!=' --map sport=Discipline --teams infer
#
# and compared each table with the official one.  We do not have those
# files, so this script builds their like from Kaggle's athlete_events.csv
# (../shared: its medal rows 1896-2014 but the art competitions, alpinism
# and aeronautics, which those lists and OlympAnalyt leave out), one list
# per season, imports each of the 49 Games so, and compares each table
# with the OlympAnalyt medallist file's (imported per Games as
# tests/olympanalyt_check.sh does; its one medal-less row, the 1908 sprint
# void, left out) with 'podium diff'.
#
# The event's name loses its "Men's" or "Women's".  Kaggle (after
# Olympedia) says "Mixed" of every open event too: that goes where the IOC
# names the event without it (summer.csv's "Pairs", "Ice Dancing",
# "Individual" under Dressage, sailing's and shooting's open classes),
# unless the rest of the name is also a men's or women's event of that
# sport at that Games (sailing's "Mixed One Person Dinghy", the Laser,
# next to the men's Finn); "Mixed Doubles", "Mixed Relay" and the like
# keep it.  Luge's "Mixed (Men)'s Doubles" is "Doubles".  The discipline is Kaggle's sport,
# but for equestrian events (Dressage, Jumping, Eventing, Vaulting, from
# the event's name).
#
# Prints per Games: same or differs (and the NPC lines of the diff), then
# the count of Games whose table equals the reference, and the sum of what
# --teams infer says it took each event for.
#
# usage: python3 bench/medallist-lists.py [PODIUM [EXTERNAL_DIR]] [-v]
import csv
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
args = [a for a in sys.argv[1:] if a != "-v"]
verbose = "-v" in sys.argv[1:]
podium = args[0] if args else os.path.join(here, "..", "build", "rel",
                                           "podium")
ext = args[1] if len(args) > 1 else os.path.join(here, "..", "..", "shared",
                                                 "data", "external")
ae = os.path.join(ext, "olympics-120-years-athlete-events",
                  "athlete_events.csv.gz")
oa = os.path.join(ext, "olympics-medalists-1896-2024-olympanalyt",
                  "all_olympic_medalists.csv")
LEFT_OUT = {"Art Competitions", "Alpinism", "Aeronautics"}
GENDER_WORD = re.compile(r"^(Men's|Women's|Mixed)\s+")
OPEN_BY_NAME = {"Equestrianism", "Sailing", "Shooting"}


def mixed_goes(sport, rest, names):
    """Whether "Mixed" goes from "Mixed REST" of sport."""
    if rest in names:
        return False
    return sport in OPEN_BY_NAME or (sport == "Figure Skating" and
                                     rest in ("Pairs", "Ice Dancing"))


def discipline(sport, event):
    if sport != "Equestrianism":
        return "Figure skating" if sport == "Figure Skating" else sport
    for word, d in (("Dressage", "Dressage"), ("Jumping", "Jumping"),
                    ("Three-Day Event", "Eventing"),
                    ("Vaulting", "Vaulting")):
        if word in event:
            return d
    return "Equestrian"


def lists():
    """rows[season] = [(year, city, sport, disc, athlete, noc, gender,
    kaggle event, medal)]; names[(year, season, sport)] = the event names
    that are a men's or women's event there (gender word removed)."""
    rows = defaultdict(list)
    names = defaultdict(set)
    with gzip.open(ae, "rt", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            if r["Medal"] == "NA" or r["Sport"] in LEFT_OUT:
                continue
            year = int(r["Year"])
            if year > 2014 or year == 1906:
                continue
            event = r["Event"][len(r["Sport"]) + 1:]
            m = GENDER_WORD.match(event)
            if m and m.group(1) != "Mixed":
                names[(year, r["Season"], r["Sport"])].add(event[m.end():])
            rows[r["Season"]].append((year, r["City"], r["Sport"], r["Name"],
                                      r["NOC"],
                                      "Men" if r["Sex"] == "M" else "Women",
                                      event, r["Medal"]))
    out = {}
    for season, rs in rows.items():
        out[season] = []
        for year, city, sport, name, noc, gender, event, medal in rs:
            m = GENDER_WORD.match(event)
            name_ev = event
            if event == "Mixed (Men)'s Doubles":
                name_ev = "Doubles"
            elif m and (m.group(1) != "Mixed" or
                        mixed_goes(sport, event[m.end():],
                                   names[(year, season, sport)])):
                name_ev = event[m.end():]
            out[season].append((year, city, sport,
                                discipline(sport, event), name, noc, gender,
                                name_ev, medal))
    return out


def run(cmd, db, **kw):
    env = dict(os.environ, PODIUM_DB=db)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, **kw)


def main():
    if not os.path.isfile(ae) or not os.path.isfile(oa):
        print("skip: %s or %s is not here (../shared is absent)" % (ae, oa))
        return 0
    tmp = tempfile.mkdtemp()
    try:
        return trial(tmp)
    finally:
        shutil.rmtree(tmp)


def trial(tmp):
    files = {}
    games = []
    for season, rs in lists().items():
        path = os.path.join(tmp, season.lower() + ".csv")
        with open(path, "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f)
            w.writerow(["Year", "City", "Sport", "Discipline", "Athlete",
                        "Country", "Gender", "Event", "Medal"])
            for r in sorted(rs, key=lambda r: r[0]):
                w.writerow(r)
        files[season] = path
        games += [(y, season) for y in sorted({r[0] for r in rs})]
    same = 0
    taken = [0, 0, 0, 0]
    told = 0
    for year, season in sorted(games, key=lambda g: (g[1], g[0])):
        code = ("OG" if season == "Summer" else "OW") + str(year)
        r = run([podium, "import", "medals", oa, "--games", code,
                 "--where", "year=%d" % year, "--where", "season=" + season,
                 "--where", "medal!=", "--source", "olympanalyt"],
                os.path.join(tmp, "oa.db"))
        if r.returncode:
            sys.stderr.write(r.stderr)
            return 2
        ref = os.path.join(tmp, code + ".csv")
        with open(ref, "w") as f:
            subprocess.run([podium, "table", "--games", code, "--format",
                            "csv", "--lang", "en"], stdout=f, check=True,
                           env=dict(os.environ,
                                    PODIUM_DB=os.path.join(tmp, "oa.db")))
        db = os.path.join(tmp, "lists.db")
        r = run([podium, "import", "medals", files[season], "--games", code,
                 "--where", "Year=%d" % year, "--where", "Country!=",
                 "--map", "sport=Discipline", "--teams", "infer"], db)
        if r.returncode:
            sys.stderr.write(r.stderr)
            return 2
        m = re.search(r"--teams infer: (\d+) team events, (\d+) "
                      r"individual; (\d+) mixed, (\d+) open", r.stderr)
        if m:
            told += 1
            taken = [a + int(b) for a, b in zip(taken, m.groups())]
        d = run([podium, "diff", "--lang", "en", code, ref], db)
        lines = [l for l in d.stdout.splitlines() if ": Gold " in l]
        if d.returncode == 0:
            same += 1
        print("%s %s%s" % (code, "same" if d.returncode == 0 else
                           "differs: %d NPC(s)" % len(lines),
                           (" (" + m.group(0) + ")") if m and verbose
                           else ""))
        if verbose:
            for l in lines:
                print("    " + l)
    print("medallist lists (athlete_events 1896-2014) --teams infer vs "
          "olympanalyt: %d of %d Games the same" % (same, len(games)))
    if told:
        print("--teams infer took, over the %d Games: %d team events, %d "
              "individual; %d mixed, %d open" % (told, *taken))
    return 0


if __name__ == "__main__":
    sys.exit(main())
