#!/usr/bin/env python3
"""units_vs_official.py -- the Paris 2024 medals derived from units
('podium import units') against the official outcome (olympanalyt's 2024
rows): how many events' medals (rank and NOC) and NOCs' rows are equal,
and which differ.

usage: bench/units_vs_official.py PODIUM SHARED_DATA
  PODIUM       the podium binary
  SHARED_DATA  the folder holding external/ (../shared/data)
"""
import csv, collections, os, sqlite3, subprocess, sys, tempfile

def events(db, ref):
    """Each derived event's medals as (rank, NOC) against the official
    events' (matched by that multiset, the same sport's first): names
    differ between the two sources."""
    ours = collections.defaultdict(list)
    con = sqlite3.connect(db)
    for sport, name, npc, rank in con.execute(
            "select s.name, e.name, r.npc, r.rank from results r join events e "
            "on e.id = r.event_id join sports s on s.id = e.sport_id "
            "where r.until is null and e.games = 'OG2024' and r.rank between 1 and 3"):
        ours[(sport, name)].append((rank, npc))
    con.close()
    off = collections.defaultdict(list)
    for r in csv.DictReader(open(ref, encoding='utf-8')):
        if r['year'] == '2024' and r['season'] == 'Summer':
            off[(r['sport'], r['event_gender'], r['event_name'])].append(
                (['Gold', 'Silver', 'Bronze'].index(r['medal']) + 1, r['country_code']))
    pool = {k: sorted(v) for k, v in off.items()}
    used, differ = set(), []
    for k in sorted(ours):
        v = sorted(ours[k])
        m = [o for o in pool if o not in used and pool[o] == v and o[0].lower()[:4] == k[0].lower()[:4]]
        m = m or [o for o in pool if o not in used and pool[o] == v]
        if m:
            used.add(m[0])
        else:
            differ.append((k, v))
    print(f'events: {len(ours) - len(differ)}/{len(off)} equal (medals as rank and NOC)')
    for k, v in differ:
        print(f'  {k[0]} {k[1]}: derived {v}')
    for o in sorted(set(pool) - used):
        print(f'  official {o[0]} {o[1]} {o[2]}: {pool[o]}')

def main():
    podium, data = sys.argv[1], sys.argv[2]
    units = os.path.join(data, 'external/olympics-paris2024-units')
    ref = os.path.join(data, 'external/olympics-medalists-1896-2024-olympanalyt/all_olympic_medalists.csv')
    with tempfile.TemporaryDirectory() as d:
        db = os.path.join(d, 'p.db')
        subprocess.run([podium, '--db', db, 'import', 'units', units, '--games', 'OG2024'], check=True)
        out = subprocess.run([podium, '--db', db, 'table', '--games', 'OG2024', '--format', 'csv'],
                             check=True, capture_output=True, text=True).stdout
        events(db, ref)
    ours = {r['npc']: (int(r['gold']), int(r['silver']), int(r['bronze']))
            for r in csv.DictReader(out.splitlines())}
    tally = collections.defaultdict(lambda: [0, 0, 0])
    for r in csv.DictReader(open(ref, encoding='utf-8')):
        if r['year'] == '2024' and r['season'] == 'Summer':
            tally[r['country_code']][['Gold', 'Silver', 'Bronze'].index(r['medal'])] += 1
    official = {k: tuple(v) for k, v in tally.items()}
    same = sorted(k for k in official if ours.get(k) == official[k])
    print(f'NOCs: {len(same)}/{len(official)} rows equal (derived table has {len(ours)} NOCs)')
    for k in sorted(set(official) | set(ours)):
        if ours.get(k) != official.get(k):
            print(f'  {k}: derived {ours.get(k)} official {official.get(k)}')
    tot = lambda t: tuple(sum(v[i] for v in t.values()) for i in range(3))
    print(f'medals: derived {tot(ours)} official {tot(official)}')

main()
