#!/usr/bin/env python3
"""Export batch K's three graphs from raw/ (extracted verbatim from the source repositories, see README.md).
Deterministic, Python standard library only."""
import csv, json, os
D = os.path.dirname(os.path.abspath(__file__)); R = os.path.join(D, 'raw')

# ---------- Star Wars (SWAPI fixtures) -> typed CSV ----------
def fx(name):
    return {o['pk']: o['fields'] for o in json.load(open(os.path.join(R, 'swapi', name + '.json')))}
films, people, planets, species = fx('films'), fx('people'), fx('planets'), fx('species')
starships, transport, vehicles = fx('starships'), fx('transport'), fx('vehicles')
NULL = {'', 'unknown', 'n/a', 'none', None}
rows = []
def add(s, r, o, st, ot):
    rows.append((s, r, o, st, ot))
for pk, f in sorted(films.items(), key=lambda kv: kv[1]['episode_id']):
    t = f['title']
    for r, tab, ty in (('characters', people, 'people'), ('planets', planets, 'planet'), ('species', species, 'species')):
        for i in f[r]:
            add(t, r, tab[i]['name'], 'film', ty)
    for i in f['starships']:
        add(t, 'starships', transport[i]['name'], 'film', 'starship')
    for i in f['vehicles']:
        add(t, 'vehicles', transport[i]['name'], 'film', 'vehicle')
    for d in f['director'].split(', '):
        add(t, 'director', d, 'film', 'director')
    for p in f['producer'].split(', '):
        add(t, 'producer', p, 'film', 'producer')
for pk, p in sorted(people.items()):
    if p.get('homeworld'):
        add(p['name'], 'homeworld', planets[p['homeworld']]['name'], 'people', 'planet')
for pk, s in sorted(species.items()):
    if s.get('homeworld'):
        add(s['name'], 'homeworld', planets[s['homeworld']]['name'], 'species', 'planet')
    for i in s['people']:
        add(s['name'], 'people', people[i]['name'], 'species', 'people')
    if s['classification'] not in NULL:
        add(s['name'], 'classification', s['classification'], 'species', 'classification')
    if s['language'] not in NULL:
        add(s['name'], 'language', s['language'], 'species', 'language')
for tab, ty, cls in ((starships, 'starship', 'starship_class'), (vehicles, 'vehicle', 'vehicle_class')):
    for pk, v in sorted(tab.items()):
        name = transport[pk]['name']
        for i in v['pilots']:
            add(name, 'pilots', people[i]['name'], ty, 'people')
        if v[cls] not in NULL:
            add(name, cls, v[cls], ty, cls)
        for m in (x.strip() for x in transport[pk]['manufacturer'].split(',')):
            if m not in NULL and m not in ('Inc', 'Inc.'):
                add(name, 'manufacturer', m, ty, 'manufacturer')
for pk, p in sorted(planets.items()):
    for c in (x.strip() for x in p['climate'].split(',')):
        if c not in NULL:
            add(p['name'], 'climate', c, 'planet', 'climate')
    for c in (x.strip() for x in p['terrain'].split(',')):
        if c not in NULL:
            add(p['name'], 'terrain', c, 'planet', 'terrain')
seen = set(); out = []
for r in rows:
    if r not in seen:
        seen.add(r); out.append(r)
with open(os.path.join(D, 'starwars.kb.csv'), 'w', newline='') as fh:
    w = csv.writer(fh); w.writerow(['subject', 'relation', 'object', 'subject_type', 'object_type']); w.writerows(out)
print('starwars', len(out))

# ---------- Pokemon (PokeAPI CSV, Gen I-II species) -> typed JSONL ----------
def rd(name):
    return list(csv.DictReader(open(os.path.join(R, 'pokeapi', name + '.csv'), encoding='utf-8')))
ident = lambda name: {r['id']: r['identifier'] for r in rd(name)}
sp = {r['id']: r for r in rd('pokemon_species') if int(r['id']) <= 251}
types, abil, eggs, hab, gen, col = ident('types'), ident('abilities'), ident('egg_groups'), ident('pokemon_habitats'), ident('generations'), ident('pokemon_colors')
facts = []
def padd(s, r, o, st, ot):
    facts.append({'subject': s, 'relation': r, 'object': o, 'subject_type': st, 'object_type': ot})
