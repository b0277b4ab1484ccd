"""Hand-written question specs for batch V (written before the engine was run on any of the graphs).
Step: (relation(s), 'f'|'b'[, transitive]); transitive True = one or more hops, '*' = zero or more.
Conditions: via / notvia = [(steps, node or None)]; minus_anchor; target=X for a yes/no question.
mention: exact (the node's own name), synonym (a shorter or other name of the node, or a word for a code such as
'radial velocity' for RV), typed (a kind word or paraphrase around the name)."""
F, B = 'f', 'b'


def Q(kind, q, anchor, steps, shape, **kw):
    d = dict(kind=kind, q=q, anchor=anchor, steps=steps, shape=shape)
    d.update(kw); return d


# --- S&P 500 constituents (typed CSV) ---
SYM, SEC, SUB, HQ, FND = 'Symbol', 'GICS Sector', 'GICS Sub-Industry', 'Headquarters Location', 'Founded'
SP = [
    # one hop, forward
    Q('symbol', 'What is the ticker symbol of Coca-Cola?', 'Coca-Cola Company (The)', [(SYM, F)], 'direct', mention='synonym'),
    Q('hq', 'Where is Nvidia headquartered?', 'Nvidia', [(HQ, F)], 'direct'),
    Q('sector', 'Which sector is Caterpillar in?', 'Caterpillar Inc.', [(SEC, F)], 'direct', mention='synonym'),
    Q('sub_industry', 'What industry does Netflix belong to?', 'Netflix', [(SUB, F)], 'direct'),
    Q('founded', 'When was Procter & Gamble founded?', 'Procter & Gamble', [(FND, F)], 'direct'),
    Q('hq', "Where is Microsoft's head office?", 'Microsoft', [(HQ, F)], 'direct'),
    # one hop, backward
    Q('by_symbol', 'Which company trades under the ticker TSLA?', 'TSLA', [(SYM, B)], 'direct'),
    Q('in_city', 'Which S&P 500 companies are headquartered in Houston, Texas?', 'Houston, Texas', [(HQ, B)], 'direct'),
    Q('in_sub', 'Which companies are in the Semiconductors sub-industry?', 'Semiconductors', [(SUB, B)], 'membership'),
    Q('founded_in', 'Which companies in the index were founded in 1886?', '1886', [(FND, B)], 'direct'),
    Q('in_sector', 'List the utilities in the S&P 500.', 'Utilities', [(SEC, B)], 'membership', mention='typed'),
    Q('in_city', 'Which companies are based in Dublin, Ireland?', 'Dublin, Ireland', [(HQ, B)], 'direct'),
    Q('in_sub', 'Which airlines are in the S&P 500?', 'Passenger Airlines', [(SUB, B)], 'membership', mention='synonym'),
    Q('in_sub', 'Which biotech companies are in the index?', 'Biotechnology', [(SUB, B)], 'membership', mention='synonym'),
    # two and three hops
    Q('same_city', 'Which other companies are headquartered in the same city as Nvidia?', 'Nvidia', [(HQ, F), (HQ, B)], 'composition', minus_anchor=True),
    Q('same_sub', 'Which companies are in the same sub-industry as Coca-Cola?', 'Coca-Cola Company (The)', [(SUB, F), (SUB, B)], 'composition', minus_anchor=True, mention='synonym'),
    Q('cities_of_sub', 'In which cities are the semiconductor companies headquartered?', 'Semiconductors', [(SUB, B), (HQ, F)], 'composition', mention='typed'),
    Q('sectors_in_city', 'Which sectors have companies headquartered in Pittsburgh, Pennsylvania?', 'Pittsburgh, Pennsylvania', [(HQ, B), (SEC, F)], 'composition'),
    Q('symbols_of_sub', 'What are the ticker symbols of the passenger airlines?', 'Passenger Airlines', [(SUB, B), (SYM, F)], 'composition', mention='typed'),
    Q('subs_in_city', 'Which industries do the companies based in Atlanta, Georgia belong to?', 'Atlanta, Georgia', [(HQ, B), (SUB, F)], 'composition'),
    Q('same_year', 'Which companies were founded in the same year as Apple?', 'Apple Inc.', [(FND, F), (FND, B)], 'composition', minus_anchor=True, mention='synonym'),
    Q('sector_of_symbol', 'What sector is the company with ticker XOM in?', 'XOM', [(SYM, B), (SEC, F)], 'composition'),
    Q('cities_of_sub', 'Where are the financial exchanges and data providers headquartered?', 'Financial Exchanges & Data', [(SUB, B), (HQ, F)], 'composition', mention='typed'),
    Q('sectors_in_home', "Which sectors are represented among the companies in Boeing's home city?", 'Boeing', [(HQ, F), (HQ, B), (SEC, F)], 'composition'),
    Q('subs_in_home', 'What industries are the other companies headquartered in the same city as ExxonMobil in?', 'ExxonMobil', [(HQ, F), (HQ, B), (SUB, F)], 'composition', notvia=[([(SUB, B)], 'ExxonMobil')]),
    # conditions
    Q('sector_city', 'Which information technology companies are headquartered in San Jose, California?', 'San Jose, California', [(HQ, B)], 'composition', via=[([(SEC, F)], 'Information Technology')]),
    Q('city_not_sector', 'Which Houston, Texas companies are not in the energy sector?', 'Houston, Texas', [(HQ, B)], 'composition', notvia=[([(SEC, F)], 'Energy')]),
    Q('sector_city', 'Which financial companies have their headquarters in New York City?', 'New York City, New York', [(HQ, B)], 'composition', via=[([(SEC, F)], 'Financials')], mention='synonym'),
    Q('sector_city', 'Which consumer staples companies are headquartered in Cincinnati, Ohio?', 'Cincinnati, Ohio', [(HQ, B)], 'composition', via=[([(SEC, F)], 'Consumer Staples')]),
    Q('sub_year', 'Which electric utilities were founded in 1906?', '1906', [(FND, B)], 'composition', via=[([(SUB, F)], 'Electric Utilities')], mention='typed'),
    # intersections
    Q('cities_both', 'Which cities are home to both an energy company and a utility?', 'Energy', [(SEC, B), (HQ, F)], 'composition', via=[([(HQ, B), (SEC, F)], 'Utilities')], mention='typed'),
    Q('subs_both', 'Which sub-industries have companies in both Houston, Texas and Dallas, Texas?', 'Houston, Texas', [(HQ, B), (SUB, F)], 'composition', via=[([(SUB, B), (HQ, F)], 'Dallas, Texas')]),
    # negatives
    Q('sector_city', 'Which real estate companies are headquartered in Atlanta, Georgia?', 'Atlanta, Georgia', [(HQ, B)], 'composition', via=[([(SEC, F)], 'Real Estate')], neg=True),
    Q('sub_city', 'Which passenger airlines are based in Houston, Texas?', 'Houston, Texas', [(HQ, B)], 'composition', via=[([(SUB, F)], 'Passenger Airlines')], neg=True, mention='typed'),
    Q('sub_city', 'Which semiconductor companies are headquartered in New York City?', 'New York City, New York', [(HQ, B)], 'composition', via=[([(SUB, F)], 'Semiconductors')], neg=True, mention='synonym'),
    Q('sector_city', 'Which energy companies are headquartered in Dublin, Ireland?', 'Dublin, Ireland', [(HQ, B)], 'composition', via=[([(SEC, F)], 'Energy')], neg=True),
    # yes/no (gold of a "yes" is the entity asked about; [] for "no")
    Q('yesno', 'Is Apple in the information technology sector?', 'Apple Inc.', [(SEC, F)], 'reachability', target='Information Technology', mention='synonym'),
    Q('yesno', 'Is Amazon headquartered in Seattle?', 'Amazon', [(HQ, F)], 'reachability', target='Seattle, Washington', mention='synonym'),
    Q('yesno', 'Is Tesla headquartered in Palo Alto, California?', 'Tesla, Inc.', [(HQ, F)], 'reachability', target='Palo Alto, California', neg=True, mention='synonym'),
    Q('yesno', 'Does Boeing belong to the Aerospace & Defense sub-industry?', 'Boeing', [(SUB, F)], 'reachability', target='Aerospace & Defense'),
]

