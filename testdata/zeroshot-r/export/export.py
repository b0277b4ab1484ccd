#!/usr/bin/env python3
"""Batch R export: three public data sets -> KB files (Python standard library only, deterministic: sorted output).
  raw/nobel/laureate.json            -> nobel-physics.kb.csv      (typed CSV)
  raw/avilist/avilist_2025_short.rda -> avilist-raptors.kb.jsonl  (typed JSONL)
  raw/gtfs/*.txt                     -> riogrande-gtfs.kb.tsv     (untyped TSV, no header)
Relation names are the sources' own keys (JSON keys, data-frame columns, GTFS field names)."""
import csv, html, io, json, os
import rda
D = os.path.dirname(os.path.abspath(__file__))
R = os.path.join(D, 'raw')


def unescape(d):
    """HTML entities in the source's strings (`J&uuml;lich`) unescaped."""
    return {k: html.unescape(v) if isinstance(v, str) else v for k, v in d.items()}


def nobel():
    L = json.load(open(os.path.join(R, 'nobel', 'laureate.json'), encoding='utf-8'), object_hook=unescape)['laureates']
    F = set()  # (s, r, o, st, ot)
    for l in L:
        prizes = l.get('prizes') or []
        if not any(p.get('category') == 'physics' for p in prizes):
            continue
        name = ' '.join(x for x in (l.get('firstname', '').strip(), (l.get('surname') or '').strip()) if x)
        def add(r, o, ot):
            if o and str(o).strip():
                F.add((name, r, str(o).strip(), 'laureate', ot))
        add('gender', l.get('gender'), 'gender')
        add('bornCountry', l.get('bornCountry'), 'country')
        add('bornCity', l.get('bornCity'), 'city')
        add('diedCountry', l.get('diedCountry'), 'country')
        add('diedCity', l.get('diedCity'), 'city')
        for p in prizes:
            add('year', p.get('year'), 'year')
            add('category', p.get('category'), 'category')
            for a in p.get('affiliations') or []:
                if not isinstance(a, dict) or not (a.get('name') or '').strip():
                    continue
                an = a['name'].strip()
                add('affiliations', an, 'affiliation')
                if (a.get('city') or '').strip():
                    F.add((an, 'city', a['city'].strip(), 'affiliation', 'city'))
                if (a.get('country') or '').strip():
                    F.add((an, 'country', a['country'].strip(), 'affiliation', 'country'))
    with open(os.path.join(D, 'nobel-physics.kb.csv'), 'w', encoding='utf-8', newline='') as fh:
        w = csv.writer(fh, lineterminator='\n')
        w.writerow(['subject', 'relation', 'object', 'subject_type', 'object_type'])
        for t in sorted(F):
            w.writerow(t)
    return len(F)


RAPTORS = ('Accipitriformes', 'Cathartiformes', 'Falconiformes', 'Strigiformes')


def avilist():
    d = rda.frames(os.path.join(R, 'avilist', 'avilist_2025_short.rda'))['avilist_2025_short']
    n = len(d['Sequence']); F = set()
    for i in range(n):
        row = {k: d[k][i] for k in d}
        if row['Order'] not in RAPTORS:
            continue
        rank, sci = row['Taxon_rank'], row['Scientific_name']
        if rank == 'order':
            continue
        if rank == 'family':
            F.add((sci, 'Order', row['Order'], 'family', 'order'))
            if row['Family_English_name']:
                F.add((sci, 'Family_English_name', row['Family_English_name'], 'family', 'family English name'))
        elif rank == 'genus':
            F.add((sci, 'Family', row['Family'], 'genus', 'family'))
        elif rank == 'species':
            sp = row['English_name_AviList'] or sci
            F.add((sp, 'Scientific_name', sci, 'species', 'scientific name'))
            F.add((sp, 'genus', sci.split()[0], 'species', 'genus'))
            if row['IUCN_Red_List_Category']:
                F.add((sp, 'IUCN_Red_List_Category', row['IUCN_Red_List_Category'], 'species', 'IUCN category'))
            if row['Extinct_or_possibly_extinct']:
                F.add((sp, 'Extinct_or_possibly_extinct', row['Extinct_or_possibly_extinct'], 'species', 'extinction status'))
    with open(os.path.join(D, 'avilist-raptors.kb.jsonl'), 'w', encoding='utf-8') as fh:
        for s, r, o, st, ot in sorted(F):
            fh.write(json.dumps({'subject': s, 'relation': r, 'object': o, 'subject_type': st, 'object_type': ot}, ensure_ascii=False) + '\n')
    return len(F)


def gtfs():
    def rows(f):
        with open(os.path.join(R, 'gtfs', f + '.txt'), encoding='utf-8-sig') as fh:
            return list(csv.DictReader(io.StringIO(fh.read())))
    agency = {a['agency_id']: a['agency_name'] for a in rows('agency')}
    stops = {s['stop_id']: s['stop_name'].strip() for s in rows('stops')}
    routes = {}
    F = set()
    for r in rows('routes'):
        rn = r['route_long_name'].strip(); routes[r['route_id']] = rn
        F.add((rn, 'route_short_name', r['route_short_name'].strip()))
        F.add((rn, 'agency_id', agency[r['agency_id']]))
    for t in rows('trips'):
        F.add((t['trip_id'], 'route_id', routes[t['route_id']]))
        F.add((t['trip_id'], 'service_id', t['service_id']))
    for st in rows('stop_times'):
        F.add((st['trip_id'], 'stop_id', stops[st['stop_id']]))
    for sid, nm in stops.items():
        F.add((nm, 'stop_code', sid))
    days = ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
    for c in rows('calendar'):
        for dname in days:
            if c[dname] == '1':
                F.add((c['service_id'], dname, 'yes'))
    with open(os.path.join(D, 'riogrande-gtfs.kb.tsv'), 'w', encoding='utf-8') as fh:
        for s, r, o in sorted(F):
            assert '\t' not in s + r + o
            fh.write(f'{s}\t{r}\t{o}\n')
    return len(F)


if __name__ == '__main__':
    for f in (nobel, avilist, gtfs):
        print(f.__name__, f())
