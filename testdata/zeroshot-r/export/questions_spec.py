"""Hand-written question specs for batch R (written before the engine was run on any of the graphs).
Step: (relation(s), 'f'|'b'[, transitive]). Conditions: via / notvia = [(steps, node or None)].
mention: exact (the node's own name), synonym (a shorter or other name of the node, or a word for a code such as
'critically endangered' for CR), typed (a kind word or paraphrase around the name)."""
F, B = 'f', 'b'


def Q(kind, q, anchor, steps, shape, **kw):
    d = dict(kind=kind, q=q, anchor=anchor, steps=steps, shape=shape)
    d.update(kw); return d


# --- Nobel Prize in Physics laureates (typed CSV) ---
AFF, YEAR, BC, BCO, DC, DCO = 'affiliations', 'year', 'bornCity', 'bornCountry', 'diedCity', 'diedCountry'
NOBEL = [
    # one hop, forward
    Q('born_city', 'In which city was Albert Einstein born?', 'Albert Einstein', [(BC, F)], 'direct'),
    Q('died_country', 'In which country did Niels Bohr die?', 'Niels Bohr', [(DCO, F)], 'direct'),
    Q('affiliation', 'Which institution was Enrico Fermi affiliated with when he won the prize?', 'Enrico Fermi', [(AFF, F)], 'direct'),
    Q('year', 'In what year did Paul Dirac receive the Nobel Prize?', 'Paul A.M. Dirac', [(YEAR, F)], 'direct', mention='synonym'),
    Q('years', 'In which years was John Bardeen awarded the prize?', 'John Bardeen', [(YEAR, F)], 'direct'),
    Q('born_country', 'What country was Marie Curie born in?', 'Marie Curie', [(BCO, F)], 'direct'),
    Q('affil_city', 'Where is Bell Laboratories located?', 'Bell Laboratories', [('city', F)], 'direct'),
    Q('affil_city', 'In which cities does the University of California appear as a laureate affiliation?', 'University of California', [('city', F)], 'direct'),
    Q('affiliation', "What were Hideki Yukawa's affiliations?", 'Hideki Yukawa', [(AFF, F)], 'direct'),
    # one hop, backward
    Q('born_in', 'Which physics laureates were born in Hamburg?', 'Hamburg', [(BC, B)], 'direct'),
    Q('affiliated', 'Which laureates were affiliated with CERN?', 'CERN', [(AFF, B)], 'direct'),
    Q('winners', 'Who won the Nobel Prize in Physics in 1921?', '1921', [(YEAR, B)], 'direct'),
    Q('winners', 'Who received the physics prize in 1915?', '1915', [(YEAR, B)], 'direct'),
    Q('women', 'Which women have won the Nobel Prize in Physics?', 'female', [('gender', B)], 'membership', mention='typed'),
    Q('died_in', 'Which laureates died in Scotland?', 'Scotland', [(DCO, B)], 'direct'),
    Q('affiliated', 'Which laureates were at MIT when they won?', 'Massachusetts Institute of Technology (MIT)', [(AFF, B)], 'direct', mention='synonym'),
    Q('chemistry', 'Which physics laureates also won a prize in chemistry?', 'chemistry', [('category', B)], 'membership'),
    Q('institutions_in', 'Which laureate affiliations are located in Germany?', 'Germany', [('country', B)], 'direct'),
    Q('born_in', 'Which laureates were born in Prussia?', ['Prussia (now Germany)', 'Prussia (now Poland)'], [(BCO, B)], 'direct', mention='synonym'),
    # two and three hops
    Q('co_laureates', 'Who shared the 1903 prize with Marie Curie?', 'Marie Curie', [(YEAR, F), (YEAR, B)], 'composition', via=[([(YEAR, F)], '1903')], minus_anchor=True),
    Q('co_laureates', 'Who won the physics prize in the same year as Richard Feynman?', 'Richard P. Feynman', [(YEAR, F), (YEAR, B)], 'composition', minus_anchor=True, mention='synonym'),
    Q('affil_in_city', 'Which laureates worked at institutions in Paris?', 'Paris', [('city', B), (AFF, B)], 'composition'),
    Q('countries_of_year', 'In which countries were the institutions of the 2023 laureates?', '2023', [(YEAR, B), (AFF, F), ('country', F)], 'composition'),
    Q('birth_countries_of_year', 'In which countries were the 2020 laureates born?', '2020', [(YEAR, B), (BCO, F)], 'composition'),
    Q('birthplaces_of_affil', 'Where were the Bell Laboratories laureates born?', 'Bell Laboratories', [(AFF, B), (BC, F)], 'composition'),
    Q('affil_in_country', 'Which laureates were affiliated with a Dutch institution?', 'the Netherlands', [('country', B), (AFF, B)], 'composition', mention='synonym'),
    Q('affil_cities_of_born', 'In which cities were the institutions of laureates born in Japan?', 'Japan', [(BCO, B), (AFF, F), ('city', F)], 'composition'),
    Q('died_where_affil', 'Where did the Caltech laureates die?', 'California Institute of Technology (Caltech)', [(AFF, B), (DC, F)], 'composition', mention='synonym'),
    # conditions
    Q('cond_affil_country', 'Which laureates born in Germany were affiliated with an institution in the USA?', 'Germany', [(BCO, B)], 'composition', via=[([(AFF, F), ('country', F)], 'USA')]),
    Q('cond_both', 'Which laureates affiliated with Stanford University were born in New York?', 'Stanford University', [(AFF, B)], 'composition', via=[([(BC, F)], 'New York, NY')], mention='synonym'),
    Q('cond_born_died', 'Which laureates born in the United Kingdom died in the USA?', 'United Kingdom', [(BCO, B)], 'composition', via=[([(DCO, F)], 'USA')]),
    Q('cond_alive', 'Which Caltech laureates have no recorded place of death?', 'California Institute of Technology (Caltech)', [(AFF, B)], 'composition', notvia=[([(DC, F)], None), ([(DCO, F)], None)], mention='synonym'),
    Q('cond_born_died_same', 'Which laureates were born in Copenhagen and died there too?', 'Copenhagen', [(BC, B)], 'composition', via=[([(DC, F)], 'Copenhagen')]),
    Q('cond_year_born', 'Which of the 1956 laureates were born in the USA?', '1956', [(YEAR, B)], 'composition', via=[([(BCO, F)], 'USA')]),
    Q('cond_women_usa', 'Which female laureates were affiliated with a US institution?', 'female', [('gender', B)], 'composition', via=[([(AFF, F), ('country', F)], 'USA')], mention='typed'),
    Q('cond_not_died_cambridge', 'Which University of Cambridge laureates did not die in Cambridge?', 'University of Cambridge', [(AFF, B)], 'composition', notvia=[([(DC, F)], 'Cambridge')]),
    # negatives
    Q('cond_women_japan', 'Which female physics laureates were born in Japan?', 'Japan', [(BCO, B)], 'composition', via=[([('gender', F)], 'female')], neg=True),
    Q('cond_cern_japan', 'Which CERN laureates were born in Japan?', 'CERN', [(AFF, B)], 'composition', via=[([(BCO, F)], 'Japan')], neg=True),
    Q('co_laureates', 'Who shared the 1921 prize with Albert Einstein?', 'Albert Einstein', [(YEAR, F), (YEAR, B)], 'composition', minus_anchor=True, neg=True),
    Q('affil_both', 'Which laureates were affiliated with both Harvard University and MIT?', 'Harvard University', [(AFF, B)], 'composition', via=[([(AFF, F)], 'Massachusetts Institute of Technology (MIT)')], neg=True),
]