# --- Open Exoplanet Catalogue, systems within 20 parsecs (typed JSONL) ---
HOST = ('star', 'binary')            # a system's or binary's members
UP = ('planet', 'star', 'binary')    # walked backwards: from a planet or star up to its system
DM, DY, LST, SPT, CON = 'discoverymethod', 'discoveryyear', 'list', 'spectraltype', 'constellation'
PLANETS_OF = [(HOST, F, '*'), ('planet', F)]
SYSTEM_OF = [(UP, B, '*'), (CON, F)]
EXO = [
    # one hop, forward
    Q('constellation', 'Which constellation is TRAPPIST-1 in?', 'TRAPPIST-1', [(CON, F)], 'direct'),
    Q('spectral_type', "What is Barnard's Star's spectral type?", "Barnard's Star", [(SPT, F)], 'direct'),
    Q('method', 'How was Proxima Centauri b discovered?', 'Proxima Centauri b', [(DM, F)], 'direct'),
    Q('year', 'When was 51 Peg b discovered?', '51 Peg b', [(DY, F)], 'direct'),
    Q('planets', 'What planets orbit Gliese 876?', 'Gliese 876', [('planet', F)], 'direct'),
    Q('stars', 'Which stars make up the Alpha Centauri system?', 'Alpha Centauri', [('star', F)], 'direct'),
    Q('planets', 'What are the planets of tau Ceti?', 'tau Ceti', [('planet', F)], 'direct'),
    # one hop, backward
    Q('by_method', 'Which planets were discovered by direct imaging?', 'imaging', [(DM, B)], 'direct', mention='synonym'),
    Q('by_method', 'Which planets were found by astrometry?', 'astrometry', [(DM, B)], 'direct'),
    Q('in_constellation', 'Which nearby systems are in Eridanus?', 'Eridanus', [(CON, B)], 'direct'),
    Q('by_year', 'Which planets were discovered in 1996?', '1996', [(DY, B)], 'direct'),
    Q('in_list', 'Which planets are retracted planet candidates?', 'Retracted planet candidate', [(LST, B)], 'membership', mention='synonym'),
    Q('in_list', 'Which planets are controversial?', 'Controversial', [(LST, B)], 'membership', mention='typed'),
    Q('by_type', 'Which stars have the spectral type DA2?', 'DA2', [(SPT, B)], 'direct'),
    Q('parent', 'Which system does Proxima Centauri belong to?', 'Proxima Centauri', [('star', B)], 'direct'),
    # several hops, the system hierarchy (system > binary > star > planet)
    Q('system_planets', 'Which planets are in the Alpha Centauri system?', 'Alpha Centauri', PLANETS_OF, 'composition'),
    Q('system_planets', 'Which planets does the 40 Eri system have?', '40 Eri', PLANETS_OF, 'composition', mention='typed'),
    Q('constellation_of_planet', 'Which constellation is Proxima Centauri b in?', 'Proxima Centauri b', SYSTEM_OF, 'composition'),
    Q('constellation_of_planet', 'In which constellation is Fomalhaut b?', 'Fomalhaut b', SYSTEM_OF, 'composition'),
    Q('types_of_system', 'What spectral types are the stars of the Alpha Centauri system?', 'Alpha Centauri', [('star', F), (SPT, F)], 'composition'),
    Q('years_of_system', 'In which years were the planets of Gliese 581 discovered?', 'Gliese 581', [('planet', F), (DY, F)], 'composition'),
    Q('methods_of_system', 'How were the planets of TRAPPIST-1 discovered?', 'TRAPPIST-1', [('planet', F), (DM, F)], 'composition'),
    Q('constellations_of_method', 'Which constellations have planets discovered by imaging?', 'imaging', [(DM, B)] + SYSTEM_OF, 'composition'),
    Q('planets_of_type', 'Which planets orbit M5.5V stars?', 'M5.5V', [(SPT, B), ('planet', F)], 'composition'),
    Q('planets_in_constellation', 'Which planets are in systems in the constellation Cetus?', 'Cetus', [(CON, B)] + PLANETS_OF, 'composition'),
    Q('same_year', 'Which planets were discovered the same year as Proxima Centauri b?', 'Proxima Centauri b', [(DY, F), (DY, B)], 'composition', minus_anchor=True),
    # conditions
    Q('cond_not_list', 'Which planets of Gliese 667 C are not controversial?', 'Gliese 667 C', [('planet', F)], 'composition', notvia=[([(LST, F)], 'Controversial')]),
    Q('cond_year_method', 'Which planets found by radial velocity were discovered in 2019?', '2019', [(DY, B)], 'composition', via=[([(DM, F)], 'RV')], mention='synonym'),
    Q('cond_list_method', 'Which planets in binary systems were discovered by the transit method?', 'Planets in binary systems, S-type', [(LST, B)], 'composition', via=[([(DM, F)], 'transit')], mention='typed'),
    Q('cond_no_planets', 'Which systems in Ursa Major have no known planets?', 'Ursa Major', [(CON, B)], 'composition', notvia=[(PLANETS_OF, None)]),
    Q('cond_host', 'Which stars in the Gliese 667 system host planets?', 'Gliese 667', [('star', F)], 'composition', via=[([('planet', F)], None)]),
    # intersections
    Q('years_both', 'In which years were planets discovered both by transit and by imaging?', 'transit', [(DM, B), (DY, F)], 'composition', via=[([(DY, B), (DM, F)], 'imaging')]),
    Q('lists_both', 'Which planets are both controversial and in a binary system?', 'Controversial', [(LST, B)], 'composition', via=[([(LST, F)], 'Planets in binary systems, S-type')], mention='typed'),
    # negatives
    Q('same_year', 'Which other planets were discovered in the same year as 51 Peg b?', '51 Peg b', [(DY, F), (DY, B)], 'composition', minus_anchor=True, neg=True),
    Q('cond_method', 'Which planets of TRAPPIST-1 were discovered by radial velocity?', 'TRAPPIST-1', [('planet', F)], 'composition', via=[([(DM, F)], 'RV')], neg=True, mention='synonym'),
    Q('cond_host', 'Which stars of the Sirius system have planets?', 'Sirius', [('star', F)], 'composition', via=[([('planet', F)], None)], neg=True),
    Q('cond_year_method', 'Which planets were discovered by astrometry in 2015?', '2015', [(DY, B)], 'composition', via=[([(DM, F)], 'astrometry')], neg=True),
    # yes/no
    Q('yesno', 'Is Proxima Centauri part of the Alpha Centauri system?', 'Alpha Centauri', [(HOST, F, True)], 'reachability', target='Proxima Centauri'),
    Q('yesno', 'Was Gliese 876 b discovered by transit?', 'Gliese 876 b', [(DM, F)], 'reachability', target='transit', neg=True),
    Q('yesno', 'Is tau Ceti in the constellation Cetus?', 'tau Ceti', [(CON, F)], 'reachability', target='Cetus'),
]

