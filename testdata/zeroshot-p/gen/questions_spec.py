"""Hand-written question specs for batch P (written before the engine was run on any of them).
Step: (relations, 'f'|'b'[, transitive]). mention: exact (the node's own label), synonym (a has_exact_synonym
of the node, or a loose / shorter form the ontology gives), typed (a kind word or paraphrase around the label)."""
F, B = 'f', 'b'
T = True
def Q(kind, q, anchor, steps, shape, **kw):
    d = dict(kind=kind, q=q, anchor=anchor, steps=[(s[0], s[1], len(s) > 2 and s[2]) for s in steps], shape=shape)
    d.update(kw); return d

IS, SYM, CAUSE, VIA, LOC, SYN = 'is_a', 'has_symptom', 'has_material_basis_in', 'transmitted_by', 'disease_has_location', 'has_exact_synonym'
DOID = [
    # one hop, forward
    Q('symptoms', 'What are the symptoms of cholera?', 'cholera', [(SYM, F)], 'direct'),
    Q('transmission', 'How is plague transmitted?', 'plague', [(VIA, F)], 'direct'),
    Q('location', 'Which organ does pulmonary tuberculosis affect?', 'pulmonary tuberculosis', [(LOC, F)], 'direct', mention='typed'),
    Q('parent', 'What kind of disease is Lyme disease?', 'Lyme disease', [(IS, F)], 'direct'),
    Q('synonyms', 'What other names does Ebola virus disease go by?', 'Ebola virus disease', [(SYN, F)], 'direct'),
    # one hop, backward
    Q('caused_by', 'Which diseases are caused by Chlamydia trachomatis?', 'Chlamydia trachomatis', [(CAUSE, B)], 'direct'),
    Q('caused_by', 'What diseases does Rickettsia conorii cause?', 'Rickettsia conorii', [(CAUSE, B)], 'direct'),
    Q('vector_of', 'Which infections does the brown dog tick Rhipicephalus sanguineus spread?', 'Rhipicephalus sanguineus', [(VIA, B)], 'direct', mention='typed'),
    Q('located_in', 'Which infectious diseases are located in the lung?', 'lung', [(LOC, B)], 'direct'),
    Q('with_symptom', 'Which diseases present with an eschar?', 'eschar', [(SYM, B)], 'direct'),
    Q('children', 'What are the main categories of infectious disease?', 'disease by infectious agent', [(IS, B)], 'membership', mention='synonym'),
    Q('children', 'Which spotted fevers does the ontology list?', 'spotted fever', [(IS, B)], 'membership', mention='typed'),
    Q('caused_by', 'Which diseases are caused by fungi?', 'Fungi', [(CAUSE, B)], 'direct', mention='typed'),
    Q('named', "Which disease is also called breakbone fever?", 'breakbone fever', [(SYN, B)], 'direct'),
    # synonyms / shorter names for the anchor
    Q('cause', 'What virus causes shingles?', 'herpes zoster', [(CAUSE, F)], 'direct', mention='synonym'),
    Q('symptoms', 'What are the symptoms of German measles?', 'rubella', [(SYM, F)], 'direct', mention='synonym'),
    Q('cause', "Which organism is behind Weil's disease?", 'leptospirosis', [(CAUSE, F)], 'direct', mention='synonym'),
    Q('parent', 'What is the flu classified as?', 'influenza', [(IS, F)], 'direct', mention='synonym'),
    Q('location', 'Where in the body does kala-azar strike?', 'visceral leishmaniasis', [(LOC, F)], 'direct', mention='synonym'),
    # at any depth
    Q('subtypes_all', 'What kinds of tuberculosis are there?', 'tuberculosis', [(IS, B, T)], 'transitive'),
    Q('subtypes_all', 'List every form of syphilis, including subtypes of subtypes.', 'syphilis', [(IS, B, T)], 'transitive'),
    Q('subtypes_all', 'What types of ringworm are recognised?', 'dermatophytosis', [(IS, B, T)], 'transitive', mention='synonym'),
    Q('ancestors', 'Trace cerebral malaria up through the disease hierarchy: what is it a subtype of, at every level?', 'cerebral malaria', [(IS, F, T)], 'transitive'),
    Q('ancestors', 'What broader disease classes does bulbar polio fall under?', 'bulbar polio', [(IS, F, T)], 'transitive'),
    # two and three hops, compositions, conditions
    Q('subtype_symptoms', 'What symptoms do the different forms of brucellosis have?', 'brucellosis', [(IS, B), (SYM, F)], 'composition'),
    Q('subtype_causes', 'Which pathogens cause the spotted fevers?', 'spotted fever', [(IS, B), (CAUSE, F)], 'composition'),
    Q('subtype_locations', 'Which organs are affected by the kinds of urogenital tuberculosis?', 'urogenital tuberculosis', [(IS, B), (LOC, F)], 'composition'),
    Q('same_cause', 'Which other diseases are caused by the same virus as chickenpox?', 'chickenpox', [(CAUSE, F), (CAUSE, B)], 'composition', minus_anchor=True),
    Q('transmission_of_caused', 'How are the diseases caused by Orthoflavivirus nilense transmitted?', 'Orthoflavivirus nilense', [(CAUSE, B), (VIA, F)], 'composition'),
    Q('symptoms_at_location', 'What symptoms do the infections of the spleen produce?', 'spleen', [(LOC, B), (SYM, F)], 'composition'),
    Q('deep_subtype_symptoms', 'What symptoms are recorded for any kind of extrapulmonary tuberculosis?', 'extrapulmonary tuberculosis', [(IS, B, T), (SYM, F)], 'composition'),
    Q('cond_vector', 'Which diseases caused by Rickettsia conorii are carried by Rhipicephalus sanguineus?', 'Rickettsia conorii', [(CAUSE, B)], 'composition', has=(VIA, 'Rhipicephalus sanguineus')),
    Q('cond_symptom', 'Which forms of tuberculosis cause weight loss?', 'tuberculosis', [(IS, B, T)], 'composition', has=(SYM, 'weight loss')),
    Q('kind_location', 'Which viral diseases affect the brain?', 'brain', [(LOC, B)], 'composition', under=(IS, 'viral infectious disease')),
    Q('kind_location', 'Which parasitic diseases are located in the liver?', 'liver', [(LOC, B)], 'composition', under=(IS, 'parasitic infectious disease')),
    Q('cond_symptom_vector', 'Which tick-borne diseases give a maculopapular rash?', 'maculopapular rash', [(SYM, B)], 'composition', has=(VIA, 'tick borne transmission')),
    # negatives
    Q('kind_vector', 'Which fungal diseases are transmitted by ticks?', 'tick borne transmission', [(VIA, B)], 'composition', under=(IS, 'fungal infectious disease'), neg=True),
    Q('children', 'What subtypes of cowpox are there?', 'cowpox', [(IS, B)], 'membership', neg=True),
    Q('same_cause', 'Which other diseases share the causative agent of measles?', 'measles', [(CAUSE, F), (CAUSE, B)], 'composition', minus_anchor=True, neg=True),
    Q('symptoms', 'What symptoms does gummatous syphilis have?', 'gummatous syphilis', [(SYM, F)], 'direct', neg=True),
]

