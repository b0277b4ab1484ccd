package evals

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

func TestSplitAnswerField(t *testing.T) {
	for _, c := range []struct {
		field string
		name  string
		alts  []string
	}{
		{"united_kingdom(united_kingdom/)", "united_kingdom", []string{"united_kingdom"}},
		{"male(male/female/)", "male", []string{"male", "female"}},
		{"PG_(USA)(PG_(USA)/)", "PG_(USA)", []string{"PG_(USA)"}},
		{"Venus_(New_version)(Venus_(New_version)/)", "Venus_(New_version)", []string{"Venus_(New_version)"}},
		{"Solstice_(T4L_Remix)(Solstice/Solstice_(T4L_Remix)/Solstice_(original)/)", "Solstice_(T4L_Remix)", []string{"Solstice", "Solstice_(T4L_Remix)", "Solstice_(original)"}},
		{"Hard_Times(Hard_Times_(live)/Hard_Times/)", "Hard_Times", []string{"Hard_Times_(live)", "Hard_Times"}},
		// An unbalanced parenthesis in the name: the balanced split gives a
		// name that is not among the alternatives, so the last "(" whose
		// name is among them wins.
		{"Foo_(bar(Foo_(bar/)", "Foo_(bar", []string{"Foo_(bar"}},
		// An empty list: the name is the answer.
		{"lonely()", "lonely", []string{"lonely"}},
	} {
		name, alts, err := SplitAnswerField(c.field)
		if err != nil {
			t.Errorf("SplitAnswerField(%q): %v", c.field, err)
			continue
		}
		if name != c.name || !reflect.DeepEqual(alts, c.alts) {
			t.Errorf("SplitAnswerField(%q) = %q, %q; want %q, %q", c.field, name, alts, c.name, c.alts)
		}
	}
	for _, bad := range []string{"no_parens", "x(y/", "(only/)"} {
		if _, _, err := SplitAnswerField(bad); err == nil {
			t.Errorf("SplitAnswerField(%q): no error", bad)
		}
	}
}

func TestParsePathQuestion(t *testing.T) {
	in := "what is the nation of frederica 's couple ?\tunited_kingdom(united_kingdom/)\tfrederica#spouse#ernest#nationality#united_kingdom#<end>#united_kingdom\n" +
		"\n" +
		" what is the rating of PG_(USA) 's film ?\tPG_(USA)(PG_(USA)/)\tAlien#rated#PG_(USA)\n"
	qs, err := ParsePathQuestion(strings.NewReader(in), "PQ.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []Question{{
		ID:        "PQ.txt:1",
		Text:      "what is the nation of frederica 's couple ?",
		Answers:   []string{"united_kingdom"},
		Anchors:   []string{"frederica"},
		Hops:      2,
		GoldPaths: [][]graph.Triple{{{Subject: "frederica", Relation: "spouse", Object: "ernest"}, {Subject: "ernest", Relation: "nationality", Object: "united_kingdom"}}},
		GoldChain: []state.RelDir{{Relation: "spouse", Direction: graph.Out}, {Relation: "nationality", Direction: graph.Out}},
		Source:    graph.Source{File: "PQ.txt", Line: 1},
	}, {
		ID:        "PQ.txt:3",
		Text:      "what is the rating of PG_(USA) 's film ?",
		Answers:   []string{"PG_(USA)"},
		Anchors:   []string{"Alien"},
		Hops:      1,
		GoldPaths: [][]graph.Triple{{{Subject: "Alien", Relation: "rated", Object: "PG_(USA)"}}},
		GoldChain: []state.RelDir{{Relation: "rated", Direction: graph.Out}},
		Source:    graph.Source{File: "PQ.txt", Line: 3},
	}}
	if !reflect.DeepEqual(qs, want) {
		t.Errorf("got  %+v\nwant %+v", qs, want)
	}
}