# --- Dominion cards, latest editions (untyped TSV) ---
SET, TYP, COST = 'cardset_tags', 'types', 'cost'
DOM = [
    # one hop, forward
    Q('set', 'Which expansion is Witch from?', 'Witch', [(SET, F)], 'direct'),
    Q('types', 'What types is Moat?', 'Moat', [(TYP, F)], 'direct'),
    Q('cost', 'How much does Chapel cost?', 'Chapel', [(COST, F)], 'direct'),
    Q('debt', 'How much debt does City Quarter cost?', 'City Quarter', [('debtcost', F)], 'direct'),
    Q('sets', 'Which sets is Copper in?', 'Copper', [(SET, F)], 'direct'),
    Q('group', 'Which group is Hermit in?', 'Hermit', [('group_tag', F)], 'direct'),
    # one hop, backward
    Q('potion', 'Which cards cost a potion?', '1', [('potcost', B)], 'direct', mention='typed'),
    Q('in_set', 'Which cards are in Alchemy?', 'Alchemy', [(SET, B)], 'direct'),
    Q('in_set', 'Which cards make up the Base set?', 'Base', [(SET, B)], 'direct'),
    Q('of_type', 'Which cards are Reactions?', 'Reaction', [(TYP, B)], 'membership'),
    Q('of_type', 'Which Night cards are there?', 'Night', [(TYP, B)], 'membership'),
    Q('of_type', 'Which cards are Heirlooms?', 'Heirloom', [(TYP, B)], 'membership'),
    Q('debt_8', 'Which cards cost 8 debt?', '8', [('debtcost', B)], 'direct', mention='typed'),
    Q('of_type', 'Who are the Wizards?', 'Wizard', [(TYP, B)], 'membership'),
    # two hops
    Q('types_in_set', 'What types of card appear in Nocturne?', 'Nocturne', [(SET, B), (TYP, F)], 'composition'),
    Q('sets_with_type', 'Which expansions have Reserve cards?', 'Reserve', [(TYP, B), (SET, F)], 'composition'),
    Q('sets_with_type', 'Which expansions contain Duration cards?', 'Duration', [(TYP, B), (SET, F)], 'composition'),
    Q('group_mates', 'Which cards come with Hermit?', 'Hermit', [('group_tag', F), ('group_tag', B)], 'composition', minus_anchor=True),
    Q('group_mates', 'Which other cards are in the same group as Page?', 'Page', [('group_tag', F), ('group_tag', B)], 'composition', minus_anchor=True),
    Q('costs_in_set', 'What do the Alchemy cards cost in coins?', 'Alchemy', [(SET, B), (COST, F)], 'composition'),
    Q('sets_with_debt', 'Which expansions have cards that cost 8 debt?', '8', [('debtcost', B), (SET, F)], 'composition'),
    Q('sets_of_group', 'Which expansion do the Townsfolk come from?', 'Townsfolk', [(TYP, B), (SET, F)], 'composition'),
    # conditions and intersections
    Q('type_in_set', 'Which Events are in Adventures?', 'Adventures', [(SET, B)], 'composition', via=[([(TYP, F)], 'Event')]),
    Q('type_in_set', 'Which Attack cards are in Intrigue 2nd Edition?', 'Intrigue 2nd Edition', [(SET, B)], 'composition', via=[([(TYP, F)], 'Attack')]),
    Q('two_types', 'Which cards are both Treasure and Victory cards?', 'Treasure', [(TYP, B)], 'composition', via=[([(TYP, F)], 'Victory')]),
    Q('two_types', 'Which cards are both Action and Treasure?', 'Action', [(TYP, B)], 'composition', via=[([(TYP, F)], 'Treasure')]),
    Q('cost_in_set', 'Which Prosperity 2nd Edition cards cost 6?', 'Prosperity 2nd Edition', [(SET, B)], 'composition', via=[([(COST, F)], '6')]),
    Q('two_types', 'Which Night cards are also Durations?', 'Night', [(TYP, B)], 'composition', via=[([(TYP, F)], 'Duration')]),
    Q('type_in_set', 'Which Dark Ages cards are Looters?', 'Dark Ages', [(SET, B)], 'composition', via=[([(TYP, F)], 'Looter')]),
    Q('type_in_set', 'Which Allies cards are Liaisons?', 'Allies', [(SET, B)], 'composition', via=[([(TYP, F)], 'Liaison')]),
    Q('type_in_set_not', 'Which Seaside 2nd Edition Action cards are not Durations?', 'Seaside 2nd Edition', [(SET, B)], 'composition', via=[([(TYP, F)], 'Action')], notvia=[([(TYP, F)], 'Duration')]),
    Q('treasure_in_set', 'Which Treasures does Plunder have?', 'Plunder', [(SET, B)], 'composition', via=[([(TYP, F)], 'Treasure')]),
    Q('sets_both', 'Which expansions have both Night cards and Duration cards?', 'Night', [(TYP, B), (SET, F)], 'composition', via=[([(SET, B), (TYP, F)], 'Duration')]),
    # negatives
    Q('type_in_set', 'Which Alchemy cards are Night cards?', 'Alchemy', [(SET, B)], 'composition', via=[([(TYP, F)], 'Night')], neg=True),
    Q('type_in_set', 'Which Duration cards are in Dominion 2nd Edition?', 'Dominion 2nd Edition', [(SET, B)], 'composition', via=[([(TYP, F)], 'Duration')], neg=True),
    Q('two_types', 'Which cards are both Victory and Night cards?', 'Night', [(TYP, B)], 'composition', via=[([(TYP, F)], 'Victory')], neg=True),
    Q('potion_in_set', 'Which Promo cards cost a potion?', 'Promo', [(SET, B)], 'composition', via=[([('potcost', F)], '1')], neg=True),
    # yes/no
    Q('yesno', 'Is Moat a Reaction card?', 'Moat', [(TYP, F)], 'reachability', target='Reaction'),
    Q('yesno', 'Is Witch in Intrigue 2nd Edition?', 'Witch', [(SET, F)], 'reachability', target='Intrigue 2nd Edition', neg=True),
    Q('yesno', 'Does Menagerie have any Way cards?', 'Menagerie', [(SET, B), (TYP, F)], 'reachability', target='Way', mention='typed'),
]

SETS = [('sp500-companies', 'sp500-companies.kb.csv', SP), ('nearby-exoplanets', 'nearby-exoplanets.kb.jsonl', EXO),
        ('dominion-cards', 'dominion-cards.kb.tsv', DOM)]
