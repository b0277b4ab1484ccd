package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/demo"
	"github.com/scgraph/scgraph/memstore"
)

func main() {
	ctx := context.Background()
	ts, _ := demo.Triples()
	sch, _ := demo.Schema()
	st := memstore.New()
	st.SetSchema(ctx, sch)
	st.AddTriples(ctx, ts)
	a := agent.New(st)
	sc := bufio.NewScanner(bytes.NewReader(demo.Questions()))
	ok := 0; n := 0
	for sc.Scan() {
		var q struct{ ID, Question, Kind string; Answers []string; Hops int }
		json.Unmarshal(sc.Bytes(), &q)
		res, err := a.Run(ctx, q.Question)
		var got []string
		for _, x := range res.Answers { got = append(got, x.Name) }
		sort.Strings(got); sort.Strings(q.Answers)
		match := strings.Join(got, ",") == strings.Join(q.Answers, ",")
		n++
		if match { ok++ }
		mark := "OK "
		if !match { mark = "BAD" }
		fmt.Printf("%s %s [%s/%d] %s\n    stop=%s it=%d err=%v\n", mark, q.ID, q.Kind, q.Hops, q.Question, res.StopReason, res.Iterations, err)
		if !match { fmt.Printf("    got  %v\n    want %v\n    plan %s | %v | chain %v\n", got, q.Answers, res.Plan.Target.Kind, res.Plan.Anchors, res.Plan.Chains) }
	}
	fmt.Println(ok, "/", n)
}
