// Package llmtest provides a scripted llms.Model for tests: no network,
// replies chosen by call number or by a substring of the prompt, with
// errors, delays, streaming and reported token usage.
//
//	m := llmtest.New().
//		On("Task: retrieval plan", llmtest.Text("not json"), llmtest.Text(validPlan)).
//		On("Task: grounded answer", llmtest.Text("Team A owns it [1]."))
//
// Each rule's replies are used in order, the last one repeating. A reply
// set for a call number (Nth) wins over the rules.
package llmtest