# --- AviList 2025, birds of prey and owls (typed JSONL) ---
G, FAM, ORD, FEN, SCI, IUCN, EXT = 'genus', 'Family', 'Order', 'Family_English_name', 'Scientific_name', 'IUCN_Red_List_Category', 'Extinct_or_possibly_extinct'
UP3 = [(G, F), (FAM, F), (ORD, F)]
BIRDS = [
    # one hop
    Q('genus', 'What genus is the Snowy Owl in?', 'Snowy Owl', [(G, F)], 'direct'),
    Q('sci_name', 'What is the scientific name of the Peregrine Falcon?', 'Peregrine Falcon', [(SCI, F)], 'direct'),
    Q('iucn', 'What is the IUCN Red List category of the Harpy Eagle?', 'Harpy Eagle', [(IUCN, F)], 'direct'),
    Q('family_of_genus', 'Which family does the genus Tyto belong to?', 'Tyto', [(FAM, F)], 'direct'),
    Q('family_name', 'What is the English name of the family Accipitridae?', 'Accipitridae', [(FEN, F)], 'direct'),
    Q('iucn', 'How is the California Condor listed on the IUCN Red List?', 'California Condor', [(IUCN, F)], 'direct'),
    Q('extinct_status', 'What is the extinction status of the California Condor?', 'California Condor', [(EXT, F)], 'direct'),
    Q('species_of_genus', 'Which species are in the genus Gyps?', 'Gyps', [(G, B)], 'membership'),
    Q('by_sci_name', 'Which bird is Pandion haliaetus?', 'Pandion haliaetus', [(SCI, B)], 'direct'),
    Q('by_status', 'Which raptors and owls are critically endangered?', 'CR', [(IUCN, B)], 'direct', mention='synonym'),
    Q('by_status', 'Which species are listed as Extinct?', 'Extinct', [(EXT, B)], 'direct'),
    Q('by_status', 'Which species are data deficient?', 'DD', [(IUCN, B)], 'direct', mention='synonym'),
    Q('cond_genus_ex', 'Which Otus scops owls have the IUCN category EX?', 'Otus', [(G, B)], 'composition', via=[([(IUCN, F)], 'EX')], mention='synonym'),
    Q('by_status', 'Which species are possibly extinct?', ['(possibly extinct)', 'Possibly Extinct'], [(EXT, B)], 'direct', mention='synonym'),
    Q('families_of_order', 'Which families are in the order Strigiformes?', 'Strigiformes', [(ORD, B)], 'membership'),
    Q('genera_of_family', 'List the genera in the family Tytonidae.', 'Tytonidae', [(FAM, B)], 'membership'),
    Q('genera_of_family', 'Which genera belong to the osprey family, Pandionidae?', 'Pandionidae', [(FAM, B)], 'membership'),
    # two and three hops
    Q('family_of_species', 'What family is the Secretarybird in?', 'Secretarybird', [(G, F), (FAM, F)], 'composition'),
    Q('order_of_species', 'Which order does the Great Horned Owl belong to?', 'Great Horned Owl', UP3, 'composition'),
    Q('genus_by_sci', 'What genus does Bubo scandiacus belong to?', 'Bubo scandiacus', [(SCI, B), (G, F)], 'composition'),
    Q('order_of_family_en', 'Which order do the falcons and caracaras belong to?', 'Falcons and Caracaras', [(FEN, B), (ORD, F)], 'composition'),
    Q('genera_of_family_en', 'Which genera make up the New World vultures?', 'New World Vultures', [(FEN, B), (FAM, B)], 'composition', mention='typed'),
    Q('species_of_family_en', 'Which species belong to the barn owl family?', 'Bay Owls and Barn Owls', [(FEN, B), (FAM, B), (G, B)], 'composition', mention='synonym'),
    Q('species_of_order', 'Which species are in the order Cathartiformes?', 'Cathartiformes', [(ORD, B), (FAM, B), (G, B)], 'composition'),
    Q('same_genus', 'Which other species are in the same genus as the Bald Eagle?', 'Bald Eagle', [(G, F), (G, B)], 'composition', minus_anchor=True),
    Q('families_with_cr', 'Which families have critically endangered species?', 'CR', [(IUCN, B), (G, F), (FAM, F)], 'composition', mention='synonym'),
    # conditions
    Q('cond_genus_status', 'Which Aquila eagles are listed as vulnerable?', 'Aquila', [(G, B)], 'composition', via=[([(IUCN, F)], 'VU')], mention='synonym'),
    Q('cond_genus_not', 'Which Gyps vultures are not critically endangered?', 'Gyps', [(G, B)], 'composition', notvia=[([(IUCN, F)], 'CR')], mention='synonym'),
    Q('cond_order_status', 'Which owls are endangered?', 'EN', [(IUCN, B)], 'composition', via=[(UP3, 'Strigiformes')], mention='synonym'),
    Q('cond_order_extinct', 'Which owl species are extinct?', 'Extinct', [(EXT, B)], 'composition', via=[(UP3, 'Strigiformes')], mention='typed'),
    Q('cond_family_ne', 'Which members of the Falconidae have not been evaluated (NE) by the IUCN?', 'Falconidae', [(FAM, B), (G, B)], 'composition', via=[([(IUCN, F)], 'NE')]),
    Q('cond_genus_nt', 'Which Strix owls are near threatened?', 'Strix', [(G, B)], 'composition', via=[([(IUCN, F)], 'NT')], mention='synonym'),
    Q('cond_genera_with_vu', 'Which genera of the family Cathartidae have a vulnerable species?', 'Cathartidae', [(FAM, B)], 'composition', via=[([(G, B), (IUCN, F)], 'VU')], mention='synonym'),
    Q('cond_family_not_lc', 'Which species of the family Tytonidae are neither least concern nor unevaluated?', 'Tytonidae', [(FAM, B), (G, B)], 'composition', notvia=[([(IUCN, F)], 'LC'), ([(IUCN, F)], 'NE')], mention='synonym'),
    Q('cond_cr_accip', 'Which critically endangered species belong to the order Accipitriformes?', 'CR', [(IUCN, B)], 'composition', via=[(UP3, 'Accipitriformes')], mention='synonym'),
    Q('cond_ex_family', 'Which species in the family Falconidae have the IUCN category EX?', 'EX', [(IUCN, B)], 'composition', via=[([(G, F), (FAM, F)], 'Falconidae')]),
    # negatives
    Q('same_genus', 'Which other species share a genus with the Harpy Eagle?', 'Harpy Eagle', [(G, F), (G, B)], 'composition', minus_anchor=True, neg=True),
    Q('cond_genus_status', 'Which Haliaeetus sea eagles are critically endangered?', 'Haliaeetus', [(G, B)], 'composition', via=[([(IUCN, F)], 'CR')], neg=True, mention='synonym'),
    Q('cond_family_extinct', 'Which New World vultures are extinct?', 'New World Vultures', [(FEN, B), (FAM, B), (G, B)], 'composition', via=[([(EXT, F)], 'Extinct')], neg=True, mention='typed'),
    Q('cond_genus_status', 'Which Falco species are critically endangered?', 'Falco', [(G, B)], 'composition', via=[([(IUCN, F)], 'CR')], neg=True, mention='synonym'),
]

