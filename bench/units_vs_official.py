#!/usr/bin/env python3
"""units_vs_official.py -- the Paris 2024 medal table derived from units
('podium import units') against the official outcome (olympanalyt's 2024
rows): how many NOCs' rows are equal, and which differ.

usage: bench/units_vs_official.py PODIUM SHARED_DATA
  PODIUM       the podium binary
  SHARED_DATA  the folder holding external/ (../shared/data)
"""
import csv, collections, os, subprocess, sys, tempfile

def main():
    podium, data = sys.argv[1], sys.argv[2]
    units = os.path.join(data, 'external/olympics-paris2024-units')
    ref = os.path.join(data, 'external/olympics-medalists-1896-2024-olympanalyt/all_olympic_medalists.csv')
    with tempfile.TemporaryDirectory() as d:
        db = os.path.join(d, 'p.db')
        subprocess.run([podium, '--db', db, 'import', 'units', units, '--games', 'OG2024'], check=True)
        out = subprocess.run([podium, '--db', db, 'table', '--games', 'OG2024', '--format', 'csv'],
                             check=True, capture_output=True, text=True).stdout
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
