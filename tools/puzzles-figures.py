#!/usr/bin/env python3
# The figures of tools/puzzles-loop.sh runs, per game, from their logs (the line each
# run prints; a run cut at its limit printed none): python3 tools/puzzles-figures.py LOG...
import re,glob,collections
tot=collections.defaultdict(lambda: collections.Counter())
rej=collections.defaultdict(lambda: collections.Counter())
cut=collections.Counter()
import sys
for f in (sys.argv[1:] or sorted(glob.glob('/var/tmp/pz/*.log'))):
    lines=open(f).read().splitlines()
    cur=None
    for l in lines:
        m=re.match(r'\d\d:\d\d:\d\d (?!rc )(\S+) (\d+)$',l)
        if m: cur=m.group(1); printed=False; continue
        m=re.match(r'\d\d:\d\d:\d\d rc (\d+)',l)
        if m and not printed: cut[cur]+=1
        m=re.match(r'(\S+): games (\d+), positions (\d+), candidates (\d+), found (\d+), confirmed (\d+) \(.*?\), cpu (\d+) s',l)
        if m:
            printed=True
            g=m.group(1); c=tot[g]
            for k,v in zip(['games','positions','candidates','found','confirmed','cpu'],m.groups()[1:]): c[k]+=int(v)
            r=l.split('rejected: ')
            if len(r)>1:
                for part in r[1].split(', '):
                    mm=re.match(r'(.*) (\d+)$',part)
                    if mm: rej[g][mm.group(1)]+=int(mm.group(2))
print('| game | games scanned | positions scanned | candidates | found | confirmed by the second check | cpu s | cpu s a puzzle kept | runs cut at 900 s |')
print('|---|---|---|---|---|---|---|---|---|')
for g,c in sorted(tot.items()):
    share = f"{100*c['confirmed']//max(c['found'],1)}%"
    per = c['cpu']/max(c['confirmed'],1)
    print(f"| {g} | {c['games']} | {c['positions']} | {c['candidates']} | {c['found']} | {c['confirmed']} ({share}) | {c['cpu']} | {per:.0f} | {cut[g]} |")
for g,r in sorted(rej.items()):
    print(g+': '+', '.join(f'{k} {v}' for k,v in r.most_common()))
