import { md } from "../md";
import type { SeedArticle } from "../types";

export const aiDevelopmentArticles: SeedArticle[] = [
  {
    title: "Working Effectively with AI Coding Assistants",
    slug: "working-effectively-with-ai-coding-assistants",
    category: "ai-development",
    author: "Sofia Lindqvist",
    excerpt:
      "AI assistants are fast, confident and sometimes wrong. The developers who benefit most treat them like a capable new colleague: give context, check the work, keep ownership.",
    publishedAt: "2026-10-06T08:00:00Z",
    imageUrl: "/images/articles/ai-assistants.svg",
    content: md`
AI coding assistants have moved from novelty to everyday tool in a remarkably short time. They autocomplete functions, explain unfamiliar code, draft tests and propose refactors across whole projects. Used well, they remove a lot of tedium. Used carelessly, they produce plausible-looking code that is subtly wrong, and they produce it quickly enough that nobody notices until later.

After a couple of years of using these tools on real projects, and watching teams adopt them, here is what I have seen separate the developers who get real value from those who just get more code.

## Think of it as a fast, confident new colleague

The most useful mental model I have found: the assistant is a capable engineer who joined the team this morning. It has read a lot of code, knows most languages and libraries, and types very fast. It also does not know your codebase, your conventions, your users or the decisions you made last year, and it will rarely tell you when it is unsure.

You would not merge a new colleague's first pull request without reading it. Apply the same standard here.

## Context is everything

The quality of the output depends heavily on the context you provide. Vague requests get generic answers:

\`\`\`text
Write a function to validate emails.
\`\`\`

A specific request with constraints gets something you can actually use:

\`\`\`text
In app/lib/validation.ts, add isValidEmail(value: string): boolean.
Rules: trim first; exactly one "@"; no whitespace; the domain part must
contain a dot. Match the style of isValidSlug in the same file and add
table-driven tests to tests/validation.test.ts, including edge cases
for leading/trailing spaces and multiple "@" characters.
\`\`\`

Good context usually includes:

- **Where** the code lives and which existing code it should resemble.
- **Constraints**: language version, libraries you do or do not use, performance limits.
- **Examples** of inputs and expected outputs, including the awkward ones.
- **What done looks like**: tests pass, types check, no new dependencies.

Many tools also read project-level instruction files. A short document describing your architecture, conventions and commands pays for itself quickly, for human newcomers as much as for tools.

## Work in small, verifiable steps

Asking for an entire feature at once produces a large diff that is hard to review. Asking for one well-defined step at a time, and checking each one, works far better:

1. Ask for a plan or outline first, and correct it before any code is written.
2. Generate one piece, such as the data model or one function, and run the tests.
3. Commit working states often, so a bad suggestion costs you a \`git restore\`, not an afternoon.

This is the same discipline that makes human pull requests reviewable, and it matters even more when the author can produce two hundred lines in ten seconds.

## Let tests be the referee

An assistant's confidence tells you nothing about correctness. Tests do. Two patterns work well:

- **Write the tests first** (or have the assistant draft them and review them carefully), then ask for an implementation that makes them pass. The tests encode *your* understanding of the problem.
- **Ask for edge cases.** "What inputs would break this function?" is a question assistants answer surprisingly well, and each answer is a test you may have missed.

\`\`\`ts
import { describe, expect, it } from "vitest";
import { isValidEmail } from "~/lib/validation";

describe("isValidEmail", () => {
  it.each([
    ["ada@example.com", true],
    ["  ada@example.com  ", true],
    ["ada@example", false],
    ["ada@@example.com", false],
    ["ada lovelace@example.com", false],
    ["", false],
  ])("%s → %s", (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });
});
\`\`\`

Then keep your CI honest: type checking, linting and tests run on every change, no matter who or what wrote it.

## Know the common failure modes

Assistants fail in recognisable ways. Watch for:

- **Invented APIs.** A method that *should* exist but does not, or an option from a different version of the library. If you do not recognise an API, check the documentation.
- **Outdated patterns.** Training data lags behind releases. Suggestions may use deprecated functions or old configuration formats.
- **Security shortcuts.** String-concatenated SQL, disabled certificate verification, overly broad CORS, secrets in code. Review anything touching authentication, input handling or cryptography with extra care.
- **Plausible but wrong logic**, especially around off-by-one errors, time zones, floating-point money and concurrency.
- **Silent scope creep**: unrelated "improvements" mixed into the change you asked for.

## Use it to learn, not just to produce

Some of the best uses are not code generation at all:

- "Explain what this regular expression matches, with examples."
- "Why might this query be slow? What would you check first?"
- "Summarise what changed in this diff and what could break."
- "What are the trade-offs between these two approaches?"

Treat the answers as a starting point for your own understanding, and verify the important claims. If you cannot explain the code you are about to merge, you are not ready to merge it.

## Keep ownership

Whatever tool wrote the first draft, **you** own the result: its correctness, its security and its maintenance. That means reading every line, understanding why it works, and being able to debug it at 2 a.m. Teams that adopt assistants well tend to write down a few ground rules:

1. Generated code is reviewed to the same standard as any other code.
2. No secrets, credentials or customer data are pasted into tools that are not approved for them.
3. Licences and provenance matter; follow your organisation's policy.
4. The author of the pull request can explain every change in it.

## The real productivity gain

The biggest gains I have seen are not in writing code faster. They are in reducing the friction around it: boilerplate, test scaffolding, migrations between library versions, documentation, and getting unstuck in an unfamiliar codebase. That frees time for the parts of the job that assistants cannot do for you: understanding the problem, making design decisions and caring about the people who will use what you build.
`,
  },
  {
    title: "Embeddings and Semantic Search for Developers",
    slug: "embeddings-and-semantic-search-for-developers",
    category: "ai-development",
    author: "Sofia Lindqvist",
    excerpt:
      "Embeddings turn text into vectors so that similar meanings end up close together. Here is how semantic search works, with a minimal implementation.",
    publishedAt: "2025-11-18T10:00:00Z",
    imageUrl: "/images/articles/embeddings.svg",
    content: md`
Keyword search finds documents that contain the words you typed. Search for "how do I cancel a request" and a keyword engine may miss an article titled "Aborting fetch calls with AbortController", because the words barely overlap. **Semantic search** finds documents with similar *meaning*, and the tool behind it is the **embedding**.

## What an embedding is

An embedding model maps a piece of text to a vector: a list of a few hundred or a few thousand numbers. The model is trained so that texts with similar meanings produce vectors that point in similar directions. "cancel a request" and "abort a fetch call" end up close together; "cancel a request" and "CSS grid layout" end up far apart.

## Measuring similarity

The usual measure is **cosine similarity**, the cosine of the angle between two vectors: 1 means the same direction, 0 means unrelated.

\`\`\`python
import numpy as np

def cosine_similarity(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))
\`\`\`

Many embedding models return vectors normalised to length 1, in which case cosine similarity is just the dot product.

## A minimal semantic search

The whole pipeline has two phases. **Indexing**: split documents into chunks, embed each chunk, store the vectors. **Querying**: embed the query, find the nearest stored vectors, return their chunks.

\`\`\`python
import numpy as np

def build_index(chunks: list[str], embed) -> np.ndarray:
    vectors = np.array([embed(chunk) for chunk in chunks])
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

def search(query: str, chunks: list[str], index: np.ndarray, embed, k: int = 5):
    q = np.array(embed(query))
    q = q / np.linalg.norm(q)
    scores = index @ q
    best = np.argsort(scores)[::-1][:k]
    return [(chunks[i], float(scores[i])) for i in best]
\`\`\`

\`embed\` is whichever model you use, hosted or local. This brute-force approach is perfectly fine for tens of thousands of chunks.

## Storing vectors at scale

For larger collections, use an index built for approximate nearest-neighbour search. If you already run PostgreSQL, the \`pgvector\` extension adds a vector type and index support, so embeddings can live next to the data they describe:

\`\`\`sql
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE chunks (
  id bigserial PRIMARY KEY,
  article_id int NOT NULL,
  body text NOT NULL,
  embedding vector(768) NOT NULL
);

-- <=> is cosine distance: smaller is more similar
SELECT body FROM chunks ORDER BY embedding <=> $1 LIMIT 5;
\`\`\`

## Practical advice

- **Chunking matters more than the model.** Split on headings or paragraphs, keep chunks to a few hundred words, and include the title in each chunk so it has context.
- **Use the same model for documents and queries.** Vectors from different models are not comparable.
- **Combine with keyword search.** Exact terms like error codes and function names are still best matched literally. Hybrid search, merging both result lists, usually beats either alone.
- **Re-embed when you change models**, and store the model name alongside each vector.

Embeddings are also the retrieval half of retrieval-augmented generation (RAG): find the relevant chunks, then give them to a language model as context. Get search right first; everything built on top depends on it.
`,
  },
  {
    title: "Reviewing AI-Generated Pull Requests",
    slug: "reviewing-ai-generated-pull-requests",
    category: "ai-development",
    author: "Lucas Moreau",
    excerpt:
      "Generated code arrives faster and looks more polished than it deserves. A practical checklist for reviewing changes you did not write line by line.",
    publishedAt: "2026-07-28T13:00:00Z",
    content: md`
A growing share of pull requests are written partly or entirely with AI assistance. The code tends to be neatly formatted, consistently named and confidently commented, and that polish is exactly what makes it easy to approve without really reading it. Review needs to adapt.

## Start from the intent, not the diff

Before reading any code, make sure you understand what the change is supposed to do. If the description does not explain *why*, ask. Generated changes are prone to solving a slightly different problem than the one in the ticket, and you will only notice if you know what the right problem was.

## Check that everything referenced is real

Language models can produce calls to functions, options and packages that do not exist, or that exist only in a different version:

- Every imported package should already be a dependency, or its addition should be justified.
- Unfamiliar API calls deserve a quick look at the library's documentation for the version you actually use.
- Configuration keys should be checked against the tool's schema.

A package name that *almost* matches a popular one is a red flag: typosquatting is a real supply-chain attack.

## Read the tests as critically as the code

Generated tests often test the implementation rather than the behaviour. They may assert whatever the code currently returns, mock away the interesting part, or cover only the happy path. Ask:

1. Would this test fail if the feature were broken?
2. Are edge cases covered: empty input, very large input, invalid input, concurrency?
3. Is anything important mocked that should be exercised for real?

A quick way to check the first question: break the implementation on purpose and see whether a test fails.

## Look for the usual suspects

\`\`\`ts
// Looks fine at a glance. Is it?
const total = items.reduce((sum, item) => sum + item.price * item.qty, 0).toFixed(2);
\`\`\`

Money in floating point, time without time zones, string-built SQL, missing authorisation checks on a new endpoint, errors swallowed by an empty \`catch\`: these appear in human code too, but generated code reproduces them fluently.

## Watch the size and scope

Large generated diffs frequently include unrequested changes: reformatted files, renamed variables, "helpful" refactors. Ask for those to be split out or dropped. A focused change is reviewable; a sprawling one is not, no matter who wrote it.

## The author still owns it

The most important rule is cultural: whoever opens the pull request must be able to explain every line. "The assistant wrote it" is not an answer to "why does this retry forever?". Review is where that ownership is checked, kindly but firmly.
`,
  },
];
