"""An outside MCP client for `scgraph mcp`, on the Python `mcp` package.

It connects over stdio (launching the server command) or over the streamable
HTTP transport, lists the tools, calls each of them once (ask with progress),
calls one with bad input, and prints one JSON object per exchange on stdout
(the Go test reads them) or, with --transcript, a transcript for people.

    mcp-client.py [--transcript] --stdio scgraph mcp --graph g.jsonl
    mcp-client.py [--transcript] --http http://127.0.0.1:8765/mcp --token T

Run it with the Python that scripts/mcp-python installs.
"""

import argparse
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

QUESTION = "Which teams are affected if the payment service goes down?"


def calls(entity):
    """The calls to make, in order: (tool, arguments)."""
    return [
        ("schema", {}),
        ("find_entities", {"mention": "the payment service", "limit": 3}),
        ("neighbours", {"entity": entity, "direction": "in", "limit": 3}),
        ("ask", {"question": QUESTION}),
        ("explain", {"question": "Is the checkout service affected by the db-v2 migration?"}),
        ("neighbours", {"entity": entity, "relations": ["NO_SUCH_RELATION"]}),
    ]


def connect(args):
    if args.stdio:
        return Client(StdioServerParameters(command=args.stdio[0], args=args.stdio[1:]))
    headers = {"Authorization": "Bearer " + args.token} if args.token else None
    return Client(streamable_http_client(args.http, http_client=create_mcp_http_client(headers=headers)))


def text_of(result):
    return "".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def run(args):
    out = []
    async with connect(args) as client:
        tools = await client.list_tools()
        out.append({"tools": [{"name": t.name, "description": t.description} for t in tools.tools]})
        for name, arguments in calls("the payment service"):
            progress = []

            async def on_progress(done, total, message, progress=progress):
                progress.append({"progress": done, "message": message})

            result = await client.call_tool(name, arguments, progress_callback=on_progress)
            rec = {"tool": name, "arguments": arguments, "is_error": bool(result.is_error),
                   "structured": result.structured_content, "text": text_of(result) if result.is_error else "",
                   "progress": progress}
            out.append(rec)
    return out


def transcript(records):
    """Prints the exchanges for people: each call, then what came back, shortened."""
    for rec in records:
        if "tools" in rec:
            print("> tools/list")
            print("< " + ", ".join(t["name"] for t in rec["tools"]))
            continue
        print("> tools/call %s %s" % (rec["tool"], json.dumps(rec["arguments"])))
        for p in rec["progress"]:
            print("  progress %g: %s" % (p["progress"], p["message"][:110]))
        if rec["is_error"]:
            print("< error: " + rec["text"])
            continue
        s = rec["structured"]
        if rec["tool"] == "schema":
            print("< %d types, %d relations; %s" % (len(s["types"]), len(s["relations"]), s["dependency"][0]))
        elif rec["tool"] == "find_entities":
            print("< " + ", ".join("%s (%s, %s %.2f)" % (c["name"], c["type"], c["method"], c["confidence"]) for c in s["candidates"]))
        elif rec["tool"] == "neighbours":
            for f in s["facts"]:
                print("< %s -%s-> %s   [%s:%d]" % (f["subject"], f["relation"], f["object"], f["source"]["file"], f["source"]["line"]))
            print("< truncated=%s total=%d" % (str(s["truncated"]).lower(), s["total"]))
        else:
            print("< " + s["answer"])
            print("< complete=%s confidence=%.2f stop_reason=%s, %d path(s), %d store calls"
                  % (str(s["complete"]).lower(), s["confidence"], s["stop_reason"], len(s["paths"]), s["stats"]["store_calls"]))
            if s.get("explanation"):
                for step in s["explanation"]["trace"]:
                    print("<   %-8s → %-12s %s" % (step["phase"], step["event"], step["summary"][:90]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--http", help="the server's streamable HTTP endpoint")
    ap.add_argument("--token", help="a bearer token for --http")
    ap.add_argument("--transcript", action="store_true", help="print a transcript for people instead of JSON lines")
    ap.add_argument("--stdio", nargs=argparse.REMAINDER, help="the server command and its arguments (last)")
    args = ap.parse_args()
    if bool(args.http) == bool(args.stdio):
        ap.error("give exactly one of --http URL or --stdio COMMAND ...")
    records = asyncio.run(run(args))
    if args.transcript:
        transcript(records)
    else:
        for rec in records:
            print(json.dumps(rec))


if __name__ == "__main__":
    sys.exit(main())