for i in sorted(sp, key=int):
    s = sp[i]; n = s['identifier']
    if s['evolves_from_species_id'] in sp:  # later-generation pre-evolutions (happiny, munchlax, ...) are outside the export
        padd(n, 'evolves_from', sp[s['evolves_from_species_id']]['identifier'], 'pokemon-species', 'pokemon-species')
    padd(n, 'generation', gen[s['generation_id']], 'pokemon-species', 'generation')
    if s['habitat_id']:
        padd(n, 'habitat', hab[s['habitat_id']], 'pokemon-species', 'pokemon-habitat')
    padd(n, 'color', col[s['color_id']], 'pokemon-species', 'pokemon-color')
    if s['is_legendary'] == '1':
        padd(n, 'is_a', 'legendary', 'pokemon-species', 'category')
    if s['is_mythical'] == '1':
        padd(n, 'is_a', 'mythical', 'pokemon-species', 'category')
    if s['is_baby'] == '1':
        padd(n, 'is_a', 'baby', 'pokemon-species', 'category')
pt = [r for r in rd('pokemon_types') if r['pokemon_id'] in sp]
for r in sorted(pt, key=lambda r: (int(r['pokemon_id']), int(r['slot']))):
    padd(sp[r['pokemon_id']]['identifier'], 'has_type', types[r['type_id']], 'pokemon-species', 'type')
pa = [r for r in rd('pokemon_abilities') if r['pokemon_id'] in sp]
for r in sorted(pa, key=lambda r: (int(r['pokemon_id']), int(r['slot']))):
    padd(sp[r['pokemon_id']]['identifier'], 'has_hidden_ability' if r['is_hidden'] == '1' else 'has_ability',
         abil[r['ability_id']], 'pokemon-species', 'ability')
pe = [r for r in rd('pokemon_egg_groups') if r['species_id'] in sp]
for r in sorted(pe, key=lambda r: (int(r['species_id']), int(r['egg_group_id']))):
    padd(sp[r['species_id']]['identifier'], 'egg_group', eggs[r['egg_group_id']], 'pokemon-species', 'egg-group')
REL = {'200': 'double_damage_to', '50': 'half_damage_to', '0': 'no_damage_to'}
for r in rd('type_efficacy'):
    if r['damage_factor'] in REL and int(r['damage_type_id']) <= 18 and int(r['target_type_id']) <= 18:
        padd(types[r['damage_type_id']], REL[r['damage_factor']], types[r['target_type_id']], 'type', 'type')
with open(os.path.join(D, 'pokemon.kb.jsonl'), 'w') as fh:
    for f in facts:
        fh.write(json.dumps(f, ensure_ascii=False) + '\n')
print('pokemon', len(facts))

# ---------- Chess openings (lichess-org/chess-openings b.tsv, ECO B) -> untyped TSV ----------
ops = list(csv.DictReader(open(os.path.join(R, 'chess', 'b.tsv')), delimiter='\t'))
names = {o['name'] for o in ops}
moves = lambda pgn: [t for t in pgn.split() if not t.endswith('.')]
tri = []
def name_parent(n):
    if ', ' in n.split(': ', 1)[-1] and ': ' in n:
        p = n.rsplit(', ', 1)[0]
    elif ': ' in n:
        p = n.split(': ', 1)[0]
    else:
        return None
    return p
bymoves = {}
for o in ops:
    bymoves.setdefault(tuple(moves(o['pgn'])), []).append(o['name'])
for o in ops:
    n = o['name']
    tri.append((n, 'eco', o['eco']))
    if ': ' in n:
        tri.append((n, 'family', n.split(': ', 1)[0]))
    p = name_parent(n)
    while p is not None and p not in names and name_parent(p) is not None:
        p = name_parent(p)
    if p is not None:
        tri.append((n, 'parent', p))
    m = moves(o['pgn'])
    for k in range(len(m) - 1, 0, -1):
        if tuple(m[:k]) in bymoves:
            for q in sorted(bymoves[tuple(m[:k])]):
                if q != n:
                    tri.append((n, 'extends', q))
            break
seen = set(); out = []
for t in tri:
    if t not in seen:
        seen.add(t); out.append(t)
with open(os.path.join(D, 'chess-openings.kb.tsv'), 'w') as fh:
    for t in out:
        fh.write('\t'.join(t) + '\n')
print('chess', len(out))
