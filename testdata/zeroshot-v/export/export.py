#!/usr/bin/env python3
"""Batch V export: three public data sets -> KB files (Python standard library only, deterministic: sorted output).
  raw/sp500/constituents.csv          -> sp500-companies.kb.csv     (typed CSV)
  raw/oec/systems/*.xml               -> nearby-exoplanets.kb.jsonl (typed JSONL)
  raw/dominion/*.json                 -> dominion-cards.kb.tsv      (untyped TSV, no header)
Relation names are the sources' own keys (CSV column names, XML element names, JSON keys)."""
import csv, json, os
import xml.etree.ElementTree as ET
D = os.path.dirname(os.path.abspath(__file__))
R = os.path.join(D, 'raw')


def sp500():
    """Every constituent: Security -> Symbol, GICS Sector, GICS Sub-Industry, Headquarters Location, Founded
    (Date added and CIK left out: a date and an id number, values rather than things)."""
    F = set()
    with open(os.path.join(R, 'sp500', 'constituents.csv'), encoding='utf-8') as fh:
        for r in csv.DictReader(fh):
            co = r['Security'].strip()
            for col, ot in (('Symbol', 'ticker symbol'), ('GICS Sector', 'sector'), ('GICS Sub-Industry', 'sub-industry'),
                            ('Headquarters Location', 'location'), ('Founded', 'year')):
                v = (r.get(col) or '').strip()
                if v:
                    F.add((co, col, v, 'company', ot))
    with open(os.path.join(D, 'sp500-companies.kb.csv'), 'w', encoding='utf-8', newline='') as fh:
        w = csv.writer(fh, lineterminator='\n')
        w.writerow(['subject', 'relation', 'object', 'subject_type', 'object_type'])
        for t in sorted(F):
            w.writerow(t)
    return len(F)


MAX_PC = 20.0  # systems with a distance of at most 20 parsecs


def oec():
    """Systems within MAX_PC parsecs. The XML nesting becomes edges parent -> child named by the child's element
    (system -star-> star, system -binary-> binary, binary -star-> star, star -planet-> planet, and a planet
    directly in a system or binary likewise); each object is named by its first <name>. A child with the same
    first name as its parent (a single-star system and its star: `Gliese 876` and `Gliese 876`) is the same
    node, so that edge is dropped; an unnamed <binary> is skipped, its members hanging from its parent. Leaves kept as edges: system `constellation`; star `spectraltype`; planet
    `discoverymethod`, `discoveryyear`, `list`."""
    F = set()
    leaves = {'system': [('constellation', 'constellation')], 'star': [('spectraltype', 'spectral type')],
              'planet': [('discoverymethod', 'discovery method'), ('discoveryyear', 'year'), ('list', 'list')]}

    def name(e):
        return ' '.join((e.findtext('name') or '').split())

    def visit(e, n, kind):
        for tag, ot in leaves.get(e.tag, []):
            for x in e.findall(tag):
                if x.text and x.text.strip():
                    F.add((n, tag, ' '.join(x.text.split()), kind, ot))
        for ch in e:
            if ch.tag in ('binary', 'star', 'planet'):
                cn = name(ch)
                if not cn:  # an unnamed binary: its members hang from the parent
                    visit(ch, n, kind)
                    continue
                if cn != n:
                    F.add((n, ch.tag, cn, kind, ch.tag))
                visit(ch, cn, ch.tag)

    sd = os.path.join(R, 'oec', 'systems')
    for f in sorted(os.listdir(sd)):
        root = ET.parse(os.path.join(sd, f)).getroot()
        d = root.findtext('distance')
        if d is None or float(d) > MAX_PC:
            continue
        visit(root, name(root), 'system')
    with open(os.path.join(D, 'nearby-exoplanets.kb.jsonl'), 'w', encoding='utf-8') as fh:
        for s, r, o, st, ot in sorted(F):
            fh.write(json.dumps({'subject': s, 'relation': r, 'object': o, 'subject_type': st, 'object_type': ot}, ensure_ascii=False) + '\n')
    return len(F)


# the latest printing of each expansion (sets_db `edition` has "latest"), without the fan-made set, the
# German big-box extras and the `extras` pseudo-set
DOM_SKIP = {'animals', 'extras', 'guilds-bigbox2-de', 'promo-bigbox2-de'}


def dominion():
    """Cards of the latest editions: card -> `cardset_tags` (the set's English name), `types`, `cost`, `debtcost`,
    `potcost`, `group_tag` (as written). Cards and sets by their English names (cards_en_us / sets_en_us; a set with
    no English name by its `short_name`, else its tag)."""
    cards = json.load(open(os.path.join(R, 'dominion', 'cards_db.json'), encoding='utf-8'))
    sets = json.load(open(os.path.join(R, 'dominion', 'sets_db.json'), encoding='utf-8'))
    en_c = json.load(open(os.path.join(R, 'dominion', 'cards_en_us.json'), encoding='utf-8'))
    en_s = json.load(open(os.path.join(R, 'dominion', 'sets_en_us.json'), encoding='utf-8'))
    keep = {t for t, v in sets.items() if 'latest' in v.get('edition', []) and t not in DOM_SKIP}

    def set_name(t):
        return (en_s.get(t, {}).get('set_name') or sets[t].get('short_name') or t).strip()

    F = set()
    for c in cards:
        ss = [t for t in c['cardset_tags'] if t in keep]
        if not ss:
            continue
        nm = (en_c.get(c['card_tag'], {}).get('name') or c['card_tag']).strip()
        for t in ss:
            F.add((nm, 'cardset_tags', set_name(t)))
        for ty in c.get('types', []):
            F.add((nm, 'types', ty))
        for k in ('cost', 'debtcost', 'potcost', 'group_tag'):
            v = str(c.get(k, '')).strip()
            if v:
                F.add((nm, k, v))
    with open(os.path.join(D, 'dominion-cards.kb.tsv'), 'w', encoding='utf-8') as fh:
        for s, r, o in sorted(F):
            assert '\t' not in s + r + o and '\n' not in s + r + o
            fh.write(f'{s}\t{r}\t{o}\n')
    return len(F)


if __name__ == '__main__':
    for f in (sp500, oec, dominion):
        print(f.__name__, f())