func TestParseErrorsNameFileAndLine(t *testing.T) {
	for _, c := range []struct {
		name  string
		parse func() error
		want  string
	}{
		{"pq two fields", func() error {
			_, err := ParsePathQuestion(strings.NewReader("q\ta(a/)\ts#r#a\nq\ta(a/)\n"), "PQ.txt")
			return err
		}, "PQ.txt:2: expected question<TAB>answer(alternatives/)<TAB>path, got 2"},
		{"pq bad path", func() error {
			_, err := ParsePathQuestion(strings.NewReader("q\ta(a/)\ts#r\n"), "PQ.txt")
			return err
		}, `PQ.txt:1: gold path "s#r"`},
		{"pq bad answer", func() error {
			_, err := ParsePathQuestion(strings.NewReader("q\tanswer\ts#r#a\n"), "PQ.txt")
			return err
		}, `PQ.txt:1: answer field "answer"`},
		{"metaqa no bracket", func() error {
			_, err := ParseMetaQA(strings.NewReader("who directed [Alien]\tRidley Scott\n\nwho directed Heat\tMichael Mann\n"), "qa.txt", 1, nil, "")
			return err
		}, `qa.txt:3: no [bracketed] topic entity`},
		{"metaqa no tab", func() error {
			_, err := ParseMetaQA(strings.NewReader("who directed [Alien]\n"), "qa.txt", 1, nil, "")
			return err
		}, `qa.txt:1: expected question<TAB>answer1|answer2, got 1`},
		{"metaqa no answer", func() error {
			_, err := ParseMetaQA(strings.NewReader("who directed [Alien]\t|\n"), "qa.txt", 1, nil, "")
			return err
		}, `qa.txt:1: no answer`},
		{"metaqa qtype hops", func() error {
			_, err := ParseMetaQA(strings.NewReader("who directed [Alien]\tRidley Scott\n"), "qa.txt", 2, []string{"movie_to_director"}, "qtype.txt")
			return err
		}, `qtype.txt:1: type "movie_to_director" has 1 hop(s) but the question is in a 2-hop folder`},
		{"metaqa qtype word", func() error {
			_, err := ParseMetaQA(strings.NewReader("who directed [Alien]\tRidley Scott\n"), "qa.txt", 1, []string{"movie_to_producer"}, "qtype.txt")
			return err
		}, `qtype.txt:1: question type "movie_to_producer": unknown word "producer"`},
		{"metaqa qtype short", func() error {
			_, err := ParseMetaQA(strings.NewReader("a [b]\tc\nd [e]\tf\n"), "qa.txt", 1, []string{"movie_to_year"}, "qtype.txt")
			return err
		}, `qtype.txt:2: missing`},
		{"jsonl bad json", func() error {
			_, err := ParseJSONL(strings.NewReader(`{"question":"q","answers":[]}`+"\n"+`{"question": }`+"\n"), "q.jsonl")
			return err
		}, `q.jsonl:2: invalid character`},
		{"jsonl bad triple", func() error {
			_, err := ParseJSONL(strings.NewReader(`{"question":"q","answers":["a"],"gold_paths":[[["s","r"]]]}`+"\n"), "q.jsonl")
			return err
		}, `q.jsonl:1: gold path 1, triple 1: want [subject, relation, object]`},
		{"jsonl no answers", func() error {
			_, err := ParseJSONL(strings.NewReader(`{"question":"q"}`+"\n"), "q.jsonl")
			return err
		}, `q.jsonl:1: no "answers"`},
		{"jsonl no question", func() error {
			_, err := ParseJSONL(strings.NewReader(`{"answers":[]}`+"\n"), "q.jsonl")
			return err
		}, `q.jsonl:1: no "question"`},
	} {
		err := c.parse()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one starting %q", c.name, err, c.want)
		}
	}
}

func TestParseMetaQA(t *testing.T) {
	in := "what genres are the films directed by [Ridley Scott] in\tSci-Fi|Drama\n"
	qs, err := ParseMetaQA(strings.NewReader(in), "qa.txt", 2, []string{"director_to_movie_to_genre"}, "qtype.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []Question{{
		ID:        "qa.txt:1",
		Text:      "what genres are the films directed by [Ridley Scott] in",
		Answers:   []string{"Sci-Fi", "Drama"},
		Anchors:   []string{"Ridley Scott"},
		Hops:      2,
		GoldChain: []state.RelDir{{Relation: "directed_by", Direction: graph.In}, {Relation: "has_genre", Direction: graph.Out}},
		Type:      "director_to_movie_to_genre",
		Source:    graph.Source{File: "qa.txt", Line: 1},
	}}
	if !reflect.DeepEqual(qs, want) {
		t.Errorf("got  %+v\nwant %+v", qs, want)
	}
}

