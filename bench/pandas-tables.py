# pandas-tables.py -- the per-Games medal tables of athlete_events.csv in
# pandas, team medals once: DISTINCT (Games, Sport, Event, NOC, Medal).
# usage: python3 pandas-tables.py CSV
import sys

import pandas as pd

df = pd.read_csv(sys.argv[1], usecols=["Games", "Sport", "Event", "NOC",
                                        "Medal"], keep_default_na=False)
m = df[df.Medal != "NA"].drop_duplicates()
t = m.pivot_table(index=["Games", "NOC"], columns="Medal", values="Event",
                  aggfunc="count", fill_value=0)
for c in ("Gold", "Silver", "Bronze"):
    if c not in t:
        t[c] = 0
out = [f"{g},{n},{r.Gold},{r.Silver},{r.Bronze}"
       for (g, n), r in t.sort_index().iterrows()]
sys.stdout.write("\n".join(out) + "\n")