PI, PART, DEV, HAS = 'is_a', 'part_of', 'develops_from', 'has_part'
PO = [
    # one hop, forward
    Q('part_of', 'What is the anther part of?', 'anther', [(PART, F)], 'direct'),
    Q('develops_from', 'What does a fruit develop from?', 'fruit', [(DEV, F)], 'direct'),
    Q('parent', 'What is a petal a kind of?', 'petal', [(PI, F)], 'direct'),
    Q('located_in', 'Where is pollen located?', 'pollen', [('located_in', F)], 'direct'),
    Q('adjacent', 'What is the substomatal cavity adjacent to?', 'substomatal cavity', [('adjacent_to', F)], 'direct'),
    Q('part_of', 'What is the spikelet floret part of?', 'spikelet floret', [(PART, F)], 'direct'),
    Q('synonyms', 'What other names does the stomatal complex have?', 'stomatal complex', [(SYN, F)], 'direct'),
    # one hop, backward
    Q('parts', 'What are the parts of a stamen?', 'stamen', [(PART, B)], 'direct'),
    Q('parts', 'Which structures make up the seed?', 'seed', [(PART, B)], 'direct', mention='typed'),
    Q('develops_into', 'What develops from the plant ovule?', 'plant ovule', [(DEV, B)], 'direct'),
    Q('children', 'Which types of petal are there?', 'petal', [(PI, B)], 'membership'),
    Q('children', 'What kinds of xylem does the ontology distinguish?', 'xylem', [(PI, B)], 'membership'),
    Q('children', 'What kinds of bud are there?', 'bud', [(PI, B)], 'membership'),
    Q('children', 'What are the top-level kinds of plant anatomical entity?', 'plant anatomical entity', [(PI, B)], 'membership'),
    Q('whole', 'What has a flower as a part?', 'flower', [(HAS, B)], 'direct'),
    # synonyms / shorter forms
    Q('parts', 'What are the parts of the pollen sac wall?', 'anther wall', [(PART, B)], 'direct', mention='synonym'),
    Q('parent', 'What is the vexillum a type of?', 'banner petal', [(PI, F)], 'direct', mention='synonym'),
    Q('parent', 'What is an achene a type of?', 'achene fruit', [(PI, F)], 'direct', mention='synonym'),
    Q('part_of', 'The arista is part of which structure?', 'awn', [(PART, F)], 'direct', mention='synonym'),
    Q('part_of', 'What is the ovary part of?', 'plant ovary', [(PART, F)], 'direct', mention='synonym'),
    Q('develops_into', 'What does the ovule develop into?', 'plant ovule', [(DEV, B)], 'direct', mention='synonym'),
    Q('parent', 'What is a foliage leaf a kind of?', 'vascular leaf', [(PI, F)], 'direct', mention='synonym'),
    # at any depth
    Q('subtypes_all', 'What kinds of fruit are there?', 'fruit', [(PI, B, T)], 'transitive'),
    Q('subtypes_all', 'List all kinds of root, at any depth.', 'root', [(PI, B, T)], 'transitive'),
    Q('ancestors', 'What is the banner petal a kind of, all the way up the hierarchy?', 'banner petal', [(PI, F, T)], 'transitive'),
    Q('parts_all', 'What are all the parts of the carpel, including parts of parts?', 'carpel', [(PART, B, T)], 'transitive'),
    Q('containers_all', 'What larger structures is the anther wall endothecium part of, at any level?', 'anther wall endothecium', [(PART, F, T)], 'transitive'),
    Q('origin_all', 'Trace the developmental origin of the seed back as far as it goes.', 'seed', [(DEV, F, T)], 'transitive'),
    # two hops, compositions, conditions
    Q('whole_of_origin', 'The fruit develops from some structure; what is that structure part of?', 'fruit', [(DEV, F), (PART, F)], 'composition'),
    Q('origin_of_parts', 'What do the parts of the stamen develop from?', 'stamen', [(PART, B), (DEV, F)], 'composition'),
    Q('whole_of_whole', 'Petals belong to a whorl; what is that whorl part of?', 'petal', [(PART, F), (PART, F)], 'composition'),
    Q('parts_of_subtypes', 'What parts do the different kinds of spikelet have?', 'spikelet', [(PI, B), (PART, B)], 'composition'),
    Q('kind_parts', 'Which cells are part of the phloem?', 'phloem', [(PART, B)], 'composition', under=(PI, 'plant cell')),
    Q('kind_parts', 'Which parts of the root are meristems?', 'root', [(PART, B)], 'composition', under=(PI, 'portion of meristem tissue'), mention='synonym'),
    Q('cond_parts', 'Which parts of the seed develop from some other structure?', 'seed', [(PART, B)], 'composition', has=(DEV, None)),
    Q('children', 'Which kinds of sieve element are there?', 'sieve element', [(PI, B)], 'membership'),
    # negatives
    Q('children', 'What kinds of anther are there?', 'anther', [(PI, B)], 'membership', neg=True),
    Q('develops_into', 'What develops from the archesporium?', 'archesporium', [(DEV, B)], 'direct', neg=True),
    Q('kind_parts', 'Which cells are part of the petiole?', 'petiole', [(PART, B)], 'composition', under=(PI, 'plant cell'), neg=True),
    Q('part_of', 'What is the whole plant part of?', 'whole plant', [(PART, F)], 'direct', neg=True),
]