func TestMetaQAChain(t *testing.T) {
	got, err := MetaQAChain("movie_to_actor_to_movie_to_imdbvotes")
	if err != nil {
		t.Fatal(err)
	}
	want := []state.RelDir{{Relation: "starred_actors", Direction: graph.Out}, {Relation: "starred_actors", Direction: graph.In}, {Relation: "has_imdb_votes", Direction: graph.Out}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	tag, err := MetaQAChain("tag_to_movie")
	if err != nil || !reflect.DeepEqual(tag, []state.RelDir{{Relation: "has_tags", Direction: graph.In}}) {
		t.Errorf("tag_to_movie = %v, %v", tag, err)
	}
	for _, bad := range []string{"movie", "movie_to_movie", "actor_to_director"} {
		if _, err := MetaQAChain(bad); err == nil {
			t.Errorf("MetaQAChain(%q): no error", bad)
		}
	}
}

func TestParseJSONL(t *testing.T) {
	in := `{"id":"q1","question":"Who owns X?","answers":["team-a"],"anchors":["x"],"gold_paths":[[["team-a","OWNS","x"]],[["y","CALLS","x"],["team-a","OWNS","y"]]],"kind":"lookup"}` + "\n" +
		`{"question":"Is Y affected by Z?","answers":[],"hops":0}` + "\n"
	qs, err := ParseJSONL(strings.NewReader(in), "q.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := []Question{{
		ID:      "q1",
		Text:    "Who owns X?",
		Answers: []string{"team-a"},
		Anchors: []string{"x"},
		Hops:    2,
		GoldPaths: [][]graph.Triple{
			{{Subject: "team-a", Relation: "OWNS", Object: "x"}},
			{{Subject: "y", Relation: "CALLS", Object: "x"}, {Subject: "team-a", Relation: "OWNS", Object: "y"}},
		},
		Type:   "lookup",
		Source: graph.Source{File: "q.jsonl", Line: 1},
	}, {
		ID:      "q.jsonl:2",
		Text:    "Is Y affected by Z?",
		Answers: []string{},
		Source:  graph.Source{File: "q.jsonl", Line: 2},
	}}
	if !reflect.DeepEqual(qs, want) {
		t.Errorf("got  %+v\nwant %+v", qs, want)
	}
}

func TestDetectFormat(t *testing.T) {
	for _, c := range []struct {
		head string
		want Format
	}{
		{"\n{\"question\":\"q\"}\n", FormatJSONL},
		{"who directed [Alien]\tRidley Scott\n", FormatMetaQA},
		{" what is x ?\ta(a/)\ts#r#a\n", FormatPathQuestion},
	} {
		got, err := DetectFormat("f.txt", []byte(c.head))
		if err != nil || got != c.want {
			t.Errorf("DetectFormat(%q) = %q, %v; want %q", c.head, got, err, c.want)
		}
	}
	_, err := DetectFormat("f.txt", []byte("\nplain text\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "f.txt:2: cannot tell the question format") {
		t.Errorf("unknown format: error %v", err)
	}
}

func TestLoadMetaQAFolders(t *testing.T) {
	dir := t.TempDir()
	hop := filepath.Join(dir, "metaqa", "2-hop")
	must(t, os.MkdirAll(filepath.Join(hop, "vanilla"), 0o755))
	qa := filepath.Join(hop, "vanilla", "qa_dev.txt")
	must(t, os.WriteFile(qa, []byte("which films share a director with [Heat]\tThief|Collateral\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(hop, "qa_dev_qtype.txt"), []byte("movie_to_director_to_movie\n"), 0o644))
	ds, err := Load(qa, FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Name != "2-hop/vanilla/qa_dev" || ds.Format != FormatMetaQA || len(ds.Questions) != 1 {
		t.Fatalf("dataset = %q %q %d question(s)", ds.Name, ds.Format, len(ds.Questions))
	}
	q := ds.Questions[0]
	wantChain := []state.RelDir{{Relation: "directed_by", Direction: graph.Out}, {Relation: "directed_by", Direction: graph.In}}
	if q.Hops != 2 || q.Type != "movie_to_director_to_movie" || !reflect.DeepEqual(q.GoldChain, wantChain) {
		t.Errorf("question = %+v", q)
	}
	if got, want := QtypePath(filepath.Join("x", "1-hop", "qa_dev.txt")), filepath.Join("x", "1-hop", "qa_dev_qtype.txt"); got != want {
		t.Errorf("QtypePath in a hop folder = %q, want %q", got, want)
	}
	if got := MetaQAHops("data/3-hop/ntm/qa_dev.txt"); got != 3 {
		t.Errorf("MetaQAHops = %d, want 3", got)
	}
	if got := DatasetName("data/pathquestion/PQ-2H.dev.txt"); got != "PQ-2H.dev" {
		t.Errorf("DatasetName = %q", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