# --- Rio Grande City Bus GTFS feed (untyped TSV) ---
RID, SID, STOP, CODE = 'route_id', 'service_id', 'stop_id', 'stop_code'
STOPS_OF = [(RID, B), (STOP, F)]
ROUTES_AT = [(STOP, B), (RID, F)]
GTFS = [
    # one hop
    Q('agency', 'Which agency operates RAMAL A?', 'RAMAL A', [('agency_id', F)], 'direct'),
    Q('short_name', 'What is the short name of RAMAL C?', 'RAMAL C', [('route_short_name', F)], 'direct'),
    Q('by_short_name', 'Which route has the short name D?', 'D', [('route_short_name', B)], 'direct'),
    Q('trip_route', 'Which route does trip b_saturdays belong to?', 'b_saturdays', [(RID, F)], 'direct'),
    Q('trip_service', 'Which service does trip c_holidays run under?', 'c_holidays', [(SID, F)], 'direct'),
    Q('route_trips', 'Which trips belong to RAMAL A?', 'RAMAL A', [(RID, B)], 'direct'),
    Q('stop_code', 'What is the stop code of Valco y Falconier?', 'Valco y Falconier', [(CODE, F)], 'direct'),
    Q('by_code', 'Which stop has the code RG233?', 'RG233', [(CODE, B)], 'direct'),
    Q('agency_routes', 'Which routes does City Bus operate?', 'City Bus', [('agency_id', B)], 'direct'),
    Q('trip_stops', 'Which stops does trip d_everyday call at?', 'd_everyday', [(STOP, F)], 'direct'),
    Q('trips_at', 'Which trips stop at Tolhuin y Kau?', 'Tolhuin y Kau', [(STOP, B)], 'direct'),
    Q('service_trips', 'Which trips use the weekdays service?', 'weekdays', [(SID, B)], 'direct'),
    Q('days', 'Which services run on Saturdays?', 'yes', [('saturday', B)], 'direct', mention='typed'),
    Q('days', 'Which services operate on Mondays?', 'yes', [('monday', B)], 'direct', mention='typed'),
    # two and more hops
    Q('routes_at', 'Which routes stop at Avenida San Martín y Libertad?', 'Avenida San Martín y Libertad', ROUTES_AT, 'composition'),
    Q('routes_at', 'Which bus routes serve Pcias. Unidas y Prefectura Naval?', 'Pcias. Unidas y Prefectura Naval', ROUTES_AT, 'composition'),
    Q('route_stops', 'Which stops does RAMAL D serve?', 'RAMAL D', STOPS_OF, 'composition'),
    Q('route_services', 'Under which services do the trips of RAMAL B run?', 'RAMAL B', [(RID, B), (SID, F)], 'composition'),
    Q('day_trips', 'Which trips run on Sundays?', 'yes', [('sunday', B), (SID, B)], 'composition', mention='typed'),
    Q('day_routes', 'Which routes run on Sundays?', 'yes', [('sunday', B), (SID, B), (RID, F)], 'composition', mention='typed'),
    Q('service_routes', 'Which routes run under the weekdays_vacations service?', 'weekdays_vacations', [(SID, B), (RID, F)], 'composition'),
    Q('route_stop_codes', 'What are the stop codes of the stops on RAMAL D?', 'RAMAL D', STOPS_OF + [(CODE, F)], 'composition'),
    Q('code_routes', 'Which routes serve the stop with code RG233?', 'RG233', [(CODE, B)] + ROUTES_AT, 'composition'),
    Q('stop_agency', 'Which agency runs the buses that stop at Tolhuin y Kau?', 'Tolhuin y Kau', ROUTES_AT + [('agency_id', F)], 'composition'),
    Q('trip_short_name', 'What is the short name of the route of trip a_weekdays?', 'a_weekdays', [(RID, F), ('route_short_name', F)], 'composition'),
    Q('shared_routes', 'Which other routes share a stop with RAMAL D?', 'RAMAL D', STOPS_OF + ROUTES_AT, 'composition', minus_anchor=True),
    Q('route_services', 'Which service does RAMAL D run under?', 'RAMAL D', [(RID, B), (SID, F)], 'composition'),
    # conditions
    Q('both_routes', 'Which stops are served by both RAMAL B and RAMAL D?', 'RAMAL D', STOPS_OF, 'composition', via=[(ROUTES_AT, 'RAMAL B')]),
    Q('both_routes', 'Which stops on RAMAL B are also served by RAMAL C?', 'RAMAL B', STOPS_OF, 'composition', via=[(ROUTES_AT, 'RAMAL C')]),
    Q('three_routes', 'Which stops are served by all three of RAMAL A, RAMAL B and RAMAL C?', 'RAMAL A', STOPS_OF, 'composition', via=[(ROUTES_AT, 'RAMAL B'), (ROUTES_AT, 'RAMAL C')]),
    Q('route_not_route', 'Which stops on RAMAL D are not served by RAMAL C?', 'RAMAL D', STOPS_OF, 'composition', notvia=[(ROUTES_AT, 'RAMAL C')]),
    Q('route_only', 'Which stops of RAMAL D are served by no other route?', 'RAMAL D', STOPS_OF, 'composition', notvia=[(ROUTES_AT, 'RAMAL A'), (ROUTES_AT, 'RAMAL B'), (ROUTES_AT, 'RAMAL C')]),
    Q('two_not_third', 'Which stops are served by RAMAL A and RAMAL C but not by RAMAL B?', 'RAMAL A', STOPS_OF, 'composition', via=[(ROUTES_AT, 'RAMAL C')], notvia=[(ROUTES_AT, 'RAMAL B')]),
    Q('day_not_day', 'Which services run on Saturdays but not on Sundays?', 'yes', [('saturday', B)], 'composition', notvia=[([('sunday', F)], 'yes')], mention='typed'),
    Q('route_trip_service', 'Which trip of RAMAL C uses the weekdays service?', 'RAMAL C', [(RID, B)], 'composition', via=[([(SID, F)], 'weekdays')]),
    Q('stop_route_day', 'Which trips stopping at Valco y Falconier run on Saturdays?', 'Valco y Falconier', [(STOP, B)], 'composition', via=[([(SID, F), ('saturday', F)], 'yes')], mention='typed'),
    # negatives
    Q('both_routes', 'Which stops are served by both RAMAL A and RAMAL D?', 'RAMAL D', STOPS_OF, 'composition', via=[(ROUTES_AT, 'RAMAL A')], neg=True),
    Q('route_trip_service', 'Which RAMAL D trips run under the holidays service?', 'RAMAL D', [(RID, B)], 'composition', via=[([(SID, F)], 'holidays')], neg=True),
    Q('route_trip_service', 'Which trips of RAMAL A run every day?', 'RAMAL A', [(RID, B)], 'composition', via=[([(SID, F)], 'every_day')], neg=True),
    Q('routes_at_cond', 'Which routes stopping at Tolhuin y Kau are also operated on the every_day service?', 'Tolhuin y Kau', ROUTES_AT, 'composition', via=[([(RID, B), (SID, F)], 'every_day')], neg=True),
]

SETS = [('nobel-physics', 'nobel-physics.kb.csv', NOBEL), ('avilist-raptors', 'avilist-raptors.kb.jsonl', BIRDS),
        ('riogrande-gtfs', 'riogrande-gtfs.kb.tsv', GTFS)]
